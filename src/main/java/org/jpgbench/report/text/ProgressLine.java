package org.jpgbench.report.text;

import static org.jpgbench.cnum.CFormat.fixed;

import org.jpgbench.stats.StatsData;

/**
 * One -P progress line, as pgbench prints it to stderr: figures for the transactions completed
 * since the previous line. Keeps the previous totals between calls; one instance per run.
 */
public final class ProgressLine {
  private final boolean throttled;
  private final boolean latencyLimit;
  private final boolean retries;
  private final boolean timestamp;
  private final String label;
  private final StatsData last = new StatsData();
  private long lastReportMicros;

  /**
   * @param startMicros the run's clock at the start (pgbench's thread start), the first interval's
   *     beginning
   * @param retries whether --max-tries is not 1 (pgbench then adds retried/retries)
   * @param timestamp --progress-timestamp: print the epoch time instead of the elapsed time
   */
  public ProgressLine(
      long startMicros,
      boolean throttled,
      boolean latencyLimit,
      boolean retries,
      boolean timestamp) {
    this("progress", startMicros, throttled, latencyLimit, retries, timestamp);
  }

  /**
   * A line that starts with {@code label} instead of "progress" (jpgbench's "group progress": the
   * same figures for the sums of a --group's members).
   */
  public ProgressLine(
      String label,
      long startMicros,
      boolean throttled,
      boolean latencyLimit,
      boolean retries,
      boolean timestamp) {
    this.label = label;
    this.throttled = throttled;
    this.latencyLimit = latencyLimit;
    this.retries = retries;
    this.timestamp = timestamp;
    this.lastReportMicros = startMicros;
  }

  /**
   * Formats the line for the totals {@code cur} at {@code nowMicros} and remembers them for the
   * next line.
   *
   * @param testStartMicros the run's clock at the start, for the elapsed time
   * @param epochShiftMicros added to the run clock to get Unix epoch microseconds
   */
  public String next(StatsData cur, long nowMicros, long testStartMicros, long epochShiftMicros) {
    long run = nowMicros - lastReportMicros;
    long cnt = cur.cnt - last.cnt;
    double totalRun = (nowMicros - testStartMicros) / 1000000.0;
    double tps = 1000000.0 * cnt / run;
    double latency;
    double stddev;
    double lag;
    if (cnt > 0) {
      latency = 0.001 * (cur.latency.sum - last.latency.sum) / cnt;
      double sqlat = 1.0 * (cur.latency.sum2 - last.latency.sum2) / cnt;
      stddev = 0.001 * Math.sqrt(sqlat - 1000000.0 * latency * latency);
      lag = 0.001 * (cur.lag.sum - last.lag.sum) / cnt;
    } else {
      latency = stddev = lag = 0;
    }
    long failures = cur.failures() - last.failures();
    StringBuilder b = new StringBuilder(128);
    b.append(label).append(": ");
    if (timestamp) {
      b.append(fixed(0.000001 * (nowMicros + epochShiftMicros), 3)).append(" s");
    } else {
      b.append(fixed(totalRun, 1)).append(" s");
    }
    b.append(", ")
        .append(fixed(tps, 1))
        .append(" tps, lat ")
        .append(fixed(latency, 3))
        .append(" ms stddev ")
        .append(fixed(stddev, 3))
        .append(", ")
        .append(failures)
        .append(" failed");
    if (throttled) {
      b.append(", lag ").append(fixed(lag, 3)).append(" ms");
      if (latencyLimit) {
        b.append(", ").append(cur.skipped - last.skipped).append(" skipped");
      }
    }
    if (retries) {
      b.append(", ")
          .append(cur.retried - last.retried)
          .append(" retried, ")
          .append(cur.retries - last.retries)
          .append(" retries");
    }
    last.copyFrom(cur);
    lastReportMicros = nowMicros;
    return b.toString();
  }
}
