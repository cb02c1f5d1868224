package org.jpgbench.report;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.jpgbench.stats.StatsData;

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
   * @param scripts each script's part, in the scripts' order (a single script's is the run's);
   *     empty where the sender does not know them (a --group member's shared totals)
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
      Histogram latencies,
      List<ScriptPart> scripts) {
    public Sample {
      scripts = List.copyOf(scripts);
    }
  }

  /**
   * One script's part of a closed interval.
   *
   * @param totals the script's totals since the run began (a copy: it may be kept)
   * @param latencies the script's latencies in the interval (µs); reused after the call, as {@link
   *     Sample#latencies}
   */
  record ScriptPart(StatsData totals, Histogram latencies) {}

  /** Must not keep {@code s.latencies()} nor a part's: copy or encode them before returning. */
  void closed(Sample s);
}
