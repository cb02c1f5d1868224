package org.jpgbench.db;

import java.io.Console;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.config.QueryMode;
import org.postgresql.PGProperty;
import org.postgresql.core.QueryExecutor;
import org.postgresql.util.HostSpec;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * Opens connections the way libpq would for pgbench's -h/-p/-U/dbname and the PG* environment (see
 * {@link ConnSettings}). TCP goes through the PostgreSQL JDBC driver; a host that starts with '/'
 * is a Unix-socket directory, reached through junixsocket. Query modes map to driver settings:
 * simple → {@code preferQueryMode=simple}; extended → unnamed statements every time ({@code
 * prepareThreshold=0}); prepared → named server-side statements from the first execution ({@code
 * prepareThreshold=1}). Failures are {@link ConnectionException}s worded as libpq's; no message
 * ever holds a password. A benchmark client's {@link #openSession session} is opened by the same
 * driver code below its JDBC API: the same start-up, authentication and errors.
 */
public final class LibpqConnectionFactory implements ConnectionFactory {
  private static final org.postgresql.Driver DRIVER = new org.postgresql.Driver();

  private final ConnSettings settings;

  /** libpq's complaint about the settings themselves (bad port, unknown option), else null. */
  private final String invalid;

  private final String invalidDbName;

  /** [endpoint][query mode] → driver properties, built once. */
  private final Properties[][] props;

  /** The same with the endpoint and database as the driver's URL parsing would add them. */
  private final Properties[][] sessionProps;

  private final String[] urls;
  private final String[] hosts;
  private volatile String promptedPassword;

  /** --server-stats-conninfo's server, or null: the monitoring session connects as the run does. */
  private final LibpqConnectionFactory serverStats;

  private LibpqConnectionFactory(String invalid, String dbName) {
    this.settings = null;
    this.invalid = invalid;
    this.invalidDbName = dbName == null ? "" : dbName;
    this.props = new Properties[0][];
    this.sessionProps = new Properties[0][];
    this.urls = new String[0];
    this.hosts = new String[0];
    this.serverStats = null;
  }

  private LibpqConnectionFactory(ConnSettings settings, LibpqConnectionFactory serverStats) {
    this.settings = settings;
    this.serverStats = serverStats;
    this.invalid = null;
    this.invalidDbName = null;
    int n = settings.endpoints.size();
    this.props = new Properties[n][QueryMode.values().length];
    this.sessionProps = new Properties[n][QueryMode.values().length];
    this.urls = new String[n];
    this.hosts = new String[n];
    for (int i = 0; i < n; i++) {
      ConnSettings.Endpoint e = settings.endpoints.get(i);
      String host =
          e.isSocket() ? "localhost" : e.host().contains(":") ? "[" + e.host() + "]" : e.host();
      hosts[i] = host;
      urls[i] =
          "jdbc:postgresql://"
              + host
              + ":"
              + e.port()
              + "/"
              + URLEncoder.encode(settings.dbName, StandardCharsets.UTF_8);
      for (QueryMode mode : QueryMode.values()) {
        Properties p = properties(settings, e, mode);
        props[i][mode.ordinal()] = p;
        Properties q = (Properties) p.clone();
        q.setProperty("PGDBNAME", settings.dbName);
        q.setProperty("PGHOST", host);
        q.setProperty("PGPORT", Integer.toString(e.port()));
        sessionProps[i][mode.ordinal()] = q;
      }
    }
  }

  /**
   * @param env the process environment (PG* variables), passed in so tests can set it
   */
  public static LibpqConnectionFactory create(Options options, Map<String, String> env) {
    return create(options, env, System.err);
  }

  /**
   * As {@link #create(Options, Map)}, with libpq's warnings (an insecure password file) going to
   * {@code warn}. Invalid settings (a bad port, an unknown connection option) do not throw here: as
   * with libpq, every {@link #open} then fails with that message.
   */
  public static LibpqConnectionFactory create(
      Options options, Map<String, String> env, PrintStream warn) {
    try {
      ConnSettings s =
          ConnSettings.resolve(
              options.connection().host(),
              options.connection().port(),
              options.connection().user(),
              options.connection().dbName(),
              env,
              System.getProperty("user.name"),
              p -> Files.exists(p),
              warn);
      String monitor = options.outputs().serverStatsConninfo();
      return new LibpqConnectionFactory(
          s, monitor == null ? null : forConninfo(monitor, env, warn));
    } catch (IllegalArgumentException e) {
      return new LibpqConnectionFactory(e.getMessage(), options.connection().dbName());
    }
  }

  /**
   * Connections to the server a connection string names (or, for null, the one the PG* environment
   * names), as libpq's PQconnectdb would: jpgbench's --group-conninfo.
   */
  public static LibpqConnectionFactory forConninfo(
      String conninfo, Map<String, String> env, PrintStream warn) {
    OptionsBuilder b = Options.builder();
    b.dbName = conninfo;
    return create(b.build(), env, warn);
  }

  static Properties properties(ConnSettings s, ConnSettings.Endpoint e, QueryMode mode) {
    Properties p = new Properties();
    p.setProperty("user", s.user);
    if (e.password() != null) {
      p.setProperty("password", e.password());
    }
    p.setProperty("ApplicationName", s.applicationName);
    if (s.options != null) {
      p.setProperty("options", s.options);
    }
    p.setProperty("connectTimeout", Integer.toString(s.connectTimeout));
    if (s.connectTimeout > 0) {
      // libpq's connect_timeout bounds the whole start-up, not just the TCP connect
      p.setProperty("loginTimeout", Integer.toString(s.connectTimeout));
    }
    p.setProperty("tcpNoDelay", "true");
    // libpq keeps no memory of which host of a list was down or a standby: ask every host afresh
    // (the driver otherwise skips them for 10 s, past a failover)
    p.setProperty("hostRecheckSeconds", "0");
    // the server's client_encoding is the one libpq would leave (the startup asks for none
    // unless told): the driver follows it
    p.setProperty("allowEncodingChanges", "true");
    // Wait for the answer to SSLRequest without a timer, as libpq does: a timed read (the driver's
    // default is 5 s) turns the socket non-blocking for good, and every later read becomes read
    // (EAGAIN) + poll + read; a blocking socket reads each response with one read().
    p.setProperty("sslResponseTimeout", "0");
    // the server is at least 9.0: send application_name and extra_float_digits at startup (one
    // round trip less)
    p.setProperty("assumeMinServerVersion", "9.0");
    // the StartupMessage carries libpq's parameters, not the driver's (see StartupRewriter)
    p.setProperty(StartupSocketFactory.STARTUP, s.startup.encode());
    p.setProperty("socketFactory", StartupSocketFactory.class.getName());
    if (e.isSocket()) {
      p.setProperty(StartupSocketFactory.UNIX_SOCKET, e.socketPath());
      p.setProperty("sslmode", "disable"); // libpq never uses SSL on a Unix socket
    } else {
      p.setProperty("sslmode", s.sslMode);
      p.setProperty("sslfactory", StartupSslFactory.class.getName());
    }
    s.extra.forEach(
        (k, v) -> {
          switch (k) {
            case "gssencmode" -> p.setProperty("gssEncMode", v);
            case "target_session_attrs" ->
                p.setProperty(
                    "targetServerType",
                    v.replace("read-write", "primary")
                        .replace("read-only", "secondary")
                        .replace("standby", "secondary"));
            default -> p.setProperty(k, v);
          }
        });
    if (mode.simpleProtocol()) {
      p.setProperty("preferQueryMode", "simple");
    } else { // named statements from the first execution, or unnamed every time
      p.setProperty("preferQueryMode", "extended");
      p.setProperty("prepareThreshold", mode.namedStatements() ? "1" : "0");
    }
    return p;
  }

  @Override
  public Connection open(QueryMode mode) throws SQLException {
    return connect(
        props,
        mode,
        (i, p) -> {
          Connection c = DRIVER.connect(urls[i], p);
          return c;
        });
  }

  /**
   * A benchmark client's session, opened by the driver's connection factory without the JDBC
   * connection around it (the run speaks the protocol itself). With connect_timeout the JDBC path
   * is taken: the driver bounds the whole start-up only there.
   */
  @Override
  public Session openSession(QueryMode mode) throws SQLException {
    if (invalid == null && settings.connectTimeout > 0) {
      return Session.of(open(mode));
    }
    return connect(
        sessionProps,
        mode,
        (i, p) -> {
          HostSpec host =
              new HostSpec(
                  hosts[i],
                  settings.endpoints.get(i).port(),
                  PGProperty.LOCAL_SOCKET_ADDRESS.getOrDefault(p));
          QueryExecutor qe;
          try {
            qe = org.postgresql.core.ConnectionFactory.openConnection(new HostSpec[] {host}, p);
          } catch (RuntimeException e) {
            // as the driver's connect words what it did not expect
            throw new PSQLException(
                "Something unusual has occurred to cause the driver to fail. Please report this"
                    + " exception.",
                PSQLState.UNEXPECTED_ERROR,
                e);
          }
          return Session.of(qe);
        });
  }

  /** Opens one endpoint's session with its driver properties; null when the driver declines. */
  private interface Connector<T> {
    T connect(int endpoint, Properties p) throws SQLException;
  }

  /** libpq's walk over the host list: the first endpoint that answers, else every one's error. */
  private <T> T connect(Properties[][] table, QueryMode mode, Connector<T> connector)
      throws SQLException {
    if (invalid != null) {
      throw new ConnectionException(invalid, "08001", null);
    }
    List<String> messages = new ArrayList<>();
    SQLException last = null;
    for (int i = 0; i < urls.length; i++) {
      Properties p = table[i][mode.ordinal()];
      String prompted = promptedPassword;
      if (prompted != null && !p.containsKey("password")) {
        p = (Properties) p.clone();
        p.setProperty("password", prompted);
      }
      try {
        T c = connector.connect(i, p);
        if (c != null) {
          return c;
        }
      } catch (SQLException ex) {
        if (ConnectionErrors.needsPassword(ex)
            && prompted == null
            && !p.containsKey("password")
            && promptOnce()) {
          i--; // as pgbench: ask once on the terminal, then try this host again
          continue;
        }
        last = ex;
        messages.add(ConnectionErrors.message(settings.endpoints.get(i), ex));
      }
    }
    throw new ConnectionException(
        String.join("\n", messages), last == null ? "08001" : last.getSQLState(), last);
  }

  /** Asks for a password on the terminal once, as pgbench does; false when there is no terminal. */
  private synchronized boolean promptOnce() {
    if (promptedPassword != null) {
      return true;
    }
    Console console = System.console();
    if (console == null || !isTerminal(console)) {
      return false;
    }
    char[] pw = console.readPassword("Password: ");
    if (pw == null) {
      return false;
    }
    promptedPassword = new String(pw);
    return true;
  }

  /**
   * Console.isTerminal() where the JDK has it (22+): since 22 a console may exist without a
   * terminal.
   */
  private static boolean isTerminal(Console console) {
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }

  @Override
  public ConnectionFactory serverStats() {
    return serverStats != null ? serverStats : this;
  }

  @Override
  public String applicationName() {
    return invalid != null ? "pgbench" : settings.applicationName;
  }

  @Override
  public String describe() {
    return invalid != null ? "" : settings.endpoints.get(0).toString();
  }

  @Override
  public String database() {
    return invalid != null ? invalidDbName : settings.dbName;
  }

  /** The user name connections log in as. */
  public String user() {
    return invalid != null ? "" : settings.user;
  }

  /** Every resolved setting for --debug output; passwords masked. */
  public String describeForDebug() {
    return invalid != null
        ? "invalid connection settings: " + invalid
        : settings.describeForDebug();
  }

  @Override
  public String toString() {
    return "LibpqConnectionFactory[" + describeForDebug() + "]";
  }
}
