package org.jpgbench.report;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.jpgbench.stats.StatsData;

/**
 * Everything a final report is made of, independent of how it is printed: the settings, the merged
 * totals, per-script and per-command figures, the timings pgbench derives tps from, and how the run
 * ended. The text report prints it as pgbench does; other formats (JSON, HTML, percentiles) read
 * the same model, including the latency histogram pgbench does not have.
 *
 * @param total all clients' transactions merged
 * @param latencyLate successful transactions above --latency-limit
 * @param benchMicros from the first client's benchmark start to the end (tps denominator)
 * @param connectionMicros -C: time spent connecting and disconnecting, all clients
 * @param initialConnectionMicros without -C: from the run start to the benchmark start
 * @param latencies successful transaction latencies, microseconds
 * @param totalWeight sum of the script weights
 * @param aborted some client aborted (exit status 2)
 * @param interrupted the run was stopped by Ctrl-C
 * @param details jpgbench: what the extra reports need (percentiles, intervals, server settings);
 *     {@link RunDetails#NONE} when no extra report was asked for
 * @param outages jpgbench --reconnect: the outages the clients saw; null without --reconnect
 */
public record RunSummary(
    RunSettings settings,
    StatsData total,
    long latencyLate,
    long benchMicros,
    long connectionMicros,
    long initialConnectionMicros,
    List<ScriptSummary> scripts,
    long totalWeight,
    Histogram latencies,
    boolean aborted,
    boolean interrupted,
    RunDetails details,
    Outages outages) {
  public RunSummary {
    scripts = List.copyOf(scripts);
    details = details != null ? details : RunDetails.NONE;
  }

  public RunSummary(
      RunSettings settings,
      StatsData total,
      long latencyLate,
      long benchMicros,
      long connectionMicros,
      long initialConnectionMicros,
      List<ScriptSummary> scripts,
      long totalWeight,
      Histogram latencies,
      boolean aborted,
      boolean interrupted) {
    this(
        settings,
        total,
        latencyLate,
        benchMicros,
        connectionMicros,
        initialConnectionMicros,
        scripts,
        totalWeight,
        latencies,
        aborted,
        interrupted,
        RunDetails.NONE,
        null);
  }

  /** The same summary with other details. */
  public RunSummary withDetails(RunDetails d) {
    return with(d, outages);
  }

  /** The same summary with these outages (--reconnect). */
  public RunSummary withOutages(Outages o) {
    return with(details, o);
  }

  /** The same summary checked against these --slo thresholds (a merged or group report's). */
  public RunSummary withThresholds(List<org.jpgbench.config.Threshold> thresholds) {
    return with(settings.toBuilder().thresholds(thresholds).build(), details, outages);
  }

  private RunSummary with(RunDetails d, Outages o) {
    return with(settings, d, o);
  }

  private RunSummary with(RunSettings s, RunDetails d, Outages o) {
    return new RunSummary(
        s,
        total,
        latencyLate,
        benchMicros,
        connectionMicros,
        initialConnectionMicros,
        scripts,
        totalWeight,
        latencies,
        aborted,
        interrupted,
        d,
        o);
  }

  /**
   * Successful transactions per second of benchmark time (for a merged report: the sum of the
   * processes' tps).
   */
  public double tps() {
    return details.summedTps() > 0 ? details.summedTps() : total.cnt / (benchMicros / 1e6);
  }

  /**
   * The text report's "latency average" in ms: measured when pgbench measures each transaction (-R,
   * -P, -L), else derived from the benchmark time as pgbench does.
   */
  public double latencyAverageMillis() {
    RunSettings s = settings;
    if (s.throttled() || s.progress() || s.latencyLimitMicros() > 0) {
      return 0.001 * total.latency.mean();
    }
    return 0.001 * benchMicros * s.clients() / total.total();
  }
}
