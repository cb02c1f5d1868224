package org.jpgbench.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jpgbench.report.ServerStats;
import org.junit.jupiter.api.Test;

/**
 * Counters read a known lag late, on synthetic runs whose true per-second work is known: the lag is
 * found, and each late counter lands back in the second it came from.
 */
class FlushLagTest {
  /** Transactions per second of the synthetic run, second by second. */
  private static final double[] RATES = {100, 300, 300, 200, 500, 500, 100, 400, 400, 300};

  /** The clients' transactions done by time t. */
  private static double done(double t) {
    double sum = 0;
    for (int s = 0; s < RATES.length; s++) {
      sum += RATES[s] * Math.max(0, Math.min(1, t - s));
    }
    return sum;
  }

  /**
   * The monitor's view of the run: reads every second {@code lag} seconds behind, and a last read
   * 0.05 s after the end that has everything; commits as seen, blocks 3 per commit, WAL on time.
   */
  private static ServerStats seen(double lag) {
    List<Double> ends = new ArrayList<>();
    for (int k = 1; k <= RATES.length; k++) {
      ends.add((double) k);
    }
    ends.add(RATES.length + 0.05);
    List<ServerStats.Interval> intervals = new ArrayList<>();
    long before = 0;
    double start = 0;
    for (int i = 0; i < ends.size(); i++) {
      double end = ends.get(i);
      long at = Math.round(done(i == ends.size() - 1 ? end : end - lag));
      Map<String, Long> c = new LinkedHashMap<>();
      c.put("commits", at - before);
      c.put("blocks_hit", 3 * (at - before));
      c.put("wal_bytes", Math.round(done(end) - done(start)) * 100);
      intervals.add(interval(start, end, false, c));
      before = at;
      start = end;
    }
    return new ServerStats(1, 0, 180000, intervals, List.of(), Double.NaN);
  }

  private static ServerStats.Interval interval(
      double start, double end, boolean gap, Map<String, Long> c) {
    return new ServerStats.Interval(start, end, gap, c, false, List.of(), Map.of(), Map.of(), 0);
  }

  private static long[] clients(ServerStats s) {
    return s.intervals().stream().mapToLong(i -> Math.round(done(i.end()))).toArray();
  }

  @Test
  void aKnownLagIsFoundAndEachSecondGetsItsOwnWork() {
    for (double lag : new double[] {0.3, 0.7, 1.0, 1.4}) {
      ServerStats seen = seen(lag);
      ServerStats put = FlushLag.retime(seen, clients(seen), Set.of("commits", "blocks_hit"));
      assertEquals(lag, put.flushLagSeconds(), 0.021, "the lag");
      for (int s = 0; s < RATES.length; s++) {
        ServerStats.Interval i = put.intervals().get(s);
        // linear between reads a second apart, a second's steps are smoothed: off by at most
        // 45% of the largest step of the rate (400/s)
        assertEquals(RATES[s], i.counters().get("commits"), 0.45 * 400, "s " + s);
        assertEquals(3 * i.counters().get("commits"), i.counters().get("blocks_hit"), 3.0);
        assertEquals(
            seen.intervals().get(s).counters().get("wal_bytes"), i.counters().get("wal_bytes"));
      }
      assertEquals(seen.totals(), put.totals(), "the totals are the server's");
      // as seen, the last whole second held its own work and the exit's flush
      double busiestSeen = 0;
      double busiestPut = 0;
      for (int s = 0; s < RATES.length; s++) {
        busiestSeen = Math.max(busiestSeen, seen.intervals().get(s).counters().get("commits"));
        busiestPut = Math.max(busiestPut, put.intervals().get(s).counters().get("commits"));
      }
      long lastSeen = seen.intervals().get(RATES.length).counters().get("commits");
      assertTrue(
          lastSeen > 0.25 * RATES[RATES.length - 1] || lag < 0.5, "the exit flush " + lastSeen);
      assertTrue(busiestPut <= 1.2 * 500, "no second over its work: " + busiestPut);
      assertTrue(put.intervals().get(RATES.length).counters().get("commits") <= 0.05 * 300 + 1);
    }
  }

  @Test
  void onTimeCountersFitNoLag() {
    ServerStats seen = seen(0);
    ServerStats put = FlushLag.retime(seen, clients(seen), Set.of("commits"));
    assertEquals(0.0, put.flushLagSeconds(), 0.011);
    assertEquals(seen.intervals(), put.intervals());
  }

  @Test
  void nothingToFitLeavesTheCountersAsFlushed() {
    ServerStats seen = seen(0.7);
    long[] none = new long[seen.intervals().size()];
    assertSame(seen, FlushLag.retime(seen, none, Set.of("commits")), "no transactions");
    List<ServerStats.Interval> withGap = new ArrayList<>(seen.intervals());
    withGap.set(4, interval(4, 5, true, Map.of()));
    ServerStats gapped = new ServerStats(1, 0, 180000, withGap, List.of(), Double.NaN);
    assertSame(gapped, FlushLag.retime(gapped, clients(gapped), Set.of("commits")), "a gap");
    ServerStats two =
        new ServerStats(1, 0, 180000, seen.intervals().subList(0, 2), List.of(), Double.NaN);
    assertSame(two, FlushLag.retime(two, new long[] {100, 400}, Set.of("commits")), "2 intervals");
    assertTrue(Double.isNaN(two.flushLagSeconds()));
  }
}
