package org.jpgbench.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.jpgbench.config.QueryMode;
import org.jpgbench.db.Session;
import org.jpgbench.io.Transports;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The monitor's prepared statements on a transport of its own, against a real server, on each kind
 * of transport: the same rows as the same statements through the driver, several statements in one
 * round trip and one transaction, a server's error that leaves the session usable, and a session
 * the server ended reported as lost.
 */
@ExtendWith(PostgresExtension.class)
class WireStatementsTest {
  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "blocking"})
  void theStatementsReadWhatTheDriverReads(String kind, TestDatabase db) throws Exception {
    try (Connection other = db.connect();
        Session monitor = prepared(db)) {
      String pids = "{" + pid(other) + "}";
      String sql = ServerQueries.execute(ServerQueries.ACTIVITY, pids);
      List<String> viaDriver = sorted(monitor.query(sql));
      // the other backend reports "idle" a moment before it waits for its client
      for (int i = 0; i < 500 && !viaDriver.toString().contains("ClientRead"); i++) {
        Thread.sleep(10);
        viaDriver = sorted(monitor.query(sql));
      }
      int standbys = monitor.query(ServerQueries.execute(ServerQueries.REPLICATION, null)).size();
      String[] counters = monitor.query(ServerQueries.execute(ServerQueries.COUNTERS, null)).get(0);
      try (WireStatements wire = statements(monitor, kind)) {
        for (int i = 0; i < 3; i++) {
          assertEquals(viaDriver, sorted(wire.rows(ServerQueries.ACTIVITY, pids)));
          assertEquals(standbys, wire.rows(ServerQueries.REPLICATION, null).size());
          String[] now = wire.rows(ServerQueries.COUNTERS, null).get(0);
          assertEquals(counters.length, now.length);
          // each execution is a transaction of the monitor's own: the commits only grow
          assertTrue(Long.parseLong(now[0]) >= Long.parseLong(counters[0]));
        }
        String[] idle = null;
        for (String[] row : wire.rows(ServerQueries.ACTIVITY, pids)) {
          if (row[0] == null) {
            idle = row;
          }
        }
        assertNotNull(idle, "the other session's backend is in the sample");
        assertEquals("idle", idle[1]);
        assertEquals("Client:ClientRead", Activity.waitKey(idle[1], idle[2], idle[3]));
        assertEquals("1", idle[5]);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "blocking"})
  void aRoundTripRunsItsStatementsInOrderInOneTransaction(String kind, TestDatabase db)
      throws Exception {
    try (Session monitor = prepared(db)) {
      monitor.execute("PREPARE xid AS SELECT txid_current()::text");
      ServerQueries.Execute xid = new ServerQueries.Execute("xid", null);
      ServerQueries.Execute counters = new ServerQueries.Execute(ServerQueries.COUNTERS, null);
      ServerQueries.Execute none = new ServerQueries.Execute(ServerQueries.ACTIVITY, "{}");
      try (WireStatements wire = statements(monitor, kind)) {
        List<List<String[]>> read = wire.rows(xid, counters, none, xid);
        assertEquals(4, read.size());
        String first = read.get(0).get(0)[0];
        assertEquals(first, read.get(3).get(0)[0], "one transaction");
        assertEquals(1, read.get(1).size(), "the counters' one row");
        assertTrue(Long.parseLong(read.get(1).get(0)[0]) >= 0);
        assertEquals(List.of(), read.get(2).stream().filter(r -> r[0] == null).toList());
        assertNotEquals(first, wire.rows(xid).get(0).get(0)[0], "the next is another one");
        // an error ends the round trip there; the session goes on
        SQLException e =
            assertThrows(
                SQLException.class,
                () ->
                    wire.rows(
                        counters, new ServerQueries.Execute(ServerQueries.ACTIVITY, "{x}"), xid));
        assertEquals("22P02", e.getSQLState(), e.getMessage());
        assertEquals(1, wire.rows(counters, xid).get(0).size());
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"epoll", "blocking"})
  void theServersErrorIsThrownAndTheSessionGoesOn(String kind, TestDatabase db) throws Exception {
    try (Session monitor = prepared(db);
        WireStatements wire = statements(monitor, kind)) {
      SQLException e =
          assertThrows(SQLException.class, () -> wire.rows(ServerQueries.ACTIVITY, "{not a pid}"));
      assertEquals("22P02", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains("invalid input syntax"), e.getMessage());
      List<String[]> none = wire.rows(ServerQueries.ACTIVITY, "{}");
      assertEquals(List.of(), none.stream().filter(r -> r[0] == null).toList());
      assertEquals(1, wire.rows(ServerQueries.COUNTERS, null).size());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"epoll", "blocking"})
  void aSessionTheServerEndedIsLost(String kind, TestDatabase db) throws Exception {
    try (Connection admin = db.connect();
        Session monitor = prepared(db)) {
      String pid = monitor.query("SELECT pg_backend_pid()").get(0)[0];
      try (WireStatements wire = statements(monitor, kind)) {
        try (Statement st = admin.createStatement()) {
          st.execute("SELECT pg_terminate_backend(" + pid + ", 5000)");
        }
        SQLException e =
            assertThrows(SQLException.class, () -> wire.rows(ServerQueries.ACTIVITY, "{}"));
        assertTrue(e.getSQLState().startsWith("08"), e.getSQLState() + " " + e.getMessage());
        // and stays lost
        e = assertThrows(SQLException.class, () -> wire.rows(ServerQueries.COUNTERS, null));
        assertTrue(e.getSQLState().startsWith("08"), e.getSQLState() + " " + e.getMessage());
      }
    }
  }

  private static WireStatements statements(Session monitor, String kind) throws Exception {
    WireStatements w = WireStatements.of(monitor, Transports.choose(kind, true).factory());
    assertNotNull(w, "the pinned driver's stream is taken over");
    return w;
  }

  /**
   * The rows as text, in one order (GROUP BY's is the plan's), without the server's own processes'
   * (an autovacuum worker may come and go between two samples).
   */
  private static List<String> sorted(List<String[]> rows) {
    return rows.stream().filter(r -> r[0] == null).map(Arrays::toString).sorted().toList();
  }

  private static Session prepared(TestDatabase db) throws SQLException {
    Session s = db.connectionFactory().openSession(QueryMode.SIMPLE);
    String version = s.query("SHOW server_version_num").get(0)[0];
    for (String prepare :
        new ServerQueries(Integer.parseInt(version), MonitorTarget.DIRECT).prepare()) {
      s.execute(prepare);
    }
    return s;
  }

  private static int pid(Connection con) throws SQLException {
    try (Statement st = con.createStatement();
        var rs = st.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
