package org.jpgbench.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
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

  // Each family's name, help and unit, checked by the library once here rather than at every scrape
  private static final MetricMetadata INFO =
      new MetricMetadata(
          "jpgbench_run_info", "The run: jpgbench's version and the run's shape; always 1");
  private static final MetricMetadata TRANSACTIONS =
      new MetricMetadata("jpgbench_transactions", "Transactions completed");
  private static final MetricMetadata FAILED =
      new MetricMetadata(
          "jpgbench_failed_transactions",
          "Transactions that failed, by reason (serialization, deadlock, other, connection)");
  private static final MetricMetadata RETRIES =
      new MetricMetadata("jpgbench_retries", "Retries of transactions (--max-tries)");
  private static final MetricMetadata RETRIED =
      new MetricMetadata(
          "jpgbench_retried_transactions", "Transactions that succeeded or failed after a retry");
  private static final MetricMetadata SKIPPED =
      new MetricMetadata(
          "jpgbench_skipped_transactions",
          "Transactions skipped for being late (--latency-limit with -R)");
  private static final MetricMetadata LATENCY =
      new MetricMetadata(
          "jpgbench_latency_seconds",
          "Latency of the transactions completed, from their (scheduled) start",
          Unit.SECONDS);

  /** jpgbench_failed_transactions' reasons, in the order of {@link #failed()}'s values. */
  private static final String[] REASONS = {"serialization", "deadlock", "other", "connection"};

  private final Labels base;
  private final Labels info;

  /** jpgbench_run_info: the same at every scrape once the run's labels are known. */
  private GaugeSnapshot infoSnapshot;

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
    this.infoSnapshot = info(base.merge(this.info));
  }

  private static GaugeSnapshot info(Labels labels) {
    return new GaugeSnapshot(INFO, List.of(LiveFigures.gauge(labels, 1)));
  }

  /** The run is about to start: its scripts are known, its live figures readable. */
  synchronized void started(LiveRun run) {
    live = run;
    runLabels = run.member() > 0 ? base.add("member", Integer.toString(run.member())) : base;
    infoSnapshot = info(runLabels.merge(info));
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
    m.add(infoSnapshot);
    if (live == null) {
      return new MetricSnapshots(m);
    }
    live.scriptTotals(totals, buckets);
    m.add(perScript(TRANSACTIONS, t -> t.cnt));
    m.add(failed());
    m.add(perScript(RETRIES, t -> t.retries));
    m.add(perScript(RETRIED, t -> t.retried));
    m.add(perScript(SKIPPED, t -> t.skipped));
    m.add(latency());
    m.addAll(liveFigures.snapshots());
    if (serverSeries != null) {
      m.addAll(serverSeries.snapshots(live.monitor().totals()));
    }
    return new MetricSnapshots(m);
  }

  private CounterSnapshot perScript(
      MetricMetadata family, java.util.function.ToLongFunction<StatsData> value) {
    List<CounterSnapshot.CounterDataPointSnapshot> points = new ArrayList<>(totals.length);
    for (int i = 0; i < totals.length; i++) {
      points.add(LiveFigures.counter(scriptLabels[i], value.applyAsLong(totals[i])));
    }
    return new CounterSnapshot(family, points);
  }

  private CounterSnapshot failed() {
    List<CounterSnapshot.CounterDataPointSnapshot> points = new ArrayList<>();
    for (int i = 0; i < totals.length; i++) {
      StatsData t = totals[i];
      long[] values = {
        t.serializationFailures, t.deadlockFailures, t.otherFailures, t.connectionFailures
      };
      for (int r = 0; r < REASONS.length; r++) {
        points.add(LiveFigures.counter(failedLabels[i][r], values[r]));
      }
    }
    return new CounterSnapshot(FAILED, points);
  }

  private HistogramSnapshot latency() {
    List<HistogramSnapshot.HistogramDataPointSnapshot> points = new ArrayList<>(totals.length);
    for (int i = 0; i < totals.length; i++) {
      points.add(
          HistogramSnapshot.HistogramDataPointSnapshot.builder()
              .labels(scriptLabels[i])
              // of() copies the counts: the array is this collector's again at the next scrape
              .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS, buckets[i]))
              // the exact sum of the completed transactions' latencies
              .sum(totals[i].latency.sum / 1e6)
              .build());
    }
    return new HistogramSnapshot(LATENCY, points);
  }
}
