package org.jpgbench.group;

import static org.jpgbench.cnum.CFormat.fixed;

import org.HdrHistogram.Histogram;
import org.jpgbench.report.IntervalListener;
import org.jpgbench.report.text.ProgressLine;
import org.jpgbench.stats.ClientHistograms;
import org.jpgbench.stats.StatsData;

/**
 * The leader's progress line for the whole group, once per -P interval: pgbench's -P line ({@link
 * ProgressLine}) for the sums of the members' rows, marked as the group's, then the interval's
 * percentiles from the members' histograms merged (never averaged) and how many members reported:
 * {@code group progress: 5.0 s, 5120.4 tps, lat 0.585 ms stddev 0.190, 0 failed, p50 0.552 ms, p99
 * 1.190 ms, 3 of 3 members}.
 */
final class GroupLine {
  /** One interval's rows of every member that wrote one, added up. */
  static final class Totals {
    private int members;
    private final StatsData sums = new StatsData();
    private final Histogram latencies = new Histogram(ClientHistograms.LATENCY_DIGITS);

    /** One member's row of the interval. */
    void add(IntervalListener.Sample s) {
      members++;
      sums.cnt += s.count();
      sums.otherFailures += s.failed();
      sums.skipped += s.skipped();
      sums.retried += s.retried();
      sums.retries += s.retries();
      sums.latency.sum += s.latencySum();
      sums.latency.sum2 += s.latencySum2();
      sums.lag.sum += s.lagSum();
      latencies.add(s.latencies());
    }

    int members() {
      return members;
    }
  }

  private final long periodMicros;
  private final ProgressLine line;

  /** The group's totals up to the last line printed. */
  private final StatsData total = new StatsData();

  GroupLine(int periodSeconds, boolean throttled, boolean latencyLimit, boolean retries) {
    this.periodMicros = periodSeconds * 1_000_000L;
    this.line = new ProgressLine("group progress", 0, throttled, latencyLimit, retries, false);
  }

  /** The line of interval {@code seq} (0 is the first; called in order), without a newline. */
  String format(int seq, Totals t, int size) {
    total.merge(t.sums);
    StringBuilder b = new StringBuilder(line.next(total, (seq + 1) * periodMicros, 0, 0));
    boolean any = t.latencies.getTotalCount() > 0;
    b.append(", p50 ").append(ms(any ? t.latencies.getValueAtPercentile(50) : 0)).append(" ms");
    b.append(", p99 ").append(ms(any ? t.latencies.getValueAtPercentile(99) : 0)).append(" ms");
    b.append(", ").append(t.members).append(" of ").append(size).append(" members");
    return b.toString();
  }

  private static String ms(long micros) {
    return fixed(micros / 1000.0, 3);
  }
}
