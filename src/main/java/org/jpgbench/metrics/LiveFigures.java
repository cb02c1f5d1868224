package org.jpgbench.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.List;
import org.jpgbench.run.LiveRun;

/** What is read of the run at the scrape itself: the clients' states, outages, CPU time. */
final class LiveFigures {
  private LiveFigures() {}

  static List<MetricSnapshot> snapshots(LiveRun live, Labels run) {
    LiveRun.ClientCounts c = live.clients();
    GaugeSnapshot clients =
        GaugeSnapshot.builder()
            .name("jpgbench_clients")
            .help("Clients by state: running, reconnecting (--reconnect), done")
            .dataPoint(gauge(run.add("state", "running"), c.running()))
            .dataPoint(gauge(run.add("state", "reconnecting"), c.reconnecting()))
            .dataPoint(gauge(run.add("state", "done"), c.done()))
            .build();
    GaugeSnapshot outage =
        GaugeSnapshot.builder()
            .name("jpgbench_outage")
            .help("1 while clients have lost their connections (--reconnect), else 0")
            .dataPoint(gauge(run, live.inOutage() ? 1 : 0))
            .build();
    CounterSnapshot outages =
        CounterSnapshot.builder()
            .name("jpgbench_outages")
            .help("Outages begun: times the clients started losing their connections")
            .dataPoint(counter(run, live.outages()))
            .build();
    CounterSnapshot cpu =
        CounterSnapshot.builder()
            .name("jpgbench_client_cpu_seconds")
            .help("CPU time of the jpgbench process since the clients started (user and system)")
            .unit(Unit.SECONDS)
            .dataPoint(counter(run, live.cpuNanos() / 1e9))
            .build();
    CounterSnapshot.Builder threads =
        CounterSnapshot.builder()
            .name("jpgbench_thread_cpu_seconds")
            .help("CPU time of each client thread; its rate is the thread's busy share")
            .unit(Unit.SECONDS);
    long[] perThread = live.threadCpuNanos();
    for (int i = 0; i < perThread.length; i++) {
      threads.dataPoint(counter(run.add("thread", Integer.toString(i)), perThread[i] / 1e9));
    }
    return List.of(clients, outage, outages, cpu, threads.build());
  }

  static GaugeSnapshot.GaugeDataPointSnapshot gauge(Labels labels, double value) {
    return GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels).value(value).build();
  }

  static CounterSnapshot.CounterDataPointSnapshot counter(Labels labels, double value) {
    return CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels).value(value).build();
  }
}
