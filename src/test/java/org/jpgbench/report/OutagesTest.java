package org.jpgbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Outage windows summarized, and merged across the processes of one benchmark. */
class OutagesTest {
  @Test
  void totalsLongestAndRecovery() {
    Outages o =
        new Outages(
            1_000_000,
            List.of(
                new Outage(2_000_000, 2_500_000, 3, 3, 400_000, false),
                new Outage(5_000_000, 6_200_000, 4, 5, 1_100_000, false),
                new Outage(8_000_000, 8_100_000, 1, 0, -1, true)));
    assertEquals(1_800_000, o.totalMicros());
    assertEquals(5_000_000, o.longest().fromEpochMicros());
    assertEquals(1_100_000, o.maxRecoverMicros());
    assertEquals(4.0, o.seconds(5_000_000), 1e-9);
  }

  @Test
  void overlappingWindowsOfTwoProcessesBecomeOne() {
    // process A saw the outage from 10.0 s to 12.0 s, process B (started 1 s later) from 10.2 to
    // 12.4: one outage from 10.0 to 12.4, recovered when the later of the two recovered
    Outages a =
        new Outages(1_000_000, List.of(new Outage(10_000_000, 12_000_000, 4, 4, 1_900_000, false)));
    Outages b =
        new Outages(
            2_000_000,
            List.of(
                new Outage(10_200_000, 12_400_000, 4, 3, 2_100_000, false),
                new Outage(20_000_000, 20_500_000, 1, 1, -1, true)));
    Outages m = Outages.merge(List.of(b, a));
    assertEquals(1_000_000, m.benchStartEpochMicros());
    assertEquals(2, m.windows().size());
    Outage one = m.windows().get(0);
    assertEquals(10_000_000, one.fromEpochMicros());
    assertEquals(12_400_000, one.toEpochMicros());
    assertEquals(8, one.clients());
    assertEquals(7, one.failedTransactions());
    assertEquals(2_300_000, one.recoverMicros());
    assertFalse(one.ongoing());
    assertTrue(m.windows().get(1).ongoing());
    assertEquals(-1, m.windows().get(1).recoverMicros());
  }

  @Test
  void aWindowThatNeverRecoveredKeepsTheOtherProcessesRecovery() {
    Outage none = new Outage(0, 100, 1, 1, -1, true);
    Outage some = new Outage(50, 120, 1, 1, 60, false);
    Outage u = none.union(some);
    assertEquals(60, u.recoverMicros());
    assertTrue(u.ongoing());
    assertEquals(0, u.fromEpochMicros());
    assertEquals(120, u.toEpochMicros());
  }

  @Test
  void disjointWindowsStaySeparateInTimeOrder() {
    Outages a = new Outages(0, List.of(new Outage(300, 400, 1, 1, 50, false)));
    Outages b = new Outages(0, List.of(new Outage(100, 200, 1, 1, 50, false)));
    List<Outage> w = Outages.merge(List.of(a, b)).windows();
    assertEquals(List.of(100L, 300L), w.stream().map(Outage::fromEpochMicros).toList());
  }

  @Test
  void nothingToMerge() {
    Outages m = Outages.merge(List.of());
    assertTrue(m.windows().isEmpty());
    assertEquals(0, m.benchStartEpochMicros());
  }
}
