package org.jpgbench.group;

import static org.jpgbench.cnum.CFormat.fixed;

import org.HdrHistogram.Histogram;
import org.jpgbench.report.IntervalListener;
import org.jpgbench.stats.ClientHistograms;

/**
 * The leader's progress line for the whole group, once per -P interval, marked as the group's:
 * {@code group progress: 5.0 s, 3 of 3 members, 5120.4 tps, lat 0.585 ms stddev 0.190, p50 0.552
 * ms, p99 1.190 ms, 0 failed}. tps and the average add up the members' counts and sums; the
 * percentiles come from the members' interval histograms merged (never averaged).
 */
final class GroupLine {
  /** One interval's rows of every member that wrote one, added up. */
  static final class Totals {
    private int members;
    private long count;
    private long failed;
    private long skipped;
    private long retried;
    private double latencySum;
    private double latencySum2;
    private double lagSum;
    private final Histogram latencies = new Histogram(ClientHistograms.LATENCY_DIGITS);

    /** One member's row of the interval. */
    void add(IntervalListener.Sample s) {
      members++;
      count += s.count();
      failed += s.failed();
      skipped += s.skipped();
      retried += s.retried();
      latencySum += s.latencySum();
      latencySum2 += s.latencySum2();
      lagSum += s.lagSum();
      latencies.add(s.latencies());
    }

    int members() {
      return members;
    }
  }

  private final int periodSeconds;
  private final boolean throttled;
  private final boolean latencyLimit;
  private final boolean retries;

  GroupLine(int periodSeconds, boolean throttled, boolean latencyLimit, boolean retries) {
    this.periodSeconds = periodSeconds;
    this.throttled = throttled;
    this.latencyLimit = latencyLimit;
    this.retries = retries;
  }

  /** The line of interval {@code seq} (0 is the first), without a newline. */
  String format(int seq, Totals t, int size) {
    StringBuilder b = new StringBuilder("group progress: ");
    b.append(fixed((seq + 1.0) * periodSeconds, 1)).append(" s, ");
    b.append(t.members).append(" of ").append(size).append(" members, ");
    b.append(fixed(t.count / (double) periodSeconds, 1)).append(" tps");
    if (t.count > 0) {
      double mean = t.latencySum / t.count;
      double variance = Math.max(0, t.latencySum2 / t.count - mean * mean);
      b.append(", lat ").append(fixed(mean / 1000, 3)).append(" ms");
      b.append(" stddev ").append(fixed(Math.sqrt(variance) / 1000, 3));
      b.append(", p50 ").append(ms(t.latencies.getValueAtPercentile(50))).append(" ms");
      b.append(", p99 ").append(ms(t.latencies.getValueAtPercentile(99))).append(" ms");
      if (throttled) {
        b.append(", lag ").append(fixed(t.lagSum / t.count / 1000, 3)).append(" ms");
      }
    }
    if (latencyLimit) {
      b.append(", ").append(t.skipped).append(" skipped");
    }
    if (retries) {
      b.append(", ").append(t.retried).append(" retried");
    }
    b.append(", ").append(t.failed).append(" failed");
    return b.toString();
  }

  private static String ms(long micros) {
    return fixed(micros / 1000.0, 3);
  }
}
