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
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C (a real SIGINT raised in this JVM while the run has its handler) and --exit-on-abort. */
@ExtendWith(PostgresExtension.class)
class InterruptTest {
  /** Waits until a client's query shows in pg_stat_activity: the run (and its handler) is on. */
  private static void awaitQuery(TestDatabase db, String like) throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      for (int i = 0; i < 200; i++) {
        try (ResultSet rs =
            s.executeQuery(
                "select count(*) from pg_stat_activity where query like '"
                    + like
                    + "' and pid <> pg_backend_pid()")) {
          rs.next();
          if (rs.getInt(1) > 0) {
            return;
          }
        }
        Thread.sleep(50);
      }
    }
    throw new AssertionError("the run did not start");
  }

  @Test
  void ctrlCPrintsTheReportOfWhatRanAndFlushesTheLog(TestDatabase db, @TempDir Path dir)
      throws Exception {
    RunHarness h = new RunHarness();
    h.options.clients = 2;
    h.options.durationSeconds = 60;
    h.options.log = true;
    h.options.logPrefix = dir.resolve("log").toString();
    Thread ctrlC =
        new Thread(
            () -> {
              try {
                awaitQuery(db, "SELECT pg_sleep(0.05)%");
                Thread.sleep(300);
                Class<?> signal = Class.forName("sun.misc.Signal");
                signal
                    .getMethod("raise", signal)
                    .invoke(null, signal.getConstructor(String.class).newInstance("INT"));
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    ctrlC.start();
    long t0 = System.nanoTime();
    h.run(db, h.script().sql("SELECT pg_sleep(0.05);").build("sleepy.sql", 1));
    ctrlC.join();
    assertTrue(System.nanoTime() - t0 < 30_000_000_000L, "stopped well before -T 60");
    assertEquals(org.jpgbench.sigint.CtrlC.EXIT_STATUS, h.status, h.err);
    assertEquals("duration: 60 s", h.line("duration"));
    String processed = h.line("number of transactions actually processed: ");
    assertNotNull(processed, h.out);
    long n = Long.parseLong(processed.replaceAll("\\D+", ""));
    assertTrue(
        h.err.endsWith(
            "jpgbench: warning: Run was interrupted; the above results are " + "partial.\n"),
        h.err);
    assertTrue(!h.err.contains("aborted"), h.err);
    long logged = 0;
    try (var files = Files.list(dir)) {
      for (Path p : files.toList()) {
        List<String> lines = Files.readAllLines(p);
        logged += lines.size();
      }
    }
    assertEquals(n, logged, "every counted transaction is in the log");
  }

  @Test
  void exitOnAbortStopsTheRunWithoutAReport(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.clients = 2;
    h.options.threads = 2;
    h.options.durationSeconds = 30;
    h.options.exitOnAbort = true;
    h.run(
        db,
        h.script()
            .sql("SELECT pg_sleep(0.02);")
            .sql("SELECT 1/(:client_id - 1);")
            .build("bad.sql", 1));
    assertEquals(2, h.status, h.err);
    assertTrue(
        h.err.contains(
            "jpgbench: error: client 1 script 0 aborted in command 1 query 0: "
                + "ERROR:  division by zero\n"),
        h.err);
    assertTrue(
        h.err.endsWith("jpgbench: error: Run was aborted due to an error in thread 1\n"), h.err);
    assertEquals(null, h.line("transaction type"));
  }
}
