package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.jpgbench.config.QueryMode;
import org.jpgbench.script.MetaCommand;
import org.jpgbench.script.Script;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The engine against a live server: builtin-like scripts, counts, logs, gset, pipelines. */
@ExtendWith(PostgresExtension.class)
class BenchmarkTest {
  @BeforeAll
  static void tables(TestDatabase db) throws Exception {
    PgbenchTables.create(db);
  }

  @Test
  void tpcbLikeRunsEveryTransactionOfEveryClient(TestDatabase db) throws Exception {
    RunHarness h = new RunHarness();
    h.options.clients = 3;
    h.options.threads = 2;
    h.options.transactionsPerClient = 4;
    h.run(db, h.tpcb());
    assertEquals(0, h.status, h.err);
    assertTrue(h.out.startsWith("jpgbench ("), h.out);
    assertEquals("transaction type: <builtin: TPC-B (sort of)>", h.line("transaction type"));
    assertEquals("number of clients: 3", h.line("number of clients"));
    assertEquals("number of threads: 2", h.line("number of threads"));
    assertEquals(
        "number of transactions actually processed: 12/12",
        h.line("number of transactions actually"));
    assertEquals("number of failed transactions: 0 (0.000%)", h.line("number of failed"));
    assertNotNull(h.line("tps = "), h.out);
    try (Connection c = db.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select count(*) from pgbench_history")) {
      rs.next();
      assertTrue(rs.getInt(1) >= 12);
    }
  }

  @Test
  void simpleUpdateAndSelectOnlyTogetherReportEachScript(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.transactionsPerClient = 20;
    h.options.scaleGiven = true;
    h.options.scale = 7;
    h.run(db, h.simpleUpdate(), h.selectOnly());
    assertEquals(0, h.status, h.err);
    assertEquals("scaling factor: 1", h.line("scaling factor"));
    assertTrue(
        h.err.contains(
            "jpgbench: warning: scale option ignored, using count from "
                + "pgbench_branches table (1)\n"),
        h.err);
    assertEquals("transaction type: multiple scripts", h.line("transaction type"));
    assertEquals("SQL script 1: <builtin: simple update>", h.line("SQL script 1"));
    assertEquals(" - weight: 1 (targets 50.0% of total)", h.line(" - weight"));
    assertEquals("SQL script 2: <builtin: select only>", h.line("SQL script 2"));
  }

  @Test
  void samplingRateLogsAboutThatShare(TestDatabase db, @TempDir Path dir) throws Exception {
    RunHarness h = new RunHarness();
    h.options.transactionsPerClient = 400;
    h.options.log = true;
    h.options.samplingRate = 0.25;
    h.options.logPrefix = dir.resolve("sampled").toString();
    h.run(db, h.script().sql("SELECT 1;").build("one.sql", 1));
    assertEquals(0, h.status, h.err);
    long pid = ProcessHandle.current().pid();
    int lines = Files.readAllLines(dir.resolve("sampled." + pid)).size();
    // the harness seeds the run with 42: the thread's sampling generator decides, as pgbench's
    // pg_prng_double(&thread->ts_sample_rs) > sample_rate, which transactions are logged
    org.jpgbench.random.Prng sample =
        org.jpgbench.random.SeedPlan.of(42, 1, 1, false).sampleRandom(0);
    int expected = 0;
    for (int i = 0; i < 400; i++) {
      if (sample.nextDouble() <= 0.25) {
        expected++;
      }
    }
    assertEquals(expected, lines, "the transactions the sampling generator picks");
    assertTrue(expected > 50 && expected < 150, "about a quarter of 400: " + expected);
  }

  @Test
  void extendedAndPreparedModesBindUntypedText(TestDatabase db) throws Exception {
    for (QueryMode mode : List.of(QueryMode.EXTENDED, QueryMode.PREPARED)) {
      RunHarness h = new RunHarness();
      h.options.queryMode = mode;
      h.options.transactionsPerClient = 3;
      h.options.reportPerCommand = true;
      h.run(db, h.selectOnly());
      assertEquals(0, h.status, h.err);
      assertEquals(
          "query mode: " + mode.name().toLowerCase(java.util.Locale.ROOT), h.line("query mode"));
      assertTrue(
          h.out.contains("  SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"), h.out);
    }
  }

  @Test
  void gsetStoresTheRowForLaterCommands(TestDatabase db) throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("create table if not exists gset_out(a int, b text)");
      s.execute("truncate gset_out");
    }
    RunHarness h = new RunHarness();
    h.options.transactionsPerClient = 2;
    h.options.defines.put("word", "hello");
    Script sc =
        h.script()
            .gset("SELECT 6 * 7 AS a, 'x y' AS b")
            .sql("INSERT INTO gset_out VALUES (:a, ':b' || ' ' || ':word')")
            .build("gset.sql", 1);
    h.run(db, sc);
    assertEquals(0, h.status, h.err);
    try (Connection c = db.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select a, b from gset_out")) {
      rs.next();
      assertEquals(42, rs.getInt(1));
      assertEquals("x y hello", rs.getString(2));
    }
  }

  @Test
  void gsetWithoutARowAbortsTheClient(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.transactionsPerClient = 3;
    h.run(db, h.script().gset("SELECT WHERE FALSE").build("norow.sql", 1));
    assertEquals(2, h.status);
    assertTrue(
        h.err.contains(
            "jpgbench: error: client 0 script 0 command 0 query 0: expected one row, got 0"),
        h.err);
    assertTrue(h.err.contains("Run was aborted; the above results are incomplete."), h.err);
    assertEquals(
        "number of transactions actually processed: 0/3",
        h.line("number of transactions actually"));
  }

  @Test
  void perTransactionLogHasOneLinePerTransaction(TestDatabase db, @TempDir Path dir)
      throws Exception {
    RunHarness h = new RunHarness();
    h.options.clients = 2;
    h.options.threads = 2;
    h.options.transactionsPerClient = 5;
    h.options.log = true;
    h.options.logPrefix = dir.resolve("pgbench_log").toString();
    h.run(db, h.selectOnly());
    assertEquals(0, h.status, h.err);
    long pid = ProcessHandle.current().pid();
    List<String> first = Files.readAllLines(dir.resolve("pgbench_log." + pid));
    List<String> second = Files.readAllLines(dir.resolve("pgbench_log." + pid + ".1"));
    assertEquals(5, first.size());
    assertEquals(5, second.size());
    for (String l : first) {
      assertTrue(l.matches("0 [1-5] \\d+ 0 \\d{10} \\d{1,6}"), l);
    }
    for (String l : second) {
      assertTrue(l.matches("1 [1-5] \\d+ 0 \\d{10} \\d{1,6}"), l);
    }
  }

  @Test
  void aggregateLogWritesCompleteIntervals(TestDatabase db, @TempDir Path dir) throws Exception {
    RunHarness h = new RunHarness();
    h.options.durationSeconds = 2;
    h.options.log = true;
    h.options.aggregateInterval = 1;
    h.options.logPrefix = dir.resolve("agg").toString();
    h.run(db, h.selectOnly());
    assertEquals(0, h.status, h.err);
    try (Stream<Path> files = Files.list(dir)) {
      List<String> lines = Files.readAllLines(files.findFirst().orElseThrow());
      assertTrue(!lines.isEmpty() && lines.size() <= 3, lines.toString());
      for (String l : lines) {
        assertTrue(l.matches("\\d{10} \\d+ \\d+ \\d+ \\d+ \\d+ 0 0 0 0 0 0 0 0 0"), l);
      }
    }
  }

  @Test
  void pipelineRunsInExtendedMode(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.queryMode = QueryMode.EXTENDED;
    h.options.transactionsPerClient = 3;
    h.options.reportPerCommand = true;
    Script sc =
        h.script()
            .meta(MetaCommand.Kind.STARTPIPELINE)
            .sql("BEGIN;")
            .setRandom("x", 1, 9)
            .sql("SELECT :x::int + 1;")
            .meta(MetaCommand.Kind.SYNCPIPELINE)
            .sql("SELECT 2;")
            .sql("END;")
            .meta(MetaCommand.Kind.ENDPIPELINE)
            .build("pipe.sql", 1);
    h.run(db, sc);
    assertEquals(0, h.status, h.err);
    assertEquals(
        "number of transactions actually processed: 3/3",
        h.line("number of transactions actually"));
  }

  @Test
  void pipelineNeedsTheExtendedProtocol(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.transactionsPerClient = 1;
    Script sc =
        h.script()
            .meta(MetaCommand.Kind.STARTPIPELINE)
            .sql("SELECT 1;")
            .meta(MetaCommand.Kind.ENDPIPELINE)
            .build("pipe.sql", 1);
    h.run(db, sc);
    assertEquals(2, h.status);
    assertTrue(
        h.err.contains(
            "client 0 aborted in command 0 (startpipeline) of script 0; "
                + "cannot use pipeline mode with the simple query protocol"),
        h.err);
  }

  @Test
  void openTransactionAtTheEndAbortsAfterCounting(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.transactionsPerClient = 10;
    h.run(db, h.script().sql("BEGIN;").sql("SELECT 1;").build("open.sql", 1));
    assertEquals(2, h.status);
    assertEquals(
        "number of transactions actually processed: 1/10",
        h.line("number of transactions actually"));
    assertTrue(
        h.err.contains(
            "client 0 aborted: end of script reached without completing the last transaction"),
        h.err);
  }

  @Test
  void metaCommandErrorAbortsWithPgbenchMessages(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.transactionsPerClient = 3;
    h.run(db, h.script().setDivisionByZero().build("d.sql", 1));
    assertEquals(2, h.status);
    assertTrue(
        h.err.contains(
            "jpgbench: error: division by zero\n"
                + "jpgbench: error: client 0 aborted "
                + "in command 0 (set) of script 0; evaluation of meta-command failed\n"),
        h.err);
    assertTrue(h.out.endsWith("number of failed transactions: 0 (NaN%)\n"), h.out);
  }
}
