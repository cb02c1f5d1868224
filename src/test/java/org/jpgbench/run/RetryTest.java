package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpgbench.script.Script;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Serialization failures forced with two clients updating one row under REPEATABLE READ: both take
 * their snapshot, then wait on an advisory lock the test holds until both are waiting, so that the
 * second to update always fails (no race on timing). Retried with --max-tries, counted as failures
 * without.
 */
@ExtendWith(PostgresExtension.class)
class RetryTest {
  @BeforeEach
  void table(TestDatabase db) throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("drop table if exists hx_xy");
      s.execute("create table hx_xy (x int primary key, y int)");
      s.execute("insert into hx_xy values (1, 0)");
    }
  }

  /** The advisory lock the clients wait on, between their snapshot and their update. */
  private static final int GATE = 727_001;

  private static Script conflict(RunHarness h) {
    return h.script()
        .setRandom("delta", 1, 9)
        .sql("BEGIN ISOLATION LEVEL REPEATABLE READ;")
        .sql("SELECT y FROM hx_xy WHERE x = 1;")
        .sql(
            "SELECT pg_advisory_lock_shared("
                + GATE
                + "), pg_advisory_unlock_shared("
                + GATE
                + ");")
        .sql("UPDATE hx_xy SET y = y + :delta WHERE x = 1;")
        .sql("END;")
        .build("conflict.sql", 1);
  }

  /**
   * Runs {@code h} while holding the gate until both clients wait on it (the first transaction of
   * each has its snapshot by then).
   */
  private static void runGated(TestDatabase db, RunHarness h) throws Exception {
    try (Connection gate = db.connect();
        Statement g = gate.createStatement()) {
      g.execute("select pg_advisory_lock(" + GATE + ")");
      Thread run = new Thread(() -> h.run(db, conflict(h)));
      run.start();
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (true) {
        try (ResultSet rs =
            g.executeQuery(
                "select count(*) from pg_locks where locktype = 'advisory' and not granted"
                    + " and objid = "
                    + GATE)) {
          rs.next();
          if (rs.getInt(1) == 2) {
            break;
          }
        }
        assertTrue(System.nanoTime() < deadline, "both clients wait at the gate\n" + h.err);
        Thread.sleep(10);
      }
      g.execute("select pg_advisory_unlock(" + GATE + ")");
      run.join(60_000);
    }
  }

  @Test
  void aSerializationFailureIsRetriedWithTheSameRandomValues(TestDatabase db) throws Exception {
    RunHarness h = new RunHarness();
    h.options.clients = 2;
    h.options.transactionsPerClient = 1;
    h.options.maxTries = 2;
    h.options.verboseErrors = true;
    h.options.reportPerCommand = true;
    h.options.debug = true;
    runGated(db, h);
    assertEquals(0, h.status, h.err);
    assertEquals("maximum number of tries: 2", h.line("maximum number of tries"));
    assertEquals(
        "number of transactions actually processed: 2/2",
        h.line("number of transactions actually"));
    assertEquals(
        "number of transactions retried: 1 (50.000%)", h.line("number of transactions retried"));
    assertEquals("total number of retries: 1", h.line("total number of retries"));
    assertTrue(
        h.err.matches(
            "(?s).*jpgbench: client [01] got an error in command 4 \\(SQL\\) of "
                + "script 0; ERROR:  could not serialize access due to concurrent update\n.*"),
        h.err);
    assertTrue(
        h.err.matches(
            "(?s).*jpgbench: client [01] repeats the transaction after the "
                + "error \\(try 1/2\\)\n.*"),
        h.err);
    assertTrue(
        h.out.matches(
            "(?s).*\n +\\d+\\.\\d{3} +0 +1  UPDATE hx_xy SET y = y \\+ :delta "
                + "WHERE x = 1;\n.*"),
        h.out);
    // the client that failed sent its update twice with the value it drew the first time, and
    // both clients' updates are in the table
    java.util.Map<String, List<Integer>> sent = new java.util.TreeMap<>();
    Matcher m =
        Pattern.compile("client ([01]) sending UPDATE hx_xy SET y = y \\+ ([1-9]) WHERE x = 1;")
            .matcher(h.err);
    while (m.find()) {
      sent.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(Integer.parseInt(m.group(2)));
    }
    assertEquals(2, sent.size(), h.err);
    List<Integer> tries =
        sent.values().stream().filter(v -> v.size() == 2).findFirst().orElseThrow();
    assertEquals(
        tries.get(0), tries.get(1), "the retry sent the value drawn for the failed try\n" + h.err);
    int applied = sent.values().stream().mapToInt(v -> v.get(v.size() - 1)).sum();
    try (Connection c = db.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select y from hx_xy")) {
      rs.next();
      assertEquals(applied, rs.getInt(1), "both clients' deltas applied, once each");
    }
  }

  @Test
  void withoutRetriesTheFailureIsCountedNotAborted(TestDatabase db) throws Exception {
    RunHarness h = new RunHarness();
    h.options.clients = 2;
    h.options.transactionsPerClient = 1;
    h.options.failuresDetailed = true;
    runGated(db, h);
    assertEquals(0, h.status, h.err);
    assertEquals(
        "number of transactions actually processed: 1/2",
        h.line("number of transactions actually"));
    assertEquals("number of failed transactions: 1 (50.000%)", h.line("number of failed"));
    assertEquals(
        "number of serialization failures: 1 (50.000%)", h.line("number of serialization"));
    assertEquals("number of deadlock failures: 0 (0.000%)", h.line("number of deadlock"));
    assertTrue(h.line("latency average = ").endsWith(" ms (including failures)"), h.out);
  }

  @Test
  void continueOnErrorCountsOtherErrorsAsFailures(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.transactionsPerClient = 3;
    h.options.continueOnError = true;
    h.options.failuresDetailed = true;
    h.run(db, h.script().sql("BEGIN;").sql("SELECT 1/0;").sql("END;").build("zero.sql", 1));
    assertEquals(0, h.status, h.err);
    assertEquals(
        "number of transactions actually processed: 0/3",
        h.line("number of transactions actually"));
    assertEquals("number of failed transactions: 3 (100.000%)", h.line("number of failed"));
    assertEquals("number of other failures: 3 (100.000%)", h.line("number of other failures"));
  }
}
