package org.jpgbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.config.QueryMode;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Real connections over TCP and Unix sockets, query modes, and libpq-worded failures. */
@ExtendWith(PostgresExtension.class)
class LibpqConnectionFactoryTest {
  static Options options(String host, Object port, String user, String db) {
    OptionsBuilder b = Options.builder();
    b.host = host;
    b.port = port == null ? null : port.toString();
    b.user = user;
    b.dbName = db;
    return b.build();
  }

  private static String one(Connection c, String sql) throws SQLException {
    try (ResultSet rs = c.createStatement().executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void tcpWithLibpqDefaults(TestDatabase db) throws Exception {
    LibpqConnectionFactory f =
        LibpqConnectionFactory.create(
            options(db.host(), db.port(), db.user(), db.name()), Map.of());
    assertEquals(db.name(), f.database());
    assertEquals(db.host() + ":" + db.port(), f.describe());
    try (Connection c = f.open(QueryMode.SIMPLE)) {
      assertEquals(db.name(), one(c, "select current_database()"));
      assertEquals(db.user(), one(c, "select current_user"));
      assertEquals("pgbench", one(c, "show application_name"));
      assertTrue(c.getAutoCommit());
    }
  }

  @Test
  void environmentSuppliesWhatTheCommandLineLacks(TestDatabase db) throws Exception {
    Map<String, String> env =
        Map.of(
            "PGHOST",
            db.host(),
            "PGPORT",
            Integer.toString(db.port()),
            "PGUSER",
            db.user(),
            "PGDATABASE",
            db.name(),
            "PGAPPNAME",
            "jpg-test",
            "PGOPTIONS",
            "-c work_mem=3MB");
    LibpqConnectionFactory f = LibpqConnectionFactory.create(options(null, null, null, null), env);
    try (Connection c = f.open(QueryMode.EXTENDED)) {
      assertEquals(db.name(), one(c, "select current_database()"));
      assertEquals("jpg-test", one(c, "show application_name"));
      assertEquals("3MB", one(c, "show work_mem"));
    }
  }

  @Test
  void unixSocketDirectory(TestDatabase db) throws Exception {
    Assumptions.assumeTrue(db.socketDir() != null, "the server's socket directory is unknown");
    LibpqConnectionFactory f =
        LibpqConnectionFactory.create(
            options(db.socketDir(), db.port(), db.user(), db.name()), Map.of());
    assertEquals(db.socketDir() + "/.s.PGSQL." + db.port(), f.describe());
    try (Connection c = f.open(QueryMode.PREPARED)) {
      assertEquals(db.name(), one(c, "select current_database()"));
      assertNull(
          one(c, "select inet_server_addr()"), "a Unix-socket connection has no server address");
    }
  }

  @Test
  void connectionStringInPlaceOfTheDatabaseName(TestDatabase db) throws Exception {
    String conninfo =
        "host="
            + db.host()
            + " port="
            + db.port()
            + " user="
            + db.user()
            + " dbname="
            + db.name()
            + " application_name='with space'";
    LibpqConnectionFactory f =
        LibpqConnectionFactory.create(options("/nowhere", 1, "nobody", conninfo), Map.of());
    try (Connection c = f.open(QueryMode.SIMPLE)) {
      assertEquals(db.name(), one(c, "select current_database()"));
      assertEquals("with space", one(c, "show application_name"));
    }
    String uri = "postgresql://" + db.user() + "@" + db.host() + ":" + db.port() + "/" + db.name();
    try (Connection c =
        LibpqConnectionFactory.create(options(null, null, null, uri), Map.of())
            .open(QueryMode.SIMPLE)) {
      assertEquals(db.name(), one(c, "select current_database()"));
    }
  }

  /** Named server-side statements: only in prepared mode, and reused rather than re-prepared. */
  @Test
  void queryModes(TestDatabase db) throws Exception {
    LibpqConnectionFactory f =
        LibpqConnectionFactory.create(
            options(db.host(), db.port(), db.user(), db.name()), Map.of());
    for (QueryMode mode : QueryMode.values()) {
      try (Connection c = f.open(mode);
          PreparedStatement ps = c.prepareStatement("select ?::int + 1")) {
        for (int i = 0; i < 3; i++) {
          ps.setInt(1, i);
          try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            assertEquals(i + 1, rs.getInt(1));
          }
        }
        String prepared =
            one(
                c,
                "select count(*) from pg_prepared_statements where statement like 'select $1::int%'");
        assertEquals(mode == QueryMode.PREPARED ? "1" : "0", prepared, mode.name());
      }
    }
  }

  @Test
  void refusedPortInLibpqWording() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }
    LibpqConnectionFactory f =
        LibpqConnectionFactory.create(options("127.0.0.1", port, "u", "d"), Map.of());
    ConnectionException e = assertThrows(ConnectionException.class, () -> f.open(QueryMode.SIMPLE));
    assertEquals(
        "connection to server at \"127.0.0.1\", port "
            + port
            + " failed: Connection refused\n"
            + "\tIs the server running on that host and accepting TCP/IP connections?",
        e.getMessage());
  }

  @Test
  void hostNamesShowTheirAddress() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }
    String addr = InetAddress.getByName("localhost").getHostAddress();
    LibpqConnectionFactory f =
        LibpqConnectionFactory.create(options("localhost", port, "u", "d"), Map.of());
    ConnectionException e = assertThrows(ConnectionException.class, () -> f.open(QueryMode.SIMPLE));
    assertTrue(
        e.getMessage()
            .startsWith(
                "connection to server at \"localhost\" ("
                    + addr
                    + "), port "
                    + port
                    + " failed: Connection refused\n"),
        e.getMessage());
  }

  /**
   * A server that accepts the TCP connection and then says nothing: PGCONNECT_TIMEOUT ends the
   * wait.
   */
  @Test
  void connectTimeout() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1"))) {
      LibpqConnectionFactory f =
          LibpqConnectionFactory.create(
              options("127.0.0.1", silent.getLocalPort(), "u", "d"),
              Map.of("PGCONNECT_TIMEOUT", "2", "PGSSLMODE", "disable"));
      ConnectionException e =
          assertThrows(ConnectionException.class, () -> f.open(QueryMode.SIMPLE));
      assertEquals(
          "connection to server at \"127.0.0.1\", port "
              + silent.getLocalPort()
              + " failed: timeout expired",
          e.getMessage());
    }
  }

  @Test
  void missingSocketInLibpqWording() throws Exception {
    LibpqConnectionFactory f =
        LibpqConnectionFactory.create(options("/nonexistent-dir", 5999, "u", "d"), Map.of());
    ConnectionException e = assertThrows(ConnectionException.class, () -> f.open(QueryMode.SIMPLE));
    assertEquals(
        "connection to server on socket \"/nonexistent-dir/.s.PGSQL.5999\" failed: No such file or directory\n"
            + "\tIs the server running locally and accepting connections on that socket?",
        e.getMessage());
  }

  @Test
  void serverErrorsInLibpqWording(TestDatabase db) throws Exception {
    LibpqConnectionFactory f =
        LibpqConnectionFactory.create(
            options(db.host(), db.port(), db.user(), "no_such_db"), Map.of());
    ConnectionException e = assertThrows(ConnectionException.class, () -> f.open(QueryMode.SIMPLE));
    assertEquals(
        "connection to server at \""
            + db.host()
            + "\", port "
            + db.port()
            + " failed: FATAL:  database \"no_such_db\" does not exist",
        e.getMessage());
  }

  @Test
  void unknownHostAndMultipleHosts(TestDatabase db) throws Exception {
    LibpqConnectionFactory f =
        LibpqConnectionFactory.create(
            options("no-such-host.invalid," + db.host(), db.port(), db.user(), db.name()),
            Map.of());
    try (Connection c = f.open(QueryMode.SIMPLE)) {
      assertEquals(db.name(), one(c, "select current_database()"), "the second host answers");
    }
    LibpqConnectionFactory bad =
        LibpqConnectionFactory.create(options("no-such-host.invalid", 5432, "u", "d"), Map.of());
    ConnectionException e =
        assertThrows(ConnectionException.class, () -> bad.open(QueryMode.SIMPLE));
    assertEquals(
        "could not translate host name \"no-such-host.invalid\" to address: Name or service not known",
        e.getMessage());
  }

  /** As libpq: bad settings surface when connecting, worded as libpq words them. */
  @Test
  void invalidSettingsFailEveryOpen() {
    String[][] cases = {
      {"h", "x", "d", "invalid integer value \"x\" for connection option \"port\""},
      {"a,b,c", "1,2", "d", "could not match 2 port numbers to 3 hosts"},
      {"h", "1", "host=h colour=red", "invalid connection option \"colour\""},
    };
    for (String[] c : cases) {
      LibpqConnectionFactory f =
          LibpqConnectionFactory.create(options(c[0], c[1], "u", c[2]), Map.of());
      ConnectionException e =
          assertThrows(ConnectionException.class, () -> f.open(QueryMode.SIMPLE));
      assertEquals(c[3], e.getMessage());
    }
    assertFalse(Files.exists(Path.of("/nonexistent-dir")));
  }
}
