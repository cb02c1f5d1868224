package org.jpgbench.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.util.PSQLException;

/** The protocol layer against a real server: what it sends, what it reads, how it fails. */
@ExtendWith(PostgresExtension.class)
class WireConnectionTest {

  /** Records the results as "rows:N:label=value,..." and "status". */
  private static final class Recorder implements ResultSink {
    final List<String> results = new ArrayList<>();

    @Override
    public void rowResult(int columns, String[] labels, String[] lastRow, int rows) {
      StringBuilder b = new StringBuilder("rows:").append(rows);
      for (int c = 0; c < columns; c++) {
        b.append(c == 0 ? ":" : ",").append(labels[c]).append('=').append(rows > 0 ? lastRow[c] : "-");
      }
      results.add(b.toString());
    }

    @Override
    public void statusResult() {
      results.add("status");
    }
  }

  /** The bound portal's Describe, Execute and Sync, then its results into {@code r}. */
  private static void describeExecuteAndRead(WireConnection w, Recorder r) throws SQLException {
    w.describePortal();
    w.execute();
    w.sync();
    w.readResults(r);
  }

  @Test
  void simpleQueryReportsEveryResultOfACompoundQuery(TestDatabase db) throws SQLException {
    try (Connection con = db.connect()) {
      WireConnection w = WireConnection.takeOver(con);
      assertNotNull(w, "pgjdbc's stream can be taken over");
      Recorder r = new Recorder();
      w.query("select 1 as a, null as b; set application_name = 'x'; select g from generate_series(1, 3) g"
          + "; select 1 where false");
      w.readResults(r);
      assertEquals(List.of("rows:1:a=1,b=null", "status", "rows:3:g=3", "rows:0:?column?=-"), r.results);
      assertEquals('I', w.transactionStatus());
    }
  }

  @Test
  void namedStatementIsParsedOnceAndBoundWithTextAndNullParameters(TestDatabase db) throws SQLException {
    try (Connection con = db.connect()) {
      WireConnection w = WireConnection.takeOver(con);
      Recorder r = new Recorder();
      w.parse("P_1", "select $1::int + 1 as v, $2::text is null as n, $3::text as u");
      w.bind("P_1", new String[] {"41", null, "é€"}, 0, 3);
      describeExecuteAndRead(w, r);
      assertEquals(1, w.parseCompletes());
      w.bind("P_1", new String[] {"x", "1", "9", "y"}, 1, 4); // a slice of the array
      describeExecuteAndRead(w, r);
      assertEquals(0, w.parseCompletes());
      assertEquals(List.of("rows:1:v=42,n=t,u=é€", "rows:1:v=2,n=f,u=y"), r.results);
    }
  }

  @Test
  void integerParametersAreSentAsTheirDecimalText(TestDatabase db) throws SQLException {
    try (Connection con = db.connect()) {
      WireConnection w = WireConnection.takeOver(con);
      Recorder r = new Recorder();
      w.parse("", "select $1::bigint as a, $2::text as b, $3::text is null as c, $4::text as d");
      w.beginBind("", 4);
      w.intParam(Long.MIN_VALUE);
      w.intParam(0);
      w.textParam(null);
      w.intParam(Long.MAX_VALUE);
      w.endBind();
      describeExecuteAndRead(w, r);
      assertEquals(List.of("rows:1:a=-9223372036854775808,b=0,c=t,d=9223372036854775807"), r.results);
    }
  }

  @Test
  void messagesThatEndAtTheBufferBoundaryAreBuiltWhole(TestDatabase db) throws SQLException {
    try (Connection con = db.connect()) {
      // a fresh connection object per size: the request buffer starts at its initial size, and the
      // Describe/Execute headers land on every offset around its end
      for (int len = 960; len <= 1040; len++) {
        WireConnection w = WireConnection.takeOver(con);
        Recorder r = new Recorder();
        String text = "x".repeat(len);
        w.parse("", "select length($1) as n");
        w.bind("", new String[] {text}, 0, 1);
        describeExecuteAndRead(w, r);
        assertEquals(List.of("rows:1:n=" + len), r.results, "parameter of " + len + " bytes");
      }
    }
  }

  @Test
  void anErrorIsThrownAfterReadyForQueryWithTheServerMessage(TestDatabase db) throws SQLException {
    try (Connection con = db.connect()) {
      WireConnection w = WireConnection.takeOver(con);
      w.query("begin");
      w.readResults(null);
      assertEquals('T', w.transactionStatus());
      w.parse("", "select 1/0");
      w.bind("", new String[0], 0, 0);
      w.execute();
      w.sync();
      PSQLException e = assertThrows(PSQLException.class, () -> w.readResults(null));
      assertEquals("22012", e.getSQLState());
      assertEquals("division by zero", e.getServerErrorMessage().getMessage());
      assertEquals('E', w.transactionStatus(), "the block failed, the connection is usable");
      w.query("rollback");
      w.readResults(null);
      assertEquals('I', w.transactionStatus());
      assertFalse(w.isBroken());
    }
  }

  @Test
  void aPipelineRunsUntilItsFirstErrorAndSyncsOnce(TestDatabase db) throws SQLException {
    try (Connection con = db.connect()) {
      try (Statement st = con.createStatement()) {
        st.execute("create temp table wire_pipe (x int)");
      }
      WireConnection w = WireConnection.takeOver(con);
      w.parse("ins", "insert into wire_pipe values ($1)");
      for (String v : new String[] {"1", "2", "oops", "4"}) {
        w.bind("ins", new String[] {v}, 0, 1);
        w.execute();
      }
      w.sync();
      PSQLException e = assertThrows(PSQLException.class, () -> w.readResults(null));
      assertEquals("22P02", e.getSQLState());
      assertEquals(1, w.parseCompletes());
      // the implicit transaction of the pipeline rolled back: nothing was inserted
      Recorder r = new Recorder();
      w.query("select count(*) as n from wire_pipe");
      w.readResults(r);
      assertEquals(List.of("rows:1:n=0"), r.results);
    }
  }

  @Test
  void aLostConnectionMarksItBroken(TestDatabase db) throws SQLException {
    Connection con = db.connect();
    try (Connection killer = db.connect()) {
      int pid;
      try (Statement st = con.createStatement(); ResultSet rs = st.executeQuery("select pg_backend_pid()")) {
        rs.next();
        pid = rs.getInt(1);
      }
      WireConnection w = WireConnection.takeOver(con);
      try (Statement st = killer.createStatement()) {
        st.execute("select pg_terminate_backend(" + pid + ")");
      }
      SQLException e = assertThrows(SQLException.class, () -> {
        w.query("select 1");
        w.readResults(null);
      });
      assertTrue(e.getSQLState().startsWith("08") || e instanceof PSQLException p
          && p.getServerErrorMessage() != null && "FATAL".equals(p.getServerErrorMessage().getSeverity()),
          e::toString);
      assertTrue(w.isBroken());
    } finally {
      try {
        con.close(); // its Terminate may meet the reset socket, as SqlSession.close expects
      } catch (SQLException ignored) {
        // the backend is gone
      }
    }
  }
}
