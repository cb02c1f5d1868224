package org.jpgbench.run;

import java.util.List;
import org.jpgbench.stats.LatencyBuckets;
import org.jpgbench.stats.StatsData;
import org.jpgbench.telemetry.Monitor;

/**
 * What a {@link RunObserver} may read of a running benchmark, from any thread, at any time: each
 * figure is read from what the run keeps anyway (volatile fields, the threads' CPU clocks), so
 * reading never stops or slows a client.
 */
public final class LiveRun {
  /** How many clients are in each of the states a watcher tells apart. */
  public record ClientCounts(int running, int reconnecting, int done) {}

  private final List<String> scripts;
  private final Client[] clients;
  private final EventLoop[] loops;
  private final OutageTracker outages;
  private final Monitor monitor;
  private final int member;
  private final long cpuStartNanos;
  private final long[] threadCpu;

  /** One client's snapshot, reused by {@link #scriptTotals}. */
  private final StatsData clientTotal = new StatsData();

  private final StatsData[] clientScripts;
  private final long[][] clientBuckets;

  LiveRun(
      List<String> scripts,
      Client[] clients,
      EventLoop[] loops,
      OutageTracker outages,
      Monitor monitor,
      int member,
      long cpuStartNanos) {
    this.scripts = List.copyOf(scripts);
    this.clients = clients.clone();
    this.loops = loops.clone();
    this.outages = outages;
    this.monitor = monitor;
    this.member = member;
    this.cpuStartNanos = cpuStartNanos;
    this.threadCpu = new long[loops.length];
    this.clientScripts = new StatsData[this.scripts.size()];
    for (int i = 0; i < clientScripts.length; i++) {
      clientScripts[i] = new StatsData();
    }
    this.clientBuckets = new long[this.scripts.size()][LatencyBuckets.COUNT];
  }

  /** --group: this process's member number in the group; 0 when the run is alone. */
  public int member() {
    return member;
  }

  /** The scripts' names, in the order of the intervals' script parts. */
  public List<String> scripts() {
    return scripts;
  }

  /**
   * The clients now: done (ended, whatever the reason), reconnecting (--reconnect, without a
   * connection), running (the others).
   */
  public ClientCounts clients() {
    int done = 0;
    for (Client c : clients) {
      if (c.end != null) {
        done++;
      }
    }
    int reconnecting =
        outages != null ? Math.min(outages.reconnecting(), clients.length - done) : 0;
    return new ClientCounts(clients.length - done - reconnecting, reconnecting, done);
  }

  /**
   * Each script's totals over all clients now, and its successful transactions per latency bucket
   * (when the run counts them: --metrics-listen), each client's read at one instant of its own (its
   * sequence counter: the client never waits). Allocation-free.
   *
   * @param into one per script, overwritten
   * @param bucketsInto one array of {@link LatencyBuckets#COUNT} per script, overwritten
   */
  public synchronized void scriptTotals(StatsData[] into, long[][] bucketsInto) {
    // a run has one client at least; the first one's figures are copied, the others' added
    for (int c = 0; c < clients.length; c++) {
      clients[c].stats.snapshot(clientTotal, clientScripts, clientBuckets);
      for (int s = 0; s < into.length; s++) {
        if (c == 0) {
          into[s].copyFrom(clientScripts[s]);
          System.arraycopy(clientBuckets[s], 0, bucketsInto[s], 0, LatencyBuckets.COUNT);
        } else {
          into[s].merge(clientScripts[s]);
          add(bucketsInto[s], clientBuckets[s]);
        }
      }
    }
  }

  /**
   * Adds one client's bucket counts into the sums. A method of its own, so that C2 compiles this
   * loop alone (16 ms); inside scriptTotals it had C2 compile the whole scrape's read (its loops
   * unrolled, twice: on-stack and whole, ~150 ms) ~20 s into every run with --metrics-listen, for a
   * method run once a scrape. Even alone its compiles cost more than interpreting it, so the
   * launcher sets its threshold ten times the JDK's (scripts/jvm.sh).
   */
  private static void add(long[] to, long[] from) {
    for (int b = 0; b < to.length; b++) {
      to[b] += from[b];
    }
  }

  /** --reconnect: whether an outage is going on (a client lost its connection), else false. */
  public boolean inOutage() {
    return outages != null && outages.reconnecting() > 0;
  }

  /** --reconnect: how many outages began so far (0 without --reconnect). */
  public int outages() {
    return outages != null ? outages.windows() : 0;
  }

  /** The process's CPU time since the clients went (user and system, ns). */
  public long cpuNanos() {
    return Math.max(0, CpuTime.process() - cpuStartNanos);
  }

  /**
   * Each client thread's CPU time so far (ns), in the threads' order (-j threads, or one per client
   * where the transport blocks); 0 for a thread not started or where the JVM cannot tell; never
   * less than an earlier reading.
   */
  public synchronized long[] threadCpuNanos() {
    for (int i = 0; i < loops.length; i++) {
      // an ended thread has no CPU clock any more: what it measured of its benchmark stands in
      long now = Math.max(CpuTime.thread(loops[i].threadId), loops[i].cpuNanos);
      threadCpu[i] = Math.max(threadCpu[i], now);
    }
    return threadCpu.clone();
  }

  /** --server-stats: the monitor, whose totals so far may be read; null when off. */
  public Monitor monitor() {
    return monitor;
  }
}
