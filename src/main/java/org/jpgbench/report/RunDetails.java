package org.jpgbench.report;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What jpgbench's reports add to pgbench's: the percentiles asked for, the latency from the actual
 * start under -R, the per-interval series, the server's settings and when the run took place.
 *
 * @param percentiles --percentile values for the text report; empty: no percentile lines
 * @param serviceLatencies -R: successful transactions' latency from their actual start (µs), else
 *     null
 * @param intervals the per-interval series, or null when not collected
 * @param server the server's version and settings, or null when not fetched
 * @param rate -R in transactions per second, 0 when unthrottled
 * @param intervalSeconds the length of an interval of the series (-P, else 1)
 * @param startEpochMicros when the run started (Unix epoch µs), 0 when unknown
 * @param endEpochMicros when the run ended (Unix epoch µs), 0 when unknown
 * @param version the jpgbench version that produced the figures
 * @param inputs for a merged report, the files merged; empty for a run
 * @param summedTps for a merged report, the sum of the processes' tps; 0 for a run (tps is then
 *     transactions / benchmark time, as pgbench)
 * @param client the client's transport and CPU time, or null when unknown
 * @param sloStop --slo-abort: the threshold that stopped the run early, or null
 * @param serverStats --server-stats: what the server did during the run, or null
 * @param workload a TPC-C-like run's NOPM as the database counted it, or null
 */
public record RunDetails(
    List<Double> percentiles,
    Histogram serviceLatencies,
    IntervalSeries intervals,
    ServerInfo server,
    double rate,
    int intervalSeconds,
    long startEpochMicros,
    long endEpochMicros,
    String version,
    List<String> inputs,
    double summedTps,
    ClientInfo client,
    SloStop sloStop,
    ServerStats serverStats,
    Workload workload) {
  /** No extra report. */
  public static final RunDetails NONE =
      new RunDetails(List.of(), null, null, null, 0, 1, 0, 0, null, List.of());

  public RunDetails {
    percentiles = List.copyOf(percentiles);
    inputs = List.copyOf(inputs);
  }

  /** Details without --slo-abort or --server-stats (a merge's). */
  public RunDetails(
      List<Double> percentiles,
      Histogram serviceLatencies,
      IntervalSeries intervals,
      ServerInfo server,
      double rate,
      int intervalSeconds,
      long startEpochMicros,
      long endEpochMicros,
      String version,
      List<String> inputs,
      double summedTps,
      ClientInfo client) {
    this(
        percentiles,
        serviceLatencies,
        intervals,
        server,
        rate,
        intervalSeconds,
        startEpochMicros,
        endEpochMicros,
        version,
        inputs,
        summedTps,
        client,
        null,
        null,
        null);
  }

  /** The details of a run (not a merge). */
  public RunDetails(
      List<Double> percentiles,
      Histogram serviceLatencies,
      IntervalSeries intervals,
      ServerInfo server,
      double rate,
      int intervalSeconds,
      long startEpochMicros,
      long endEpochMicros,
      String version,
      List<String> inputs) {
    this(
        percentiles,
        serviceLatencies,
        intervals,
        server,
        rate,
        intervalSeconds,
        startEpochMicros,
        endEpochMicros,
        version,
        inputs,
        0,
        null);
  }

  /** These details with {@code serviceLatencies} (the -R histogram) in place. */
  public RunDetails withServiceLatencies(Histogram h) {
    return with(h, client, sloStop, serverStats, workload);
  }

  /** These details with the client's figures. */
  public RunDetails withClient(ClientInfo c) {
    return with(serviceLatencies, c, sloStop, serverStats, workload);
  }

  /** These details with the threshold that stopped the run (--slo-abort). */
  public RunDetails withSloStop(SloStop s) {
    return with(serviceLatencies, client, s, serverStats, workload);
  }

  /** These details with what the server did (--server-stats). */
  public RunDetails withServerStats(ServerStats s) {
    return with(serviceLatencies, client, sloStop, s, workload);
  }

  /** These details with a TPC-C-like run's NOPM. */
  public RunDetails withWorkload(Workload w) {
    return with(serviceLatencies, client, sloStop, serverStats, w);
  }

  private RunDetails with(
      Histogram service, ClientInfo c, SloStop s, ServerStats stats, Workload w) {
    return new RunDetails(
        percentiles,
        service,
        intervals,
        server,
        rate,
        intervalSeconds,
        startEpochMicros,
        endEpochMicros,
        version,
        inputs,
        summedTps,
        c,
        s,
        stats,
        w);
  }
}
