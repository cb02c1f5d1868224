package org.jpgbench.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
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

  List<MetricSnapshot> snapshots() {
    LiveRun.ClientCounts c = live.clients();
    GaugeSnapshot clients =
        GaugeSnapshot.builder()
            .name("jpgbench_clients")
            .help("Clients by state: running, reconnecting (--reconnect), done")
            .dataPoint(gauge(running, c.running()))
            .dataPoint(gauge(reconnecting, c.reconnecting()))
            .dataPoint(gauge(done, c.done()))
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
      threads.dataPoint(counter(thread(i), perThread[i] / 1e9));
    }
    return List.of(clients, outage, outages, cpu, threads.build());
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
