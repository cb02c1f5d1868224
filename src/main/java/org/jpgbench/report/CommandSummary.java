package org.jpgbench.report;

/** One script command's -r figures for the whole run. @param text the command's first line */
public record CommandSummary(String text, long count, long sumMicros, long failures, long retries) {
  /** Average latency in milliseconds, 0 when the command never ran. */
  public double averageMillis() {
    return count > 0 ? sumMicros / 1000.0 / count : 0.0;
  }
}
