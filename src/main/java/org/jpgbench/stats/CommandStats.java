package org.jpgbench.stats;

/**
 * Per-command figures of one client for -r: executions timed, their total time, and the failures
 * and retries that happened in this command. Mutable, single writer, allocation-free.
 */
public final class CommandStats {
  public long count;
  public long sumMicros;
  public long failures;
  public long retries;

  /** jpgbench: this command's latencies (µs) for percentiles, or null when not kept. */
  public org.HdrHistogram.AbstractHistogram latencies;

  public void addLatency(long micros) {
    count++;
    sumMicros += micros;
    if (latencies != null) {
      latencies.recordValue(ClientHistograms.clamp(micros));
    }
  }

  public void merge(CommandStats o) {
    count += o.count;
    sumMicros += o.sumMicros;
    failures += o.failures;
    retries += o.retries;
  }

  /** Average in milliseconds, 0 when never timed (pgbench prints 0.000 then). */
  public double averageMillis() {
    return count > 0 ? sumMicros / 1000.0 / count : 0.0;
  }
}
