package org.jpgbench.telemetry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jpgbench.report.ServerStats;

/**
 * Puts the counters that backends flush late back into the seconds they came from.
 *
 * <p>A backend adds its transactions, blocks and tuples to pg_stat_database and pg_stat_wal at most
 * once a second (PostgreSQL 15+; every 0.5 s before), and the rest as it exits. Read every second,
 * those counters trail the run by up to a second: the first interval shows almost nothing and the
 * last, with the exit's flush, up to two seconds' worth. The WAL position and the workload's own
 * counters are read from the server's state itself and are on time.
 *
 * <p>The model: what a periodic read shows is what the backends did up to {@code lag} seconds
 * before it; the last read, taken once they exited, shows everything. The lag is the one that best
 * lines up the server's commits with the clients' own transactions, counted at the same instants
 * (one commit per transaction, whatever the ratio, since the curves are compared as shares of their
 * totals); each late counter's cumulative curve is then moved back by it and read again at the
 * intervals' ends, linearly between reads. The totals stay what the server counted.
 */
final class FlushLag {
  /** The lags tried, in seconds: a flush a second late, or two under long transactions. */
  private static final double MAX_LAG = 2.0;

  /** The lags' step: a hundredth of a second. */
  private static final int STEPS_PER_SECOND = 100;

  private FlushLag() {}

  /**
   * The statistics with the late counters moved back by the lag that best fits; as they are when
   * there is nothing to fit: fewer than three intervals, a gap, or no commits or transactions.
   *
   * @param s the monitor's statistics, the last interval closed after the backends exited
   * @param clientsDone the clients' transactions at each interval's end (one per interval)
   * @param late the names of the counters that backends flush late
   */
  static ServerStats retime(ServerStats s, long[] clientsDone, Set<String> late) {
    List<ServerStats.Interval> intervals = s.intervals();
    int n = intervals.size();
    if (n < 3
        || clientsDone.length != n
        || intervals.stream().anyMatch(ServerStats.Interval::gap)) {
      return s;
    }
    double[] ends = new double[n];
    for (int i = 0; i < n; i++) {
      ends[i] = intervals.get(i).end();
    }
    double start = intervals.get(0).start();
    long[] commits = cumulative(intervals, "commits");
    if (commits == null || commits[n - 1] <= 0 || clientsDone[n - 1] <= 0) {
      return s;
    }
    double lag = bestLag(start, ends, commits, clientsDone);
    List<Map<String, Long>> moved = new ArrayList<>();
    for (ServerStats.Interval i : intervals) {
      moved.add(new LinkedHashMap<>(i.counters()));
    }
    for (String name : late) {
      long[] c = cumulative(intervals, name);
      if (c == null) {
        continue;
      }
      long before = 0;
      for (int i = 0; i < n; i++) {
        long at = Math.round(shifted(start, ends, c, lag, ends[i]));
        moved.get(i).put(name, at - before);
        before = at;
      }
    }
    List<ServerStats.Interval> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(intervals.get(i).withCounters(moved.get(i)));
    }
    return s.withIntervals(out, lag);
  }

  /**
   * The lag, in hundredths of a second up to {@link #MAX_LAG}, whose moved commits curve is closest
   * to the clients' (least squares of the shares at the intervals' ends); the shortest of equals.
   */
  static double bestLag(double start, double[] ends, long[] commits, long[] clientsDone) {
    int n = ends.length;
    double best = 0;
    double bestError = Double.MAX_VALUE;
    for (int step = 0; step <= MAX_LAG * STEPS_PER_SECOND; step++) {
      double lag = (double) step / STEPS_PER_SECOND;
      double error = 0;
      for (int i = 0; i < n - 1; i++) {
        double d =
            shifted(start, ends, commits, lag, ends[i]) / commits[n - 1]
                - (double) clientsDone[i] / clientsDone[n - 1];
        error += d * d;
      }
      if (error < bestError - 1e-12) {
        bestError = error;
        best = lag;
      }
    }
    return best;
  }

  /**
   * The moved curve at {@code t}: the reads at ends[i] - lag (the last at its own end, no earlier
   * than the one before), the start at 0, linear between them.
   */
  static double shifted(double start, double[] ends, long[] cumulative, double lag, double t) {
    int n = ends.length;
    double x0 = start;
    double y0 = 0;
    for (int i = 0; i < n; i++) {
      double x = Math.max(x0, i == n - 1 ? ends[i] : ends[i] - lag);
      double y = cumulative[i];
      if (t <= x) {
        return x == x0 ? y0 : y0 + (y - y0) * (t - x0) / (x - x0);
      }
      x0 = x;
      y0 = y;
    }
    return y0;
  }

  /** The counter's running total at each interval's end, or null when an interval lacks it. */
  private static long[] cumulative(List<ServerStats.Interval> intervals, String name) {
    long[] c = new long[intervals.size()];
    long sum = 0;
    for (int i = 0; i < c.length; i++) {
      Long v = intervals.get(i).counters().get(name);
      if (v == null) {
        return null;
      }
      sum += v;
      c[i] = sum;
    }
    return c;
  }
}
