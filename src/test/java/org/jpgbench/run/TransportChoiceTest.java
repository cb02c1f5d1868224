package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Which transport a run takes. The build runs the engine's tests once on each transport
 * ($JPGBENCH_TRANSPORT chooses it, jpgbench.test.expectTransport names the one this test run must
 * be on): this test fails when such a run quietly used another transport than the one it is there
 * to test. How the choice falls back is io.TransportsTest's.
 */
@ExtendWith(PostgresExtension.class)
class TransportChoiceTest {
  @Test
  void theRunUsesTheTransportThisTestRunIsFor(TestDatabase db) {
    String expected = System.getProperty("jpgbench.test.expectTransport", "io_uring");
    RunHarness h = new RunHarness();
    h.options.debug = true;
    h.options.transactionsPerClient = 1;
    h.run(db, h.script().sql("select 1").build("one.sql", 1));
    assertEquals(0, h.status, h.err);
    assertTrue(
        h.err.contains("jpgbench: debug: transport: " + expected + ", queries: wire\n"), h.err);
  }

  @Test
  void aTransportAskedForIsUsed(TestDatabase db) {
    for (String kind : new String[] {"epoll", "blocking"}) {
      RunHarness h = new RunHarness();
      h.options.debug = true;
      h.options.transactionsPerClient = 1;
      h.options.transport = kind;
      h.run(db, h.script().sql("select 1").build("one.sql", 1));
      assertEquals(0, h.status, h.err);
      assertTrue(h.err.contains("transport: " + kind + ", queries: wire\n"), h.err);
    }
  }
}
