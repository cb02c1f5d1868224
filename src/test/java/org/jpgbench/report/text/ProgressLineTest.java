package org.jpgbench.report.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jpgbench.stats.StatsData;
import org.jpgbench.stats.TxStatus;
import org.junit.jupiter.api.Test;

class ProgressLineTest {
  @Test
  void reportsTheIntervalSinceThePreviousLine() {
    ProgressLine p = new ProgressLine(1_000_000, false, false, false, false);
    StatsData cur = new StatsData();
    for (int i = 0; i < 224; i++) {
      cur.accumulate(false, i % 2 == 0 ? 500 : 824, 0, TxStatus.OK, 1);
    }
    assertEquals(
        "progress: 1.0 s, 224.0 tps, lat 0.662 ms stddev 0.162, 0 failed",
        p.next(cur, 2_000_000, 1_000_000, 0));
    cur.accumulate(false, 1000, 0, TxStatus.OK, 1);
    cur.accumulate(false, 0, 0, TxStatus.DEADLOCK, 1);
    assertEquals(
        "progress: 2.0 s, 1.0 tps, lat 1.000 ms stddev 0.000, 1 failed",
        p.next(cur, 3_000_000, 1_000_000, 0));
  }

  @Test
  void lagSkippedRetriesAndTimestamp() {
    ProgressLine p = new ProgressLine(0, true, true, true, true);
    StatsData cur = new StatsData();
    cur.accumulate(false, 400, 200, TxStatus.OK, 2);
    cur.accumulate(true, 0, 0, TxStatus.OK, 1);
    assertEquals(
        "progress: 1796001501.000 s, 2.0 tps, lat 0.400 ms stddev 0.000, 0 failed, "
            + "lag 0.200 ms, 1 skipped, 1 retried, 1 retries",
        p.next(cur, 500_000, 0, 1796001500_500_000L));
  }

  @Test
  void anEmptyIntervalPrintsZeros() {
    ProgressLine p = new ProgressLine(0, false, false, false, false);
    assertEquals(
        "progress: 5.0 s, 0.0 tps, lat 0.000 ms stddev 0.000, 0 failed",
        p.next(new StatsData(), 5_000_000, 0, 0));
  }
}
