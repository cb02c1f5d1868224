package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.jpgbench.script.Script;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Serialization failures forced with two clients updating one row under REPEATABLE READ (the second
 * to update always fails): retried with --max-tries, counted as failures without.
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

  private static Script conflict(RunHarness h) {
    return h.script()
        .setRandom("delta", 1, 9)
        .sql("BEGIN ISOLATION LEVEL REPEATABLE READ;")
        .sql("SELECT pg_sleep(0.3);")
        .sql("UPDATE hx_xy SET y = y + :delta WHERE x = 1;")
        .sql("END;")
        .build("conflict.sql", 1);
  }

  @Test
  void aSerializationFailureIsRetriedWithTheSameRandomValues(TestDatabase db) throws Exception {
    RunHarness h = new RunHarness();
    h.options.clients = 2;
    h.options.transactionsPerClient = 1;
    h.options.maxTries = 2;
    h.options.verboseErrors = true;
    h.options.reportPerCommand = true;
    h.run(db, conflict(h));
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
            "(?s).*jpgbench: client [01] got an error in command 3 \\(SQL\\) of "
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
    // both deltas applied: the retry re-drew the same random value as the failed try
    try (Connection c = db.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select y from hx_xy")) {
      rs.next();
      assertTrue(rs.getInt(1) >= 2, "two deltas of 1..9 applied");
    }
  }

  @Test
  void withoutRetriesTheFailureIsCountedNotAborted(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.clients = 2;
    h.options.transactionsPerClient = 1;
    h.options.failuresDetailed = true;
    h.run(db, conflict(h));
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
