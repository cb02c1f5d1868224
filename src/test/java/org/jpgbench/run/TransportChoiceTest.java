package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Which transport a run takes. The build runs the engine's tests once on each transport
 * (jpgbench.test.expectTransport names the one this test run must be on): this test fails when a
 * fallback run quietly used another transport than the one it is there to test.
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
    if (Boolean.getBoolean("jpgbench.test.refuseIoUring")) {
      assertTrue(
          h.err.contains(
              "jpgbench: debug: transport passed over: io_uring: " + "io_uring_setup: EPERM"),
          h.err);
    }
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

  @Test
  void aTransportThatIsRefusedWhenAskedForEndsTheRunWithAnError(TestDatabase db) {
    String old = System.getProperty("jpgbench.test.refuseIoUring");
    System.setProperty("jpgbench.test.refuseIoUring", "true");
    try {
      RunHarness h = new RunHarness();
      h.options.transport = "io_uring";
      h.run(db, h.script().sql("select 1").build("one.sql", 1));
      assertEquals(1, h.status, h.err);
      assertTrue(
          h.err.contains(
              "jpgbench: error: cannot use the transport asked for: "
                  + "io_uring_setup: EPERM, operation not permitted (1)"),
          h.err);
    } finally {
      if (old == null) {
        System.clearProperty("jpgbench.test.refuseIoUring");
      } else {
        System.setProperty("jpgbench.test.refuseIoUring", old);
      }
    }
  }
}
