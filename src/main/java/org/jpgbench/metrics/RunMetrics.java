package org.jpgbench.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.run.LiveRun;
import org.jpgbench.stats.LatencyBuckets;
import org.jpgbench.stats.StatsData;

/**
 * The run's figures as Prometheus metrics (docs/metrics.md), all read at the scrape: the totals and
 * latency buckets per script (each client's counters read through its sequence counter: the client
 * never waits, and a scrape's histogram counts exactly its transactions), the clients' states, the
 * outage and CPU figures, and with --server-stats the monitor's totals. Thread-safe: scrapes come
 * on the endpoint's thread, the run's start on the run's.
 */
final class RunMetrics implements MultiCollector {
  /** The buckets' bounds, in seconds, +Inf last. */
  private static final double[] BOUNDS = LatencyBuckets.boundsSeconds();

  /** jpgbench_failed_transactions' reasons, in the order of {@link #failed()}'s values. */
  private static final String[] REASONS = {"serialization", "deadlock", "other", "connection"};

  private final Labels base;
  private final Labels info;
  private Labels infoLabels;
  private LiveRun live;
  private Labels runLabels;
  private StatsData[] totals = new StatsData[0];

  /** Per script its label set, and per script and failure reason (made once: see LiveFigures). */
  private Labels[] scriptLabels = new Labels[0];

  private Labels[][] failedLabels = new Labels[0][];
  private LiveFigures liveFigures;
  private ServerSeries serverSeries;

  /** Per script, the latency buckets' counts at the scrape (not cumulative across buckets). */
  private long[][] buckets = new long[0][];

  /**
   * @param runLabel the {@code run} label of every series
   * @param info the run_info gauge's labels and values, alternating
   */
  RunMetrics(String runLabel, List<String> info) {
    this.base = Labels.of("run", runLabel);
    this.runLabels = base;
    this.info = Labels.of(info.toArray(new String[0]));
    this.infoLabels = base.merge(this.info);
  }

  /** The run is about to start: its scripts are known, its live figures readable. */
  synchronized void started(LiveRun run) {
    live = run;
    runLabels = run.member() > 0 ? base.add("member", Integer.toString(run.member())) : base;
    infoLabels = runLabels.merge(info);
    List<String> scripts = run.scripts();
    totals = new StatsData[scripts.size()];
    buckets = new long[scripts.size()][];
    scriptLabels = new Labels[scripts.size()];
    failedLabels = new Labels[scripts.size()][REASONS.length];
    for (int i = 0; i < totals.length; i++) {
      totals[i] = new StatsData();
      buckets[i] = new long[LatencyBuckets.COUNT];
      scriptLabels[i] = runLabels.add("script", scripts.get(i));
      for (int r = 0; r < REASONS.length; r++) {
        failedLabels[i][r] = scriptLabels[i].add("reason", REASONS[r]);
      }
    }
    liveFigures = new LiveFigures(run, runLabels);
    serverSeries = run.monitor() == null ? null : new ServerSeries(runLabels);
  }

  @Override
  public synchronized MetricSnapshots collect() {
    List<MetricSnapshot> m = new ArrayList<>();
    m.add(
        GaugeSnapshot.builder()
            .name("jpgbench_run_info")
            .help("The run: jpgbench's version and the run's shape; always 1")
            .dataPoint(
                GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(infoLabels).value(1).build())
            .build());
    if (live == null) {
      return new MetricSnapshots(m);
    }
    live.scriptTotals(totals, buckets);
    m.add(perScript("jpgbench_transactions", "Transactions completed", t -> t.cnt));
    m.add(failed());
    m.add(perScript("jpgbench_retries", "Retries of transactions (--max-tries)", t -> t.retries));
    m.add(
        perScript(
            "jpgbench_retried_transactions",
            "Transactions that succeeded or failed after a retry",
            t -> t.retried));
    m.add(
        perScript(
            "jpgbench_skipped_transactions",
            "Transactions skipped for being late (--latency-limit with -R)",
            t -> t.skipped));
    m.add(latency());
    m.addAll(liveFigures.snapshots());
    if (serverSeries != null) {
      m.addAll(serverSeries.snapshots(live.monitor().totals()));
    }
    return new MetricSnapshots(m);
  }

  private CounterSnapshot perScript(
      String name, String help, java.util.function.ToLongFunction<StatsData> value) {
    CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(help);
    for (int i = 0; i < totals.length; i++) {
      b.dataPoint(LiveFigures.counter(scriptLabels[i], value.applyAsLong(totals[i])));
    }
    return b.build();
  }

  private CounterSnapshot failed() {
    CounterSnapshot.Builder b =
        CounterSnapshot.builder()
            .name("jpgbench_failed_transactions")
            .help(
                "Transactions that failed, by reason (serialization, deadlock, other, connection)");
    for (int i = 0; i < totals.length; i++) {
      StatsData t = totals[i];
      long[] values = {
        t.serializationFailures, t.deadlockFailures, t.otherFailures, t.connectionFailures
      };
      for (int r = 0; r < REASONS.length; r++) {
        b.dataPoint(LiveFigures.counter(failedLabels[i][r], values[r]));
      }
    }
    return b.build();
  }

  private HistogramSnapshot latency() {
    HistogramSnapshot.Builder b =
        HistogramSnapshot.builder()
            .name("jpgbench_latency_seconds")
            .help("Latency of the transactions completed, from their (scheduled) start")
            .unit(Unit.SECONDS);
    for (int i = 0; i < totals.length; i++) {
      b.dataPoint(
          HistogramSnapshot.HistogramDataPointSnapshot.builder()
              .labels(scriptLabels[i])
              .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS, buckets[i].clone()))
              // the exact sum of the completed transactions' latencies
              .sum(totals[i].latency.sum / 1e6)
              .build());
    }
    return b.build();
  }
}
