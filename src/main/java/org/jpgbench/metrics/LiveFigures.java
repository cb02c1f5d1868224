package org.jpgbench.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.run.LiveRun;

/**
 * What is read of the run at the scrape itself: the clients' states, outages, CPU time. Its label
 * sets are made once (the library sorts and checks a label set each time one is made).
 */
final class LiveFigures {
  private final LiveRun live;
  private final Labels run;
  private final Labels running;
  private final Labels reconnecting;
  private final Labels done;
  private final List<Labels> threads = new ArrayList<>();

  LiveFigures(LiveRun live, Labels run) {
    this.live = live;
    this.run = run;
    this.running = run.add("state", "running");
    this.reconnecting = run.add("state", "reconnecting");
    this.done = run.add("state", "done");
  }

  // each family's name and help checked by the library once, not at every scrape
  private static final MetricMetadata CLIENTS =
      new MetricMetadata(
          "jpgbench_clients", "Clients by state: running, reconnecting (--reconnect), done");
  private static final MetricMetadata OUTAGE =
      new MetricMetadata(
          "jpgbench_outage", "1 while clients have lost their connections (--reconnect), else 0");
  private static final MetricMetadata OUTAGES =
      new MetricMetadata(
          "jpgbench_outages", "Outages begun: times the clients started losing their connections");
  private static final MetricMetadata CPU =
      new MetricMetadata(
          "jpgbench_client_cpu_seconds",
          "CPU time of the jpgbench process since the clients started (user and system)",
          Unit.SECONDS);
  private static final MetricMetadata THREAD_CPU =
      new MetricMetadata(
          "jpgbench_thread_cpu_seconds",
          "CPU time of each client thread; its rate is the thread's busy share",
          Unit.SECONDS);

  List<MetricSnapshot> snapshots() {
    LiveRun.ClientCounts c = live.clients();
    GaugeSnapshot clients =
        new GaugeSnapshot(
            CLIENTS,
            List.of(
                gauge(running, c.running()),
                gauge(reconnecting, c.reconnecting()),
                gauge(done, c.done())));
    GaugeSnapshot outage = new GaugeSnapshot(OUTAGE, List.of(gauge(run, live.inOutage() ? 1 : 0)));
    CounterSnapshot outages = new CounterSnapshot(OUTAGES, List.of(counter(run, live.outages())));
    CounterSnapshot cpu = new CounterSnapshot(CPU, List.of(counter(run, live.cpuNanos() / 1e9)));
    long[] perThread = live.threadCpuNanos();
    List<CounterSnapshot.CounterDataPointSnapshot> points = new ArrayList<>(perThread.length);
    for (int i = 0; i < perThread.length; i++) {
      points.add(counter(thread(i), perThread[i] / 1e9));
    }
    return List.of(clients, outage, outages, cpu, new CounterSnapshot(THREAD_CPU, points));
  }

  private Labels thread(int i) {
    while (threads.size() <= i) {
      threads.add(run.add("thread", Integer.toString(threads.size())));
    }
    return threads.get(i);
  }

  static GaugeSnapshot.GaugeDataPointSnapshot gauge(Labels labels, double value) {
    return GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels).value(value).build();
  }

  static CounterSnapshot.CounterDataPointSnapshot counter(Labels labels, double value) {
    return CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels).value(value).build();
  }
}
