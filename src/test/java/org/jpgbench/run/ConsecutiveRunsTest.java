package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jpgbench.config.QueryMode;
import org.jpgbench.script.Script;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A run is a piece a larger experiment can hold: three benchmarks of different shapes one after
 * another in this JVM, each with its own right report, and after them the threads and file
 * descriptors the process had before (what a sweep or an A/B comparison relies on).
 */
@ExtendWith(PostgresExtension.class)
class ConsecutiveRunsTest {
  /** One run: its result and what it printed. */
  private record Ran(RunResult result, String out, String err) {}

  private static Ran run(TestDatabase db, int clients, int threads, long txns, String mode) {
    RunHarness h = new RunHarness();
    Script script = h.selectOnly();
    h.options.clients = clients;
    h.options.threads = threads;
    h.options.transactionsPerClient = txns;
    h.options.queryMode = QueryMode.valueOf(mode);
    h.options.randomSeed = 7L;
    String transport = System.getenv("JPGBENCH_TRANSPORT"); // set by the fallback test runs
    if (transport != null) {
      h.options.transport = transport;
    }
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    RunResult r;
    try (PrintStream po = new PrintStream(o, true, StandardCharsets.UTF_8);
        PrintStream pe = new PrintStream(e, true, StandardCharsets.UTF_8)) {
      r =
          RunMode.benchmark(
              h.options.build(), List.of(script), h.symbols, db.connectionFactory(), po, pe);
    }
    return new Ran(r, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
  }

  private static Set<String> jpgbenchThreads() {
    Set<String> names = new TreeSet<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.isAlive() && t.getName().startsWith("jpgbench-")) {
        names.add(t.getName());
      }
    }
    return names;
  }

  private static long openDescriptors() throws IOException {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return fds.count();
    }
  }

  @Test
  void threeRunsInOneProcessEachReportRightAndNothingLeftOver(TestDatabase db) throws Exception {
    PgbenchTables.create(db);
    run(db, 1, 1, 5, "SIMPLE"); // the first loads the classes and the driver's own threads
    int threadsBefore = Thread.activeCount();
    long fdsBefore = openDescriptors();
    Ran[] runs = {
      run(db, 4, 2, 25, "PREPARED"), run(db, 2, 1, 40, "SIMPLE"), run(db, 3, 3, 10, "EXTENDED")
    };
    long[][] shapes = {{4, 2, 25}, {2, 1, 40}, {3, 3, 10}};
    String[] modes = {"prepared", "simple", "extended"};
    for (int i = 0; i < runs.length; i++) {
      Ran r = runs[i];
      long clients = shapes[i][0];
      long txns = shapes[i][2];
      assertEquals(0, r.result().status(), r.err());
      assertNotNull(r.result().summary());
      assertEquals(clients * txns, r.result().summary().total().cnt, r.out());
      assertTrue(r.out().contains("query mode: " + modes[i] + "\n"), r.out());
      assertTrue(r.out().contains("number of clients: " + clients + "\n"), r.out());
      assertTrue(r.out().contains("number of threads: " + shapes[i][1] + "\n"), r.out());
      String processed = "processed: " + clients * txns + "/" + clients * txns + "\n";
      assertTrue(r.out().contains(processed), r.out());
    }
    assertEquals(Set.of(), jpgbenchThreads(), "the runs' threads have all ended");
    // none added; one started by an earlier test in this JVM may have ended meanwhile
    int threadsAfter = Thread.activeCount();
    assertTrue(
        threadsAfter <= threadsBefore, "live threads " + threadsBefore + " -> " + threadsAfter);
    // likewise none added (one an earlier test left open may have been closed meanwhile)
    long fdsAfter = openDescriptors();
    assertTrue(fdsAfter <= fdsBefore, "open file descriptors " + fdsBefore + " -> " + fdsAfter);
  }
}
