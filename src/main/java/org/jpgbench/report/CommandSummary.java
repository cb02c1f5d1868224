package org.jpgbench.report;

/**
 * One script command's -r figures for the whole run.
 *
 * @param text the command's first line
 * @param latencies jpgbench: the command's latencies (µs), or null when not kept
 */
public record CommandSummary(
    String text,
    long count,
    long sumMicros,
    long failures,
    long retries,
    org.HdrHistogram.Histogram latencies) {
  public CommandSummary(String text, long count, long sumMicros, long failures, long retries) {
    this(text, count, sumMicros, failures, retries, null);
  }

  /** Average latency in milliseconds, 0 when the command never ran. */
  public double averageMillis() {
    return count > 0 ? sumMicros / 1000.0 / count : 0.0;
  }
}
