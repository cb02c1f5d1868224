package org.jpgbench.db;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Connection settings resolved the way pgbench and libpq do: command line (-h -p -U dbname, where
 * the database name may be a connection string), then the PG* environment, then defaults (the local
 * Unix socket when one exists for the port, else localhost; port 5432; user = the OS user; database
 * = PGDATABASE, PGUSER, then the OS user, as pgbench). A password comes from the connection string,
 * PGPASSWORD, or the password file, per host.
 */
final class ConnSettings {
  /** The libpq build's socket directories we treat as default: Debian's, then upstream's. */
  static final List<String> DEFAULT_SOCKET_DIRS = List.of("/var/run/postgresql", "/tmp");

  /** One host to try, in order. */
  record Endpoint(String host, int port, String password, Path passwordFile) {
    boolean isSocket() {
      return host.startsWith("/");
    }

    /** The socket file: DIR/.s.PGSQL.PORT. */
    String socketPath() {
      return host + "/.s.PGSQL." + port;
    }

    @Override
    public String toString() {
      return isSocket() ? socketPath() : host + ":" + port;
    }
  }

  final List<Endpoint> endpoints;
  final String user;
  final String dbName;

  /** libpq sslmode (disable, allow, prefer, require, verify-ca, verify-full). */
  final String sslMode;

  final String options;
  final String applicationName;

  /** seconds; 0 = wait indefinitely (as libpq; values 1 count as 2). */
  final int connectTimeout;

  /** sslrootcert, sslcert, sslkey, gssencmode, target_session_attrs when given. */
  final Map<String, String> extra;

  /**
   * client_encoding or PGCLIENTENCODING ("auto" resolved as in pgbench's C locale), or null: then,
   * as with libpq, the server's default (the database's encoding).
   */
  final String clientEncoding;

  /** What the StartupMessage carries: libpq's parameters for these settings. */
  final StartupPacket startup;

  private ConnSettings(
      List<Endpoint> endpoints,
      String user,
      String dbName,
      String sslMode,
      String options,
      String applicationName,
      int connectTimeout,
      Map<String, String> extra,
      String clientEncoding,
      Map<String, String> env) {
    this.endpoints = List.copyOf(endpoints);
    this.user = user;
    this.dbName = dbName;
    this.sslMode = sslMode;
    this.options = options;
    this.applicationName = applicationName;
    this.connectTimeout = connectTimeout;
    this.extra = Map.copyOf(extra);
    this.clientEncoding = clientEncoding;
    this.startup = StartupPacket.of(user, dbName, options, applicationName, clientEncoding, env);
  }

  /**
   * Resolves everything once.
   *
   * @param host -h or null; likewise port, user, dbName
   * @param osUser the operating-system user name
   * @param socketExists tells whether a socket file exists (for the default host)
   * @param warn where libpq-style warnings go (an insecure password file)
   * @throws IllegalArgumentException with libpq's wording for invalid settings
   */
  static ConnSettings resolve(
      String host,
      String port,
      String user,
      String dbName,
      Map<String, String> env,
      String osUser,
      Predicate<Path> socketExists,
      PrintStream warn) {
    Map<String, String> kv = new LinkedHashMap<>();
    put(kv, "host", env.get("PGHOST"));
    put(kv, "port", env.get("PGPORT"));
    put(kv, "user", env.get("PGUSER"));
    put(kv, "password", env.get("PGPASSWORD"));
    put(kv, "passfile", env.get("PGPASSFILE"));
    put(kv, "sslmode", env.get("PGSSLMODE"));
    put(kv, "options", env.get("PGOPTIONS"));
    put(kv, "application_name", env.get("PGAPPNAME"));
    put(kv, "connect_timeout", env.get("PGCONNECT_TIMEOUT"));
    put(kv, "sslrootcert", env.get("PGSSLROOTCERT"));
    put(kv, "sslcert", env.get("PGSSLCERT"));
    put(kv, "sslkey", env.get("PGSSLKEY"));
    put(kv, "gssencmode", env.get("PGGSSENCMODE"));
    put(kv, "target_session_attrs", env.get("PGTARGETSESSIONATTRS"));
    put(kv, "client_encoding", env.get("PGCLIENTENCODING"));
    put(kv, "host", host);
    put(kv, "port", port);
    put(kv, "user", user);
    // pgbench's default database: PGDATABASE, then PGUSER, then the OS user (not -U)
    String db = dbName;
    if (db == null || db.isEmpty()) {
      db =
          nonEmpty(env.get("PGDATABASE"))
              ? env.get("PGDATABASE")
              : nonEmpty(env.get("PGUSER")) ? env.get("PGUSER") : osUser;
    }
    if (ConnInfo.isConnString(db)) {
      kv.putAll(ConnInfo.parse(db)); // the expanded string overrides -h/-p/-U, as in libpq
      db = kv.getOrDefault("dbname", null);
    }
    String finalUser = nonEmpty(kv.get("user")) ? kv.get("user") : osUser;
    if (db == null || db.isEmpty()) {
      db = finalUser; // libpq's own default when a connection string named no database
    }
    String sslMode = kv.getOrDefault("sslmode", "prefer");
    if (!List.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full")
        .contains(sslMode)) {
      throw new IllegalArgumentException("invalid sslmode value: \"" + sslMode + "\"");
    }
    int timeout = 0;
    if (nonEmpty(kv.get("connect_timeout"))) {
      timeout = parseInt(kv.get("connect_timeout"), "connect_timeout");
      timeout = timeout <= 0 ? 0 : Math.max(timeout, 2);
    }
    List<Endpoint> endpoints = endpoints(kv, db, finalUser, env, socketExists, warn);
    // pgbench passes fallback_application_name=pgbench after the database name, so it always wins
    String app = nonEmpty(kv.get("application_name")) ? kv.get("application_name") : "pgbench";
    Map<String, String> extra = new LinkedHashMap<>();
    for (String k :
        List.of("sslrootcert", "sslcert", "sslkey", "gssencmode", "target_session_attrs")) {
      if (nonEmpty(kv.get(k))) {
        extra.put(k, kv.get(k));
      }
    }
    String encoding = kv.get("client_encoding");
    if ("auto".equalsIgnoreCase(encoding)) {
      // libpq resolves "auto" from the process's locale, and pgbench never calls setlocale():
      // it is always the C locale's, whatever LANG or LC_ALL say (seen with pgbench 15)
      encoding = "SQL_ASCII";
    }
    return new ConnSettings(
        endpoints,
        finalUser,
        db,
        sslMode,
        kv.get("options"),
        app,
        timeout,
        extra,
        nonEmpty(encoding) ? encoding : null,
        env);
  }

  private static List<Endpoint> endpoints(
      Map<String, String> kv,
      String db,
      String user,
      Map<String, String> env,
      Predicate<Path> socketExists,
      PrintStream warn) {
    String[] hosts = kv.getOrDefault("host", "").split(",", -1);
    String[] ports = kv.getOrDefault("port", "").split(",", -1);
    if (ports.length != 1 && ports.length != hosts.length) {
      throw new IllegalArgumentException(
          "could not match " + ports.length + " port numbers to " + hosts.length + " hosts");
    }
    String explicitPassword = kv.get("password");
    PgPass pgpass = null;
    Path passFile = null;
    if (explicitPassword == null) {
      passFile = nonEmpty(kv.get("passfile")) ? Path.of(kv.get("passfile")) : defaultPassFile(env);
      pgpass = passFile == null ? null : PgPass.load(passFile, warn);
    }
    List<Endpoint> out = new ArrayList<>();
    for (int i = 0; i < hosts.length; i++) {
      String portText = ports.length == 1 ? ports[0] : ports[i];
      int port = portText.isEmpty() ? 5432 : parseInt(portText, "port");
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("invalid port number: \"" + portText + "\"");
      }
      String h = hosts[i].isEmpty() ? defaultHost(port, socketExists) : hosts[i];
      String password = explicitPassword;
      Path from = null;
      if (password == null && pgpass != null) {
        password =
            pgpass.lookup(PgPass.hostKey(h, DEFAULT_SOCKET_DIRS), Integer.toString(port), db, user);
        from = password == null ? null : passFile;
      }
      out.add(new Endpoint(h, port, password, from));
    }
    return out;
  }

  /** The first default socket directory holding the port's socket file, else localhost. */
  static String defaultHost(int port, Predicate<Path> socketExists) {
    for (String dir : DEFAULT_SOCKET_DIRS) {
      if (socketExists.test(Path.of(dir, ".s.PGSQL." + port))) {
        return dir;
      }
    }
    return "localhost";
  }

  private static Path defaultPassFile(Map<String, String> env) {
    String home = env.get("HOME");
    if (!nonEmpty(home)) {
      home = System.getProperty("user.home");
    }
    return nonEmpty(home) ? Path.of(home, ".pgpass") : null;
  }

  private static int parseInt(String s, String option) {
    try {
      return Integer.parseInt(s.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "invalid integer value \"" + s + "\" for connection option \"" + option + "\"");
    }
  }

  private static void put(Map<String, String> kv, String key, String value) {
    if (value != null && !value.isEmpty()) {
      kv.put(key, value);
    }
  }

  private static boolean nonEmpty(String s) {
    return s != null && !s.isEmpty();
  }

  /** For --debug and messages: every setting, the password masked. */
  String describeForDebug() {
    StringBuilder sb = new StringBuilder();
    for (Endpoint e : endpoints) {
      sb.append(sb.length() == 0 ? "" : " | ")
          .append("host=")
          .append(e.host())
          .append(" port=")
          .append(e.port())
          .append(
              e.password() == null
                  ? ""
                  : " password=********"
                      + (e.passwordFile() == null ? "" : " (from " + e.passwordFile() + ")"));
    }
    sb.append(" user=")
        .append(user)
        .append(" dbname=")
        .append(dbName)
        .append(" sslmode=")
        .append(sslMode)
        .append(" application_name=")
        .append(applicationName);
    if (options != null) {
      sb.append(" options=").append(options);
    }
    if (connectTimeout > 0) {
      sb.append(" connect_timeout=").append(connectTimeout);
    }
    if (clientEncoding != null) {
      sb.append(" client_encoding=").append(clientEncoding);
    }
    return sb.toString();
  }
}
