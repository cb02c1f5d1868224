package org.jpgbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StatsRecorderTest {
  @Test
  void recordsTotalsPerScriptPerCommandAndTheHistogram() {
    StatsRecorder r = new StatsRecorder(new int[] {2, 1}, true);
    r.attach(new ClientHistograms(2, false, false, false));
    r.transaction(0, false, 1500, 10, TxStatus.OK, 1, true);
    r.transaction(1, false, 0, 0, TxStatus.DEADLOCK, 2, false);
    r.transaction(1, true, 0, 0, TxStatus.OK, 1, false);
    r.command(0, 1).addLatency(700);
    assertEquals(1, r.total().cnt);
    assertEquals(1, r.total().skipped);
    assertEquals(1, r.total().deadlockFailures);
    assertEquals(1, r.script(0).cnt);
    assertEquals(1, r.script(1).skipped);
    assertEquals(1, r.latencyLate());
    assertEquals(1, r.latencies().getTotalCount());
    assertEquals(1500, r.latencies().getValueAtPercentile(50), 2);
    assertEquals(700, r.command(0, 1).sumMicros);
  }

  @Test
  void theHistogramIsRecordedOnlyWithExtraHistogramsAttached() {
    StatsRecorder r = new StatsRecorder(new int[] {1}, false);
    r.transaction(0, false, 1500, 0, TxStatus.OK, 1, false);
    assertEquals(1, r.total().cnt);
    assertEquals(0, r.latencies().getTotalCount());
  }

  @Test
  void withoutPerScriptStatsOnlyTotalsAreKept() {
    StatsRecorder r = new StatsRecorder(new int[] {1}, false);
    r.transaction(0, false, 10, 0, TxStatus.OK, 1, false);
    assertEquals(null, r.script(0));
  }

  @Test
  void snapshotsFromAnotherThreadAreNeverHalfWritten() throws Exception {
    StatsRecorder r = new StatsRecorder(new int[] {1}, false);
    int n = 200_000;
    Thread writer =
        new Thread(
            () -> {
              for (int i = 0; i < n; i++) {
                r.transaction(0, false, 3, 1, TxStatus.OK, 1, false);
              }
            });
    writer.start();
    StatsData s = new StatsData();
    long last = 0;
    while (writer.isAlive() || last < n) {
      r.snapshot(s);
      assertEquals(3.0 * s.cnt, s.latency.sum, "sum matches count");
      assertEquals(s.cnt, s.lag.count);
      last = s.cnt;
    }
    writer.join();
    assertEquals(n, last);
  }
}
