package org.jpgbench.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.QueryMode;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A benchmark client's session, opened below the JDBC API: the same backend, start-up parameters,
 * client encoding and failures as a JDBC connection of the same factory.
 */
@ExtendWith(PostgresExtension.class)
class SessionTest {
  private static LibpqConnectionFactory factory(
      String host, Object port, String user, String db, Map<String, String> env) {
    return LibpqConnectionFactory.create(
        LibpqConnectionFactoryTest.options(host, port, user, db), env);
  }

  /** The backend's application name as the server sees it, null once the backend is gone. */
  private static String backend(Connection check, int pid) throws SQLException {
    try (PreparedStatement ps =
        check.prepareStatement("select application_name from pg_stat_activity where pid = ?")) {
      ps.setInt(1, pid);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }

  private static void awaitGone(Connection check, int pid) throws Exception {
    long until = System.nanoTime() + 10_000_000_000L;
    while (backend(check, pid) != null) {
      assertTrue(System.nanoTime() < until, "backend " + pid + " still there after close");
      Thread.sleep(20);
    }
  }

  @Test
  void aSessionIsABackendStartedAsLibpqStartsIt(TestDatabase db) throws Exception {
    LibpqConnectionFactory f =
        factory(
            db.host(),
            db.port(),
            db.user(),
            db.name(),
            Map.of("PGOPTIONS", "-c intervalstyle=sql_standard"));
    try (Connection check = db.connect()) {
      Session s = f.openSession(QueryMode.PREPARED);
      assertNull(s.jdbc(), "no JDBC connection around it");
      assertNotNull(s.executor());
      int pid = s.executor().getBackendPID();
      assertEquals("pgbench", backend(check, pid));
      assertEquals("pgbench", s.executor().getParameterStatus("application_name"));
      assertEquals(
          "UTF8", s.executor().getParameterStatus("client_encoding"), "a UTF8 database: no SET");
      assertEquals(
          "sql_standard", s.executor().getParameterStatus("IntervalStyle"), "PGOPTIONS applied");
      s.close();
      awaitGone(check, pid);
    }
  }

  @Test
  void overAUnixSocket(TestDatabase db) throws Exception {
    Assumptions.assumeTrue(db.socketDir() != null, "the server's socket directory is unknown");
    LibpqConnectionFactory f = factory(db.socketDir(), db.port(), db.user(), db.name(), Map.of());
    try (Connection check = db.connect()) {
      Session s = f.openSession(QueryMode.SIMPLE);
      int pid = s.executor().getBackendPID();
      try (PreparedStatement ps =
          check.prepareStatement("select client_port from pg_stat_activity where pid = ?")) {
        ps.setInt(1, pid);
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(-1, rs.getInt(1), "a Unix-socket backend has client_port -1");
        }
      }
      s.close();
      awaitGone(check, pid);
    }
  }

  /** PGCLIENTENCODING asks for an encoding: the StartupMessage carries it, as libpq's does. */
  @Test
  void theClientEncodingIsSetAsLibpqSetsIt(TestDatabase db) throws Exception {
    LibpqConnectionFactory f =
        factory(db.host(), db.port(), db.user(), db.name(), Map.of("PGCLIENTENCODING", "LATIN1"));
    Session s = f.openSession(QueryMode.EXTENDED);
    try {
      assertEquals("LATIN1", s.executor().getParameterStatus("client_encoding"));
    } finally {
      s.close();
    }
    LibpqConnectionFactory bad =
        factory(db.host(), db.port(), db.user(), db.name(), Map.of("PGCLIENTENCODING", "KLINGON"));
    SQLException session =
        assertThrows(SQLException.class, () -> bad.openSession(QueryMode.EXTENDED));
    SQLException jdbc = assertThrows(SQLException.class, () -> bad.open(QueryMode.EXTENDED));
    assertEquals(jdbc.getMessage(), session.getMessage(), "worded as for a JDBC connection");
  }

  /** Each failure is worded exactly as the same factory's JDBC connection words it. */
  @Test
  void failuresAreWordedAsForAJdbcConnection(TestDatabase db) throws Exception {
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      closed = s.getLocalPort();
    }
    LibpqConnectionFactory[] cases = {
      factory("127.0.0.1", closed, "u", "d", Map.of()),
      factory("/nonexistent-dir", 5999, "u", "d", Map.of()),
      factory(db.host(), db.port(), db.user(), "no_such_db", Map.of()),
      factory("no-such-host.invalid", 5432, "u", "d", Map.of()),
      factory("no-such-host.invalid,127.0.0.1", "5432," + closed, "u", "d", Map.of()),
      factory("h", "x", "u", "d", Map.of()),
    };
    for (LibpqConnectionFactory f : cases) {
      ConnectionException jdbc =
          assertThrows(ConnectionException.class, () -> f.open(QueryMode.SIMPLE));
      ConnectionException session =
          assertThrows(ConnectionException.class, () -> f.openSession(QueryMode.SIMPLE));
      assertEquals(jdbc.getMessage(), session.getMessage());
      assertEquals(jdbc.getSQLState(), session.getSQLState());
    }
  }

  @Test
  void theSecondHostOfAListAnswers(TestDatabase db) throws Exception {
    LibpqConnectionFactory f =
        factory("no-such-host.invalid," + db.host(), db.port(), db.user(), db.name(), Map.of());
    Session s = f.openSession(QueryMode.SIMPLE);
    try {
      assertNotNull(s.executor());
      assertEquals(db.name(), f.database());
    } finally {
      s.close();
    }
  }

  /**
   * The setup connection's statements (the scale's count, the vacuum, the report's settings) give
   * the same rows and the same errors on a session below the JDBC API as on a JDBC connection, and
   * a failed one leaves the session usable; VACUUM runs, so no transaction was opened around it.
   */
  @Test
  void setupStatementsRunAlikeOnBothKindsOfSession(TestDatabase db) throws Exception {
    LibpqConnectionFactory f = factory(db.host(), db.port(), db.user(), db.name(), Map.of());
    try (Session below = f.openSession(QueryMode.PREPARED);
        Session jdbc = Session.of(f.open(QueryMode.SIMPLE))) {
      assertNull(below.jdbc());
      for (Session s : new Session[] {below, jdbc}) {
        s.execute("create temp table setup_rows (a int, b text)");
        s.execute("insert into setup_rows values (2, null), (1, 'größe')");
        s.execute("vacuum setup_rows");
        List<String[]> rows = s.query("select a, b from setup_rows order by a");
        assertEquals(2, rows.size());
        assertArrayEquals(new String[] {"1", "größe"}, rows.get(0));
        assertArrayEquals(new String[] {"2", null}, rows.get(1));
        SQLException e =
            assertThrows(SQLException.class, () -> s.query("select count(*) from no_such_rel"));
        assertEquals("42P01", e.getSQLState());
        assertTrue(
            e.getMessage().contains("relation \"no_such_rel\" does not exist"), e.getMessage());
        assertThrows(SQLException.class, () -> s.execute("vacuum no_such_rel"));
        assertEquals("7", s.query("select 3 + 4").get(0)[0], "usable after the errors");
        assertEquals(
            below.executor().getParameterStatus("server_version"),
            s.parameterStatus("server_version"));
      }
    }
  }

  /** connect_timeout bounds the whole start-up only on the driver's JDBC path, so it is taken. */
  @Test
  void connectTimeoutTakesTheJdbcPath(TestDatabase db) throws Exception {
    LibpqConnectionFactory f =
        factory(db.host(), db.port(), db.user(), db.name(), Map.of("PGCONNECT_TIMEOUT", "5"));
    try (Session s = f.openSession(QueryMode.SIMPLE)) {
      assertNotNull(s.jdbc());
      assertNotNull(s.executor(), "the driver's executor behind the JDBC connection");
    }
    try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1"))) {
      LibpqConnectionFactory mute =
          factory(
              "127.0.0.1",
              silent.getLocalPort(),
              "u",
              "d",
              Map.of("PGCONNECT_TIMEOUT", "1", "PGSSLMODE", "disable"));
      ConnectionException e =
          assertThrows(ConnectionException.class, () -> mute.openSession(QueryMode.SIMPLE));
      assertTrue(e.getMessage().endsWith("failed: timeout expired"), e.getMessage());
    }
  }
}
