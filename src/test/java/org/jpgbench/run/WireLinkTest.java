package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.config.QueryMode;
import org.jpgbench.db.Session;
import org.jpgbench.db.Takeover;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.expr.Variables;
import org.jpgbench.io.Transport;
import org.jpgbench.io.Transports;
import org.jpgbench.script.Script;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.jpgbench.wire.ResultSink;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The protocol layer against a real server, on each transport: what a {@link WireLink} sends, how
 * it reads the answers, how it fails.
 */
@ExtendWith(PostgresExtension.class)
class WireLinkTest {
  /** Records the results as "rows:N:label=value,..." and "status". */
  private static final class Recorder implements ResultSink {
    final List<String> results = new ArrayList<>();

    @Override
    public void rowResult(int columns, String[] labels, String[] lastRow, int rows) {
      StringBuilder b = new StringBuilder("rows:").append(rows);
      for (int c = 0; c < columns; c++) {
        b.append(c == 0 ? ":" : ",")
            .append(labels[c])
            .append('=')
            .append(rows > 0 ? lastRow[c] : "-");
      }
      results.add(b.toString());
    }

    @Override
    public void statusResult() {
      results.add("status");
    }
  }

  /** One connection on one transport, with the commands of one hand-built script. */
  private static final class Harness implements AutoCloseable {
    final SymbolTable symbols = new SymbolTable();
    final HandScripts script = new HandScripts(symbols);
    final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    final Console console =
        new Console(new PrintStream(errBytes, true, StandardCharsets.UTF_8), false);
    final Connection con;
    final Transport transport;
    Variables vars;
    SqlPlan[][] plans;
    WireLink link;
    int wakeups;

    Harness(TestDatabase db, String transportKind) throws Exception {
      con = db.connect();
      transport = Transports.choose(transportKind, true).factory().create(1);
    }

    Harness sql(String text) {
      script.sql(text);
      return this;
    }

    /** Builds the plans and opens the link. */
    Harness open(QueryMode mode) throws Exception {
      Script s = script.build("test", 1);
      plans = new SqlPlan[1][s.commands().size()];
      for (int i = 0; i < plans[0].length; i++) {
        plans[0][i] = new SqlPlan((SqlCommand) s.commands().get(i), i);
      }
      vars = new Variables(symbols);
      link =
          new WireLink(
              Session.of(con), Takeover.of(con), transport, () -> wakeups++, mode, plans, console);
      return this;
    }

    /** Waits until every answer has arrived (at most 30 s). */
    void await() {
      long end = System.nanoTime() + 30_000_000_000L;
      while (link.busy()) {
        assertTrue(System.nanoTime() < end, "the answers did not arrive");
        transport.await(System.nanoTime() + 1_000_000_000L);
      }
    }

    Recorder run(int pc, String simpleText) {
      Recorder r = new Recorder();
      link.clearResponse();
      link.command(plans[0][pc], 0, pc, vars, simpleText, r);
      await();
      return r;
    }

    String err() {
      return errBytes.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
      if (link != null) {
        link.close();
      }
      transport.close();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "blocking"})
  void aSimpleQueryReportsEveryResultOfACompoundQuery(String transport, TestDatabase db)
      throws Exception {
    String q =
        "select 1 as a, null as b; set application_name = 'x'; "
            + "select g from generate_series(1, 3) g; select 1 where false";
    try (Harness h = new Harness(db, transport).sql(q).open(QueryMode.SIMPLE)) {
      Recorder r = h.run(0, q);
      assertEquals(
          List.of("rows:1:a=1,b=null", "status", "rows:3:g=3", "rows:0:?column?=-"), r.results);
      assertEquals('I', h.link.txStatus);
      assertNull(h.link.error);
      assertEquals(1, h.wakeups, "the client is woken once, when the answer is complete");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "blocking"})
  void aNamedStatementIsPreparedOnceAndBoundWithTextAndNullParameters(
      String transport, TestDatabase db) throws Exception {
    try (Harness h =
        new Harness(db, transport)
            .sql("select :x::int + 1 as v, :y::text is null as n, :z::text as u")
            .open(QueryMode.PREPARED)) {
      h.vars.setString(h.symbols.slotOf("x"), "41");
      h.vars.setString(h.symbols.slotOf("z"), "é€");
      h.link.clearResponse();
      h.link.command(h.plans[0][0], 0, 0, h.vars, null, new Recorder());
      assertEquals(2, h.link.pending, "Parse+Sync in front of Bind/Execute/Sync: two answers");
      h.await();
      h.vars.setInt(h.symbols.slotOf("x"), 1);
      h.vars.setString(h.symbols.slotOf("y"), "t");
      h.vars.setString(h.symbols.slotOf("z"), "y");
      h.link.clearResponse();
      Recorder r = new Recorder();
      h.link.command(h.plans[0][0], 0, 0, h.vars, null, r);
      assertEquals(1, h.link.pending, "prepared already: one answer");
      h.await();
      assertEquals(List.of("rows:1:v=2,n=f,u=y"), r.results);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "blocking"})
  void integersAreSentAsTheirDecimalTextAndUndefinedVariablesAsNull(
      String transport, TestDatabase db) throws Exception {
    try (Harness h =
        new Harness(db, transport)
            .sql("select :a::bigint as a, :b::text as b, :c::text is null as c, :d::text as d")
            .open(QueryMode.EXTENDED)) {
      h.vars.setInt(h.symbols.slotOf("a"), Long.MIN_VALUE);
      h.vars.setInt(h.symbols.slotOf("b"), 0);
      h.vars.setInt(h.symbols.slotOf("d"), Long.MAX_VALUE);
      Recorder r = h.run(0, null);
      assertEquals(
          List.of("rows:1:a=-9223372036854775808,b=0,c=t,d=9223372036854775807"), r.results);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "blocking"})
  void largeParametersAndResultsCrossManyReads(String transport, TestDatabase db) throws Exception {
    try (Harness h =
        new Harness(db, transport)
            .sql("select length(:p::text) as n, repeat('y', 3000000) as big")
            .open(QueryMode.EXTENDED)) {
      h.vars.setString(h.symbols.slotOf("p"), "x".repeat(700_000));
      Recorder r = h.run(0, null);
      assertEquals(1, r.results.size());
      assertTrue(r.results.get(0).startsWith("rows:1:n=700000,big=yyyy"));
      assertEquals(3_000_000 + "rows:1:n=700000,big=".length(), r.results.get(0).length());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "blocking"})
  void anErrorLeavesTheBlockFailedAndTheConnectionUsable(String transport, TestDatabase db)
      throws Exception {
    try (Harness h =
        new Harness(db, transport).sql("begin").sql("select 1/0").open(QueryMode.EXTENDED)) {
      h.run(0, null);
      assertEquals('T', h.link.txStatus);
      h.run(1, null);
      assertNotNull(h.link.error);
      assertEquals("22012", h.link.error.code());
      assertEquals("division by zero", h.link.error.message());
      assertEquals('E', h.link.txStatus, "the block failed");
      h.link.clearResponse();
      h.link.rollback();
      h.await();
      assertNull(h.link.error);
      assertEquals('I', h.link.txStatus);
      assertFalse(h.link.broken);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "blocking"})
  void aPipelineKeepsItsFirstErrorAndRollsBackAsOne(String transport, TestDatabase db)
      throws Exception {
    try (Connection setup = db.connect();
        Statement st = setup.createStatement()) {
      st.execute("create table if not exists wire_pipe_" + transport + " (x int)");
    }
    String table = "wire_pipe_" + transport;
    try (Harness h =
        new Harness(db, transport)
            .sql("insert into " + table + " values (:v::int)")
            .sql("select count(*) as n from " + table)
            .open(QueryMode.EXTENDED)) {
      h.link.clearResponse();
      for (String v : new String[] {"1", "2", "oops", "4"}) {
        h.vars.setString(h.symbols.slotOf("v"), v);
        h.link.pipelined(h.plans[0][0], 0, 0, h.vars);
      }
      h.link.pipelineSync();
      h.await();
      assertEquals("22P02", h.link.error.code());
      assertEquals(2, h.link.errorQuery, "two inserts completed before the bad one");
      Recorder r = h.run(1, null);
      assertEquals(List.of("rows:1:n=0"), r.results, "the pipeline's implicit transaction");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "blocking"})
  void tenThousandPipelinedRowsAndTwelveMegabytesOfResultsDoNotHang(
      String transport, TestDatabase db) throws Exception {
    try (Harness h =
        new Harness(db, transport)
            .sql("select :i::int as i, repeat('z', 1200) as pad")
            .open(QueryMode.EXTENDED)) {
      h.link.clearResponse();
      for (int i = 0; i < 10_000; i++) {
        h.vars.setInt(h.symbols.slotOf("i"), i);
        h.link.pipelined(h.plans[0][0], 0, 0, h.vars);
      }
      h.link.pipelineSync();
      h.await();
      assertNull(h.link.error);
      assertFalse(h.link.broken);
      assertEquals('I', h.link.txStatus);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "blocking"})
  void aTerminatedBackendBreaksTheLinkWithTheServersLastWord(String transport, TestDatabase db)
      throws Exception {
    try (Harness h =
        new Harness(db, transport).sql("select pg_sleep(5)").open(QueryMode.EXTENDED)) {
      int pid;
      try (Statement st = h.con.createStatement();
          ResultSet rs = st.executeQuery("select pg_backend_pid()")) {
        rs.next();
        pid = rs.getInt(1);
      }
      h.link.clearResponse();
      h.link.command(h.plans[0][0], 0, 0, h.vars, null, null);
      try (Connection killer = db.connect();
          Statement st = killer.createStatement()) {
        Thread.sleep(200);
        st.execute("select pg_terminate_backend(" + pid + ")");
      }
      h.await();
      assertTrue(h.link.broken);
      assertNotNull(h.link.error, "the FATAL that announced the end");
      assertTrue(h.link.error.endsSession());
      assertEquals("57P01", h.link.error.code());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "blocking"})
  void copyGivesTheConnectionUp(String transport, TestDatabase db) throws Exception {
    try (Harness h =
        new Harness(db, transport).sql("copy (select 1) to stdout").open(QueryMode.SIMPLE)) {
      h.run(0, "copy (select 1) to stdout");
      assertTrue(h.link.copy);
      assertTrue(h.link.broken);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "blocking"})
  void noticesArePrintedAsLibpqPrintsThem(String transport, TestDatabase db) throws Exception {
    String q = "do $$ begin raise notice 'hello %', 42 using detail = 'more'; end $$";
    try (Harness h = new Harness(db, transport).sql(q).open(QueryMode.SIMPLE)) {
      h.run(0, q);
      assertEquals("NOTICE:  hello 42\nDETAIL:  more\n", h.err());
    }
  }
}
