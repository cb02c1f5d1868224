package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** -C, -R/-L, -P, and a backend terminated under a running client. */
@ExtendWith(PostgresExtension.class)
class RunModesTest {
  @Test
  void connectPerTransactionReportsAverageConnectionTime(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.connectPerTransaction = true;
    h.options.transactionsPerClient = 3;
    h.run(db, h.script().sql("SELECT 1;").build("one.sql", 1));
    assertEquals(0, h.status, h.err);
    assertTrue(
        h.line("average connection time = ").matches("average connection time = \\d+\\.\\d{3} ms"));
    assertTrue(h.line("tps = ").endsWith(" (including reconnection times)"), h.out);
  }

  @Test
  void rateLimitReportsScheduleLagAndSkipsLateTransactions(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.transactionsPerClient = 20;
    h.options.rate = 2000;
    h.options.latencyLimitMicros = 1000;
    h.run(db, h.script().sql("SELECT pg_sleep(0.005);").build("slow.sql", 1));
    assertEquals(0, h.status, h.err);
    String skipped = h.line("number of transactions skipped: ");
    assertNotNull(skipped, h.out);
    int n = Integer.parseInt(skipped.split(" ")[4]);
    assertTrue(n > 0, "a 5 ms transaction every 0.5 ms: most slots are already late");
    assertTrue(
        h.line("number of transactions actually processed: ")
            .matches("number of transactions actually processed: \\d+/20"),
        h.out);
    assertTrue(
        h.line("number of transactions above the 1.0 ms latency limit: ")
            .matches(
                "number of transactions above the 1\\.0 ms latency limit: \\d+/\\d+ \\(\\d+\\.\\d{3}%\\)"));
    assertTrue(
        h.line("rate limit schedule lag: ")
            .matches("rate limit schedule lag: avg \\d+\\.\\d{3} \\(max \\d+\\.\\d{3}\\) ms"),
        h.out);
    assertNotNull(h.line("latency stddev = "), h.out);
  }

  @Test
  void progressLinesGoToStderr(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.durationSeconds = 2;
    h.options.progressSeconds = 1;
    h.run(db, h.script().sql("SELECT pg_sleep(0.01);").build("p.sql", 1));
    assertEquals(0, h.status, h.err);
    assertTrue(
        h.err.matches(
            "(?s)progress: 1\\.\\d s, \\d+\\.\\d tps, lat \\d+\\.\\d{3} ms stddev "
                + "\\d+\\.\\d{3}, 0 failed\n.*"),
        h.err);
    assertEquals("duration: 2 s", h.line("duration"));
  }

  @Test
  void aTerminatedBackendAbortsItsClientOnly(TestDatabase db) throws Exception {
    RunHarness h = new RunHarness();
    h.options.clients = 2;
    h.options.durationSeconds = 2;
    AtomicBoolean killed = new AtomicBoolean();
    Thread killer =
        new Thread(
            () -> {
              try (Connection c = db.connect();
                  Statement s = c.createStatement()) {
                Thread.sleep(700);
                s.execute(
                    "select pg_terminate_backend(pid) from pg_stat_activity where pid in (select pid "
                        + "from pg_stat_activity where query like 'SELECT pg_sleep(0.02)%' and pid <> "
                        + "pg_backend_pid() limit 1)");
                killed.set(true);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    killer.start();
    h.run(db, h.script().sql("SELECT pg_sleep(0.02);").build("sleepy.sql", 1));
    killer.join();
    assertTrue(killed.get());
    assertEquals(2, h.status, h.out + h.err);
    assertTrue(
        h.err.matches(
            "(?s).*jpgbench: error: client [01] script 0 aborted in command 0 "
                + "query 0: FATAL:  terminating connection due to administrator command\n.*"),
        h.err);
    assertTrue(
        h.err.endsWith("jpgbench: error: Run was aborted; the above results are incomplete.\n"),
        h.err);
    int processed =
        Integer.parseInt(
            h.line("number of transactions actually processed: ").replaceAll("\\D+", ""));
    assertTrue(processed > 60, "the other client went on: " + processed);
  }
}
