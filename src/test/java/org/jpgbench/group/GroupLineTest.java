package org.jpgbench.group;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.jpgbench.report.IntervalListener;
import org.junit.jupiter.api.Test;

/** The leader's group progress line from the members' interval rows. */
class GroupLineTest {
  private static Histogram of(long... micros) {
    Histogram h = new Histogram(3);
    for (long v : micros) {
      h.recordValue(v);
    }
    return h;
  }

  private static IntervalListener.Sample row(
      long count,
      long failed,
      long skipped,
      long retried,
      long retries,
      double sum,
      double sum2,
      double lag,
      Histogram h) {
    return new IntervalListener.Sample(
        0, 0, 1, count, failed, skipped, retried, retries, sum, sum2, lag, h, java.util.List.of());
  }

  @Test
  void countsAndSumsAddUpAndPercentilesComeFromTheMergedHistograms() {
    GroupLine.Totals t = new GroupLine.Totals();
    // member A: 3 transactions of 1, 1 and 4 ms; member B: 1 of 10 ms, one failure
    t.add(row(3, 0, 0, 0, 0, 6000, 1000 * 1000 * 18.0, 0, of(1000, 1000, 4000)));
    t.add(row(1, 1, 0, 0, 0, 10000, 1e8, 0, of(10000)));
    GroupLine group = new GroupLine(2, false, false, false);
    // 4 transactions over 2 s; mean 4 ms; E[x^2] = (18e6 + 1e8) / 4 = 29.5e6 µs^2 -> stddev
    // sqrt(29.5e6 - 16e6) = 3674.2 µs: pgbench's -P line for the sums, then the merged percentiles
    assertEquals(
        "group progress: 2.0 s, 2.0 tps, lat 4.000 ms stddev 3.674, 1 failed,"
            + " p50 1.000 ms, p99 10.007 ms, 2 of 3 members",
        group.format(0, t, 3));
    // the next line has the next interval's figures only
    GroupLine.Totals next = new GroupLine.Totals();
    next.add(row(6, 0, 0, 0, 0, 12000, 6 * 4e6, 0, of(2000, 2000, 2000, 2000, 2000, 2000)));
    assertEquals(
        "group progress: 4.0 s, 3.0 tps, lat 2.000 ms stddev 0.000, 0 failed,"
            + " p50 2.000 ms, p99 2.000 ms, 1 of 3 members",
        group.format(1, next, 3));
  }

  @Test
  void lagSkippedAndRetriesWhenTheRunHasThem() {
    GroupLine.Totals t = new GroupLine.Totals();
    t.add(row(2, 0, 5, 1, 3, 2000, 2e6, 3000, of(1000, 1000)));
    assertEquals(
        "group progress: 1.0 s, 2.0 tps, lat 1.000 ms stddev 0.000, 0 failed, lag 1.500 ms,"
            + " 5 skipped, 1 retried, 3 retries, p50 1.000 ms, p99 1.000 ms, 1 of 1 members",
        new GroupLine(1, true, true, true).format(0, t, 1));
  }

  @Test
  void anIntervalWithoutTransactionsShowsZeros() {
    assertEquals(
        "group progress: 1.0 s, 0.0 tps, lat 0.000 ms stddev 0.000, 0 failed,"
            + " p50 0.000 ms, p99 0.000 ms, 0 of 2 members",
        new GroupLine(1, false, false, false).format(0, new GroupLine.Totals(), 2));
  }
}
