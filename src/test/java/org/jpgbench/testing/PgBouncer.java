package org.jpgbench.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jpgbench.server.EmbeddedPostgres;

/**
 * A real PgBouncer (Debian's package; CI installs it) on a free loopback port in front of a test's
 * server, in the pool mode asked for, run in the foreground as the server's unprivileged account
 * (PgBouncer refuses to run as root). Users log in with trust unless the settings say otherwise;
 * "postgres" is in its auth_file. {@link #start} is null when PgBouncer is not installed.
 */
public final class PgBouncer implements AutoCloseable {
  private static final Path BINARY = Path.of("/usr/sbin/pgbouncer");

  private final Path dir;
  private final int port;
  private final List<String> command;
  private Process process;

  private PgBouncer(Path dir, int port, List<String> command) {
    this.dir = dir;
    this.port = port;
    this.command = command;
  }

  public static boolean installed() {
    return Files.isExecutable(BINARY);
  }

  /**
   * PgBouncer in {@code poolMode} (transaction, session) for every database of {@code host:port},
   * with {@code settings} added to (or replacing) its [pgbouncer] section; null when it is not
   * installed.
   */
  public static PgBouncer start(
      Path parent, String host, int port, String poolMode, Map<String, String> settings)
      throws IOException, InterruptedException {
    if (!installed()) {
      return null;
    }
    Path dir = Files.createTempDirectory(parent, "pgbouncer-");
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
    int listen = freePort();
    Map<String, String> s = new LinkedHashMap<>();
    s.put("listen_addr", "127.0.0.1");
    s.put("listen_port", Integer.toString(listen));
    s.put("unix_socket_dir", "");
    s.put("auth_type", "trust");
    s.put("auth_file", dir.resolve("users.txt").toString());
    s.put("pool_mode", poolMode);
    s.put("max_client_conn", "100");
    s.put("default_pool_size", "4");
    s.put("server_reset_query", "DISCARD ALL");
    s.put("admin_users", "postgres");
    s.put("logfile", dir.resolve("pgbouncer.log").toString());
    s.putAll(settings);
    StringBuilder ini = new StringBuilder("[databases]\n* = host=" + host + " port=" + port);
    ini.append("\n[pgbouncer]\n");
    s.forEach((k, v) -> ini.append(k).append(" = ").append(v).append('\n'));
    Path config = dir.resolve("pgbouncer.ini");
    Files.writeString(config, ini);
    Files.writeString(dir.resolve("users.txt"), "\"postgres\" \"secret\"\n");
    for (Path p : List.of(config, dir.resolve("users.txt"))) {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-r--r--"));
    }
    List<String> cmd = new ArrayList<>();
    String account = EmbeddedPostgres.serverAccount();
    if (account != null) {
      cmd.addAll(List.of("runuser", "-u", account, "--"));
    }
    cmd.addAll(List.of(BINARY.toString(), config.toString()));
    PgBouncer b = new PgBouncer(dir, listen, cmd);
    b.launch();
    return b;
  }

  private void launch() throws IOException, InterruptedException {
    process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("stdout").toFile()))
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("pgbouncer ended: " + log());
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return;
      } catch (IOException e) {
        Thread.sleep(50); // not listening yet
      }
    }
    throw new IOException("pgbouncer not listening in 20 s: " + log());
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return port;
  }

  /** The connection options for this pooler as user postgres, then {@code options}, then db. */
  public List<String> commandLine(String db, String... options) {
    List<String> args =
        new ArrayList<>(List.of("-h", host(), "-p", Integer.toString(port), "-U", "postgres"));
    args.addAll(List.of(options));
    args.add(db);
    return args;
  }

  /** Stops PgBouncer at once (SIGKILL: every connection is cut), waits, and starts it again. */
  public void restart(long downMillis) throws IOException, InterruptedException {
    stop();
    Thread.sleep(downMillis);
    launch();
  }

  private void stop() throws InterruptedException {
    if (process != null && process.isAlive()) {
      // runuser passes no SIGKILL on: end PgBouncer itself too
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** What PgBouncer logged. */
  public String log() throws IOException {
    Path log = dir.resolve("pgbouncer.log");
    Path out = dir.resolve("stdout");
    return (Files.exists(log) ? Files.readString(log) : "")
        + (Files.exists(out) ? Files.readString(out) : "");
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Override
  public void close() throws InterruptedException {
    stop();
  }
}
