package org.jpgbench.server;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.log.PgLog;

/**
 * A throwaway PostgreSQL: bundled binaries extracted once to a per-user cache, initdb (trust,
 * --no-sync), started on 127.0.0.1 with a free port and fsync off, stopped by {@link #close} and by
 * a shutdown hook (success, error, Ctrl-C), and by a watchdog when this JVM dies without running
 * hooks. As root, the server runs as an unprivileged account (see {@link OsAccount}). The cluster's
 * directory (data and Unix socket) lives in a fresh temporary directory that is removed on close.
 */
public final class EmbeddedPostgres implements AutoCloseable {
  /** Where the cluster directories go; default java.io.tmpdir. */
  static final String ENV_TMPDIR = "JPGBENCH_PG_TMPDIR";

  /** When set, every cluster gets its own initdb (no cached template). */
  static final String ENV_NO_TEMPLATE = "JPGBENCH_PG_NO_TEMPLATE";

  private static final Object BINARIES_LOCK = new Object();
  private static PgBinaries binaries;

  /** The directory of the server's Unix socket, under the root. */
  private static final String SOCKET_DIR = "socket";

  private final Path root;
  private final String account;
  private final PgBinaries bins;
  private final ClusterTemplate template;

  /** Where the initdb template is kept; null when there is no usable cache directory. */
  private final Path cacheRoot;

  private final Thread hook;
  private volatile boolean fromTemplate;
  private Postmaster postmaster;
  private int port;
  private boolean closed;

  private EmbeddedPostgres(Path root, String account, PgBinaries bins, Path cacheRoot) {
    this.root = root;
    this.account = account;
    this.bins = bins;
    this.cacheRoot = cacheRoot;
    this.template = new ClusterTemplate(bins, account, childEnv());
    this.hook = new Thread(this::close, "jpgbench-embedded-postgres-stop");
  }

  /** Starts a fresh cluster with the default settings; progress messages go to {@code log}. */
  public static EmbeddedPostgres start(PrintStream log) throws IOException {
    return builder().start(log);
  }

  /** For a cluster with extra settings or pg_hba.conf lines. */
  public static Builder builder() {
    return new Builder();
  }

  /** Settings for {@link #start}; defaults suit a benchmark on a throwaway server. */
  public static final class Builder {
    private final Map<String, String> settings = new LinkedHashMap<>();
    private final List<String> hbaLines = new ArrayList<>();
    private Path binDir;

    private Builder() {
      settings.put("listen_addresses", "127.0.0.1");
      settings.put("fsync", "off");
      settings.put("synchronous_commit", "off");
      settings.put("full_page_writes", "off");
      settings.put("max_connections", "200");
    }

    /** A server setting (postgres -c name=value), overriding the default of the same name. */
    public Builder setting(String name, String value) {
      settings.put(name, value);
      return this;
    }

    /**
     * The server programs' directory (a PostgreSQL installation's bin), instead of the ones chosen
     * for every embedded server ($JPGBENCH_PG_BINDIR, bundled, system).
     */
    public Builder binDir(Path dir) {
      this.binDir = dir;
      return this;
    }

    /** A pg_hba.conf line placed before the default (trust) lines, e.g. for password tests. */
    public Builder hbaLine(String line) {
      hbaLines.add(line);
      return this;
    }

    /** Extracts (first time), initdb, starts; returns once the server accepts connections. */
    public EmbeddedPostgres start(PrintStream log) throws IOException {
      return EmbeddedPostgres.launch(this, log);
    }
  }

  private static EmbeddedPostgres launch(Builder b, PrintStream log) throws IOException {
    Map<String, String> env = System.getenv();
    long uid = OsAccount.currentUid();
    String account = OsAccount.serverAccount(env, uid, OsAccount::exists);
    PgBinaries bins =
        b.binDir != null
            ? PgBinaries.given(b.binDir, new SystemProbe(env, account, uid, log))
            : binaries(env, account, uid, log);
    String parent = env.getOrDefault(ENV_TMPDIR, System.getProperty("java.io.tmpdir"));
    Path root =
        Files.createTempDirectory(
            Path.of(parent),
            "jpgbench-pg-",
            PosixFilePermissions.asFileAttribute(TarExtractor.permissions(0700)));
    EmbeddedPostgres pg =
        new EmbeddedPostgres(root, account, bins, templateRoot(env, uid, account));
    Runtime.getRuntime().addShutdownHook(pg.hook);
    try {
      // the root may be crossed by anyone (the data directory inside stays the server's alone):
      // its socket directory is open to every local user, as /var/run/postgresql is
      Files.setPosixFilePermissions(root, TarExtractor.permissions(0711));
      Path socket = Files.createDirectories(root.resolve(SOCKET_DIR));
      Files.setPosixFilePermissions(socket, TarExtractor.permissions(0755));
      OsAccount.chown(socket, account);
      OsAccount.chown(root, account);
      pg.createDataDir(b.hbaLines);
      pg.startServer(b.settings, b.hbaLines);
    } catch (IOException | RuntimeException e) {
      pg.close();
      throw e;
    }
    log.println(
        PgLog.info(
            "embedded PostgreSQL " + bins.version() + " started on " + pg.host() + ":" + pg.port));
    return pg;
  }

  /**
   * The directory of the server programs (initdb, pg_ctl, postgres) that --embedded uses,
   * extracting the bundled ones the first time: for tools and tests that run servers of their own.
   */
  public static Path programDirectory(PrintStream log) throws IOException {
    Map<String, String> env = System.getenv();
    long uid = OsAccount.currentUid();
    return binaries(env, serverAccount(), uid, log).program("postgres").getParent();
  }

  /**
   * The operating-system account servers run as: null when this process may run them itself, else
   * (as root) {@code postgres}, {@code nobody} or $JPGBENCH_PG_OS_USER.
   */
  public static String serverAccount() throws IOException {
    return OsAccount.serverAccount(System.getenv(), OsAccount.currentUid(), OsAccount::exists);
  }

  /**
   * The cache directory for initdb templates (the binaries' cache root), or null (then no
   * template).
   */
  private static Path templateRoot(Map<String, String> env, long uid, String account) {
    if (env.containsKey(ENV_NO_TEMPLATE)) {
      return null;
    }
    try {
      return BundleCache.firstUsableRoot(
          BundleCache.cacheRoots(
              env, uid, System.getProperty("user.home"), System.getProperty("java.io.tmpdir")),
          account != null);
    } catch (IOException e) {
      return null;
    }
  }

  private synchronized boolean closed() {
    return closed;
  }

  /** The server programs for this JVM, chosen once (extracting the bundle the first time). */
  private static PgBinaries binaries(
      Map<String, String> env, String account, long uid, PrintStream log) throws IOException {
    synchronized (BINARIES_LOCK) {
      if (binaries == null) {
        binaries = PgBinaries.choose(new SystemProbe(env, account, uid, log));
      }
      return binaries;
    }
  }

  /** root/data: a copy of the cached initdb template when possible, else a fresh initdb. */
  private void createDataDir(List<String> hbaLines) throws IOException {
    fromTemplate = cacheRoot != null && template.copyTemplate(cacheRoot, dataDir(), user());
    if (!fromTemplate) {
      template.initdb(dataDir(), user());
    }
    createHba(hbaLines);
  }

  private void createHba(List<String> hbaLines) throws IOException {
    if (!hbaLines.isEmpty()) {
      Path hba = dataDir().resolve("pg_hba.conf");
      String old = Files.readString(hba, StandardCharsets.UTF_8);
      String lines = String.join("\n", hbaLines) + "\n";
      Files.writeString(
          hba, lines + old, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
    }
  }

  /**
   * Starts the server; a cluster copied from a template that will not start is made afresh once.
   */
  private void startServer(Map<String, String> settings, List<String> hbaLines) throws IOException {
    try {
      run(settings);
    } catch (IOException e) {
      if (!fromTemplate || closed()) {
        throw e;
      }
      template.discard(cacheRoot, user());
      BundleCache.deleteTree(dataDir());
      fromTemplate = false;
      template.initdb(dataDir(), user());
      createHba(hbaLines);
      run(settings);
    }
  }

  /** Free ports tried in turn: another process may take a port between its probe and the start. */
  private static final int PORT_ATTEMPTS = 20;

  private void run(Map<String, String> settings) throws IOException {
    IOException last = null;
    for (int attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
      int candidate = freePort();
      List<String> args =
          new ArrayList<>(
              List.of(
                  bins.program("postgres").toString(),
                  "-D",
                  dataDir().toString(),
                  "-p",
                  Integer.toString(candidate),
                  "-c",
                  "unix_socket_directories=" + root.resolve(SOCKET_DIR)));
      settings.forEach(
          (k, v) -> {
            args.add("-c");
            args.add(k + "=" + v);
          });
      Files.deleteIfExists(root.resolve("postgres.log"));
      synchronized (this) {
        if (closed) {
          throw new IOException("the embedded PostgreSQL server was stopped while starting");
        }
      }
      try {
        Postmaster pm = Postmaster.launch(account, root, args, childEnv());
        synchronized (this) {
          postmaster = pm;
          port = candidate;
          if (closed) {
            pm.stop();
            throw new IOException("the embedded PostgreSQL server was stopped while starting");
          }
        }
        return;
      } catch (Postmaster.PortTaken e) {
        last = e; // someone took the port in between: pick another
      }
    }
    throw new IOException("could not find a free port for PostgreSQL: " + last.getMessage(), last);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  /**
   * The environment for initdb and postgres: ours without PG* variables, in the C locale, with the
   * system directories on PATH (the server's watchdog needs {@code sleep} even under {@code env
   * -i}).
   */
  private static Map<String, String> childEnv() {
    Map<String, String> env = new HashMap<>();
    System.getenv()
        .forEach(
            (k, v) -> {
              if (!k.startsWith("PG") && !k.startsWith("LC_") && !k.equals("LANG")) {
                env.put(k, v);
              }
            });
    env.put("LC_ALL", "C");
    env.put("PATH", SystemPrograms.withSystemDirs(env.get("PATH")));
    return env;
  }

  public String host() {
    return "127.0.0.1";
  }

  public synchronized int port() {
    if (postmaster == null) {
      throw new IllegalStateException("the embedded PostgreSQL server is not running");
    }
    return port;
  }

  /** The superuser (trust authentication on 127.0.0.1 and the Unix socket). */
  public String user() {
    return "postgres";
  }

  public String database() {
    return "postgres";
  }

  /** The directory holding the server's Unix-domain socket ({@code .s.PGSQL.<port>}). */
  public String socketDirectory() {
    return root.resolve(SOCKET_DIR).toString();
  }

  /** The server version, e.g. "18.1". */
  public String version() {
    return bins.version();
  }

  /** Where the server programs came from: "bundled", "system" or "JPGBENCH_PG_BINDIR". */
  public String binariesOrigin() {
    return bins.origin();
  }

  /** The operating-system account the server runs as (this process's own user when not root). */
  public String osUser() {
    return account != null ? account : System.getProperty("user.name");
  }

  /** The postmaster's process id, or -1 when it does not run. */
  public synchronized long pid() {
    return postmaster == null ? -1 : postmaster.pid();
  }

  /** Whether this cluster's data directory was copied from the cached initdb template. */
  synchronized boolean fromTemplate() {
    return fromTemplate;
  }

  Path templateDir() {
    return cacheRoot == null ? null : cacheRoot.resolve("templates");
  }

  Path dataDir() {
    return root.resolve("data");
  }

  Path rootDir() {
    return root;
  }

  /** Stops the server (fast shutdown; kill when it hangs) and removes its directory. Idempotent. */
  @Override
  public void close() {
    Postmaster pm;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      pm = postmaster;
      postmaster = null;
    }
    if (pm != null) {
      pm.stop();
    }
    try {
      BundleCache.deleteTree(root);
    } catch (IOException e) {
      // the watchdog removes it too; nothing more to do
    }
    if (Thread.currentThread() != hook) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // the JVM is shutting down: the hook runs or has run; fine either way
      }
    }
  }
}
