package org.jpgbench.report;

import org.HdrHistogram.Histogram;

/** Told of each interval the {@link IntervalCollector} closes, on the thread that closes it. */
@FunctionalInterface
public interface IntervalListener {
  /**
   * One closed interval: the differences of the clients' totals over it and its latencies.
   *
   * @param seq 0 for the first interval of the run, then 1, 2, ...
   * @param fromEpochMicros where the interval began (Unix epoch µs)
   * @param toEpochMicros where it ended
   * @param latencies the interval's latency histogram (µs); the collector reuses it after the call
   */
  record Sample(
      int seq,
      long fromEpochMicros,
      long toEpochMicros,
      long count,
      long failed,
      long skipped,
      long retried,
      long retries,
      double latencySum,
      double latencySum2,
      double lagSum,
      Histogram latencies) {}

  /** Must not keep {@code s.latencies()}: copy or encode it before returning. */
  void closed(Sample s);
}
