package org.jpgbench.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jpgbench.server.EmbeddedPostgres;

/**
 * A PostgreSQL cluster of a test's own, driven with pg_ctl as an operator would: started,
 * restarted, stopped, promoted, or copied into a streaming standby. The programs are the ones
 * --embedded uses; as root the server runs as the embedded server's account. Fault tests use it so
 * that restarting a server disturbs no other test.
 */
public final class TestCluster implements AutoCloseable {
  private final Path root;
  private final Path bin;
  private final String account;
  private final int port;
  private boolean running;
  private String listen = "127.0.0.1";

  /** Settings given after the defaults (the last -c of a name wins). */
  private String extraSettings = "";

  private TestCluster(Path root, Path bin, String account, int port) {
    this.root = root;
    this.bin = bin;
    this.account = account;
    this.port = port;
  }

  /** initdb (trust, superuser postgres, UTF8, C locale) and start, on a free port. */
  public static TestCluster create(Path parent) throws IOException, InterruptedException {
    return create(parent, "127.0.0.1", null);
  }

  /**
   * As {@link #create(Path)}, listening on {@code listen} (a listen_addresses value) and trusting
   * connections from {@code network} too (a CIDR, or null).
   */
  public static TestCluster create(Path parent, String listen, String network)
      throws IOException, InterruptedException {
    Path bin = EmbeddedPostgres.programDirectory(System.err);
    String account = EmbeddedPostgres.serverAccount();
    TestCluster c = new TestCluster(newRoot(parent, account), bin, account, freePort());
    c.exec(
        60,
        bin.resolve("initdb").toString(),
        "-D",
        c.data().toString(),
        "-A",
        "trust",
        "-U",
        "postgres",
        "-E",
        "UTF8",
        "--locale=C",
        "--no-sync");
    c.listen = listen;
    if (network != null) {
      Path hba = c.data().resolve("pg_hba.conf");
      c.exec(10, "sh", "-c", "echo 'host all all " + network + " trust' >> '" + hba + "'");
    }
    c.start();
    return c;
  }

  /**
   * A streaming standby of {@code primary}, made from a copy of its data directory taken while it
   * is stopped (so no pg_basebackup is needed); the primary is started again.
   */
  public static TestCluster standbyOf(TestCluster primary, Path parent)
      throws IOException, InterruptedException {
    primary.stop("fast");
    TestCluster s =
        new TestCluster(newRoot(parent, primary.account), primary.bin, primary.account, freePort());
    s.exec(60, "cp", "-a", primary.data().toString(), s.data().toString());
    Files.deleteIfExists(s.data().resolve("postmaster.pid"));
    Files.writeString(s.data().resolve("standby.signal"), "");
    Files.writeString(
        s.data().resolve("postgresql.auto.conf"),
        "primary_conninfo = 'host=127.0.0.1 port=" + primary.port + " user=postgres'\n",
        java.nio.file.StandardOpenOption.APPEND);
    primary.start();
    s.start();
    return s;
  }

  private static Path newRoot(Path parent, String account)
      throws IOException, InterruptedException {
    Path root = Files.createTempDirectory(parent, "cluster-");
    if (account != null) {
      // the server's account must get through the test's own (private) temporary directories
      for (Path p = parent; p != null && !p.equals(p.getRoot()); p = p.getParent()) {
        if (p.toString().equals(System.getProperty("java.io.tmpdir"))) {
          break;
        }
        Files.setPosixFilePermissions(
            p, java.nio.file.attribute.PosixFilePermissions.fromString("rwx--x--x"));
      }
      run(10, List.of("chown", account, root.toString()));
    }
    return root;
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return port;
  }

  /**
   * A jpgbench command line for this cluster over 127.0.0.1 as user postgres: the connection
   * options, then {@code options}, then the database, postgres (a list the caller may extend).
   */
  public List<String> commandLine(String... options) {
    List<String> args =
        new ArrayList<>(List.of("-h", host(), "-p", Integer.toString(port), "-U", "postgres"));
    args.addAll(List.of(options));
    args.add("postgres");
    return args;
  }

  /** The server's log file (pg_ctl -l). */
  public Path log() {
    return root.resolve("log");
  }

  private Path data() {
    return root.resolve("data");
  }

  /**
   * A restart that keeps the server down for at least {@code downMillis} between the stop (fast)
   * and the start, for a test whose outage must outlast something (a -P interval); returns how long
   * the whole of it took, in microseconds.
   */
  public long restart(long downMillis) throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    stop("fast");
    Thread.sleep(downMillis);
    start();
    return (System.nanoTime() - t0) / 1000;
  }

  /**
   * Stops the server and starts it with these settings beside the suite's (e.g. "fsync=on", whose
   * command-line default off no configuration file can override).
   */
  public void restartWith(String... settings) throws IOException, InterruptedException {
    stop("fast");
    StringBuilder b = new StringBuilder();
    for (String setting : settings) {
      b.append(" -c ").append(setting);
    }
    extraSettings = b.toString();
    start();
  }

  /** pg_ctl start, waiting until the server accepts connections. */
  public void start() throws IOException, InterruptedException {
    exec(
        120,
        bin.resolve("pg_ctl").toString(),
        "-D",
        data().toString(),
        "-w",
        "-t",
        "100",
        "-l",
        root.resolve("log").toString(),
        "-o",
        options(),
        "start");
    running = true;
  }

  /**
   * Restarts the server with TLS on (ssl = on), with a self-signed certificate for 127.0.0.1 made
   * with openssl; connections may then ask for TLS or not.
   */
  public void enableSsl() throws IOException, InterruptedException {
    stop("fast");
    Path data = data();
    exec(
        60,
        "openssl",
        "req",
        "-new",
        "-x509",
        "-days",
        "2",
        "-nodes",
        "-subj",
        "/CN=127.0.0.1",
        "-keyout",
        data.resolve("server.key").toString(),
        "-out",
        data.resolve("server.crt").toString());
    exec(10, "chmod", "600", data.resolve("server.key").toString());
    Files.writeString(
        data.resolve("postgresql.auto.conf"), "ssl = on\n", StandardOpenOption.APPEND);
    start();
  }

  /** Whether the server was last started (and not stopped since) by this object. */
  public boolean running() {
    return running;
  }

  /** pg_ctl stop in {@code mode} (smart, fast, immediate). */
  public void stop(String mode) throws IOException, InterruptedException {
    exec(120, bin.resolve("pg_ctl").toString(), "-D", data().toString(), "-w", "-m", mode, "stop");
    running = false;
  }

  /** pg_ctl restart -m fast; returns how long it took, in microseconds. */
  public long restart() throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    exec(
        120,
        bin.resolve("pg_ctl").toString(),
        "-D",
        data().toString(),
        "-w",
        "-m",
        "fast",
        "-l",
        root.resolve("log").toString(),
        "-o",
        options(),
        "restart");
    return (System.nanoTime() - t0) / 1000;
  }

  /** pg_ctl promote: a standby becomes a primary (waits until it is). */
  public void promote() throws IOException, InterruptedException {
    exec(120, bin.resolve("pg_ctl").toString(), "-D", data().toString(), "-w", "promote");
  }

  /** A connection to database {@code db} as postgres. */
  public Connection connect(String db) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", "postgres");
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + db, p);
  }

  private String options() {
    return "-p "
        + port
        + " -c listen_addresses="
        + listen
        + " -c unix_socket_directories=''"
        + " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        + " -c max_connections=100 -c wal_level=replica -c max_wal_senders=5"
        + extraSettings;
  }

  private void exec(int seconds, String... cmd) throws IOException, InterruptedException {
    List<String> full = new ArrayList<>();
    if (account != null) {
      full.addAll(List.of("runuser", "-u", account, "--"));
    }
    full.addAll(List.of(cmd));
    run(seconds, full);
  }

  private static void run(int seconds, List<String> cmd) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    Map<String, String> env = pb.environment();
    env.keySet().removeIf(k -> k.startsWith("PG") || k.startsWith("LC_") || k.equals("LANG"));
    env.put("LC_ALL", "C");
    Path out = Files.createTempFile("cluster-cmd", ".log");
    pb.redirectOutput(out.toFile());
    Process p = pb.start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("timed out: " + cmd + "\n" + Files.readString(out));
    }
    String text = Files.readString(out);
    Files.delete(out);
    if (p.exitValue() != 0) {
      throw new IOException("failed (" + p.exitValue() + "): " + cmd + "\n" + text);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  /** Stops the server at once and removes its directory. */
  @Override
  public void close() throws IOException, InterruptedException {
    if (running) {
      try {
        stop("immediate");
      } catch (IOException e) {
        // it is gone already
      }
    }
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
