package org.jpgbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StatsDataTest {
  @Test
  void accumulatesAsPgbenchAccumStats() {
    StatsData s = new StatsData();
    s.accumulate(false, 1000, 10, TxStatus.OK, 1);
    s.accumulate(false, 3000, 30, TxStatus.OK, 3);
    s.accumulate(false, 0, 0, TxStatus.SERIALIZATION, 2);
    s.accumulate(false, 0, 0, TxStatus.DEADLOCK, 1);
    s.accumulate(true, 0, 0, TxStatus.OK, 1);
    assertEquals(2, s.cnt);
    assertEquals(1, s.skipped);
    assertEquals(2, s.failures());
    assertEquals(5, s.total());
    assertEquals(2, s.retried); // the 3-try success and the 2-try failure
    assertEquals(3, s.retries);
    assertEquals(2000.0, s.latency.mean());
    assertEquals(1000.0, s.latency.stddev());
    assertEquals(1000.0, s.latency.min);
    assertEquals(3000.0, s.latency.max);
    assertEquals(30.0, s.lag.max);
  }

  @Test
  void mergeKeepsMinMaxAndSums() {
    StatsData a = new StatsData();
    StatsData b = new StatsData();
    a.accumulate(false, 500, 0, TxStatus.OK, 1);
    b.accumulate(false, 200, 0, TxStatus.OK, 1);
    b.accumulate(false, 900, 0, TxStatus.OK, 1);
    StatsData m = new StatsData();
    m.merge(a);
    m.merge(b);
    assertEquals(3, m.cnt);
    assertEquals(200.0, m.latency.min);
    assertEquals(900.0, m.latency.max);
    assertEquals(1600.0, m.latency.sum);
    assertEquals(500 * 500 + 200 * 200 + 900 * 900, m.latency.sum2);
  }

  @Test
  void emptyMergeDoesNotInventAMinimum() {
    StatsData m = new StatsData();
    m.merge(new StatsData());
    StatsData b = new StatsData();
    b.accumulate(false, 700, 0, TxStatus.OK, 1);
    m.merge(b);
    assertEquals(700.0, m.latency.min);
  }
}
