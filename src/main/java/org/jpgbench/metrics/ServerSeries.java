package org.jpgbench.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.telemetry.ServerTotals;

/**
 * --server-stats' totals as metrics: each counter the monitor reads (their growth over the
 * intervals it could read), the wait-event samples of the benchmark's backends by type and event,
 * and gauges for what the last interval saw. Each series' label set is made once, at its first
 * scrape.
 */
final class ServerSeries {
  /** A counter of the monitor's as a metric: its name and, for a family, its one label. */
  private record Series(String name, String help, String label, String value) {}

  private static final Map<String, Series> SERIES = new LinkedHashMap<>();

  static {
    put("commits", "jpgbench_server_commits", "Commits in the benchmark database", null, null);
    put("rollbacks", "jpgbench_server_rollbacks", "Rollbacks in it", null, null);
    put("blocks_hit", "jpgbench_server_blocks_hit", "Blocks found in shared buffers", null, null);
    put("blocks_read", "jpgbench_server_blocks_read", "Blocks read from the OS", null, null);
    for (String op : List.of("returned", "fetched", "inserted", "updated", "deleted")) {
      put("tuples_" + op, "jpgbench_server_tuples", "Rows by operation", "op", op);
    }
    put("temp_files", "jpgbench_server_temp_files", "Temporary files created", null, null);
    put("temp_bytes", "jpgbench_server_temp_bytes", "Bytes written to temporary files", null, null);
    put("deadlocks", "jpgbench_server_deadlocks", "Deadlocks detected", null, null);
    put("conflicts", "jpgbench_server_conflicts", "Queries canceled by recovery", null, null);
    String orders = "Orders created (-b tpcc; NOPM is its rate per minute)";
    put("new_orders", "jpgbench_server_new_orders", orders, null, null);
    put("wal_bytes", "jpgbench_server_wal_bytes", "WAL written, bytes", null, null);
    put("wal_records", "jpgbench_server_wal_records", "WAL records", null, null);
    put("wal_fpi", "jpgbench_server_wal_full_page_images", "WAL full-page images", null, null);
    put("checkpoints_timed", "jpgbench_server_checkpoints", "Checkpoints", "kind", "timed");
    put("checkpoints_requested", "jpgbench_server_checkpoints", "Checkpoints", "kind", "requested");
    String written = "Buffers written, by process";
    put("buffers_checkpoint", "jpgbench_server_buffers_written", written, "by", "checkpointer");
    put("buffers_clean", "jpgbench_server_buffers_written", written, "by", "bgwriter");
    put("buffers_backend", "jpgbench_server_buffers_written", written, "by", "backend");
  }

  private final Labels run;

  /** The label sets made so far, by the monitor's key (a counter's name, or "type:event"). */
  private final Map<String, Labels> labels = new HashMap<>();

  ServerSeries(Labels run) {
    this.run = run;
  }

  private static void put(String key, String name, String help, String label, String value) {
    SERIES.put(key, new Series(name, help, label, value));
  }

  List<MetricSnapshot> snapshots(ServerTotals t) {
    Map<String, CounterSnapshot.Builder> families = new LinkedHashMap<>();
    for (Map.Entry<String, Long> e : t.counters().entrySet()) {
      Series s = SERIES.get(e.getKey());
      if (s == null) {
        s = new Series("jpgbench_server_" + e.getKey(), "The server's " + e.getKey(), null, null);
      }
      Series series = s;
      Labels labels =
          series.label() == null
              ? run
              : this.labels.computeIfAbsent(
                  e.getKey(), k -> run.add(series.label(), series.value()));
      String help = s.help();
      families
          .computeIfAbsent(s.name(), n -> CounterSnapshot.builder().name(n).help(help))
          .dataPoint(LiveFigures.counter(labels, e.getValue()));
    }
    List<MetricSnapshot> m = new ArrayList<>();
    families.values().forEach(b -> m.add(b.build()));
    CounterSnapshot.Builder waits =
        CounterSnapshot.builder()
            .name("jpgbench_server_wait_event_samples")
            .help("Samples of the benchmark's backends by wait event (CPU: active without one)");
    for (Map.Entry<String, Long> e : t.waits().entrySet()) {
      waits.dataPoint(LiveFigures.counter(waitLabels(e.getKey()), e.getValue()));
    }
    m.add(waits.build());
    m.add(
        CounterSnapshot.builder()
            .name("jpgbench_server_wait_samples")
            .help("Times the benchmark's backends were sampled (--wait-sampling)")
            .dataPoint(LiveFigures.counter(run, t.waitSamples()))
            .build());
    m.add(
        gauge(
            "jpgbench_server_checkpoint_running",
            "1 when the last interval saw a checkpoint",
            run,
            t.checkpointing() ? 1 : 0));
    m.add(
        gauge(
            "jpgbench_server_autovacuum_workers",
            "Autovacuum workers the last interval saw",
            run,
            t.autovacuum()));
    m.add(
        gauge(
            "jpgbench_server_monitor_up",
            "1 while the monitoring session is connected",
            run,
            t.connected() ? 1 : 0));
    return m;
  }

  /** The labels of a wait-event key, "type:event" ("CPU" has no colon: its type and event). */
  private Labels waitLabels(String key) {
    return labels.computeIfAbsent(
        "wait " + key,
        k -> {
          int colon = key.indexOf(':');
          String type = colon < 0 ? key : key.substring(0, colon);
          String event = colon < 0 ? key : key.substring(colon + 1);
          return run.add("type", type).add("event", event);
        });
  }

  private static GaugeSnapshot gauge(String name, String help, Labels run, double v) {
    return GaugeSnapshot.builder()
        .name(name)
        .help(help)
        .dataPoint(LiveFigures.gauge(run, v))
        .build();
  }
}
