package org.jpgbench.run;

import org.jpgbench.config.Options;

/**
 * What the options imply for the run, decided once here so that the engine, the recording and the
 * reports agree (a report added to one place and not another would silently get latencies of 0).
 *
 * @param fileReports --report-json or --report-html: the server's settings are fetched, the
 *     interval series and every histogram kept
 * @param histograms jpgbench's latency histograms are recorded (percentiles, the file reports,
 *     --hdr-log, --slo)
 * @param intervals the progress thread closes intervals (the file reports' series, --hdr-log, -P's
 *     p99 under --percentile, --slo-abort's checks)
 * @param latencyBuckets each client counts its transactions in fixed latency buckets, read live
 *     (--metrics-listen's histogram: no interval, no HdrHistogram, no thread of the run's for it)
 * @param p99InProgress -P lines end with the interval's p99 (--percentile with -P)
 * @param firstConnectionWaitMicros how long the first connections may wait for the server
 *     (--reconnect=SECONDS; 0: one attempt, as pgbench)
 * @param measureLatency the end of each transaction reads the clock (pgbench skips that read when
 *     nothing reports a latency; jpgbench always reports the average unless nothing asks for
 *     figures beyond tps)
 */
record RunPlan(
    boolean fileReports,
    boolean histograms,
    boolean intervals,
    boolean latencyBuckets,
    boolean p99InProgress,
    long firstConnectionWaitMicros,
    boolean measureLatency) {

  static RunPlan of(Options o, boolean perScriptStats) {
    return of(o, perScriptStats, false);
  }

  /**
   * @param detailed the caller keeps the summary for a report of its own (a sweep's point, an A/B
   *     round): everything a JSON report holds is recorded, as if one were written
   */
  static RunPlan of(Options o, boolean perScriptStats, boolean detailed) {
    // a --group member's summary is its JSON report: as if it wrote one
    boolean files =
        detailed
            || o.outputs().reportJson() != null
            || o.outputs().reportHtml() != null
            || o.group() != null;
    boolean percentiles = !o.outputs().percentiles().isEmpty();
    // --slo measures percentiles from the run's histogram
    boolean histograms =
        files || o.outputs().hdrLog() != null || percentiles || !o.outputs().thresholds().isEmpty();
    boolean buckets = o.metrics() != null;
    boolean p99 = percentiles && o.outputs().progressSeconds() > 0;
    boolean measure =
        histograms
            || buckets
            || o.run().rate() > 0
            || o.outputs().progressSeconds() > 0
            || o.run().latencyLimitMicros() > 0
            || o.outputs().log()
            || o.outputs().reportPerCommand()
            || o.run().connectPerTransaction()
            || perScriptStats;
    long firstWait = o.run().reconnect() ? o.run().reconnectSeconds() * 1_000_000L : 0;
    boolean intervals = files || o.outputs().hdrLog() != null || p99 || o.outputs().sloAbort();
    return new RunPlan(files, histograms, intervals, buckets, p99, firstWait, measure);
  }
}
