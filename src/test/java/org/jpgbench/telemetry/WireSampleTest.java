package org.jpgbench.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The activity sample on the session's own stream, against a real server: the same rows as the
 * statement through the driver, an error that leaves the session usable (for the sample and for the
 * driver's own queries in between), and a lost session reported as one.
 */
@ExtendWith(PostgresExtension.class)
class WireSampleTest {
  @Test
  void aSampleReadsWhatTheDriverReadsAndLeavesTheSessionToTheDriver(TestDatabase db)
      throws Exception {
    try (Connection other = db.connect();
        Session monitor = prepared(db)) {
      String pids = "{" + pid(other) + "}";
      WireSample wire = WireSample.of(monitor);
      assertNotNull(wire, "the pinned driver's stream is taken over");
      for (int i = 0; i < 3; i++) {
        List<String> rows = sorted(wire.rows(pids));
        // the driver's query between samples: it finds the session as it left it
        assertEquals(sorted(monitor.query(ServerQueries.executeActivity(pids))), rows);
      }
      List<String[]> rows = wire.rows(pids);
      String[] idle = null;
      for (String[] row : rows) {
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

  @Test
  void theServersErrorIsThrownAndTheSessionGoesOn(TestDatabase db) throws Exception {
    try (Session monitor = prepared(db)) {
      WireSample wire = WireSample.of(monitor);
      SQLException e = assertThrows(SQLException.class, () -> wire.rows("{not a pid}"));
      assertEquals("22P02", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains("invalid input syntax"), e.getMessage());
      assertEquals(List.of(), wire.rows("{}").stream().filter(r -> r[0] == null).toList());
      assertEquals("1", monitor.query("SELECT 1").get(0)[0]);
    }
  }

  @Test
  void aSessionTheServerEndedIsLost(TestDatabase db) throws Exception {
    try (Connection admin = db.connect();
        Session monitor = prepared(db)) {
      WireSample wire = WireSample.of(monitor);
      String pid = monitor.query("SELECT pg_backend_pid()").get(0)[0];
      try (Statement st = admin.createStatement()) {
        st.execute("SELECT pg_terminate_backend(" + pid + ", 5000)");
      }
      SQLException e = assertThrows(SQLException.class, () -> wire.rows("{}"));
      assertTrue(e.getSQLState().startsWith("08"), e.getSQLState() + " " + e.getMessage());
    }
  }

  /** The rows as text, in one order (GROUP BY's is the plan's). */
  private static List<String> sorted(List<String[]> rows) {
    return rows.stream().map(Arrays::toString).sorted().toList();
  }

  private static Session prepared(TestDatabase db) throws SQLException {
    Session s = db.connectionFactory().openSession(QueryMode.SIMPLE);
    s.execute(ServerQueries.prepareActivity());
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
