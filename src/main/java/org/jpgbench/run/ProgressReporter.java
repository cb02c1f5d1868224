package org.jpgbench.run;

import java.util.concurrent.locks.LockSupport;
import org.jpgbench.report.IntervalCollector;
import org.jpgbench.report.text.ProgressLine;
import org.jpgbench.stats.StatsData;

/**
 * -P: every N seconds from the run start, sums all clients' totals and prints pgbench's progress
 * line to stderr. Runs on its own daemon thread until every client has ended.
 */
final class ProgressReporter implements Runnable {
  private final RunContext run;
  private final Client[] clients;
  private final long periodMicros;
  private final long startMicros;
  private final ProgressLine line;
  private final StatsData sum = new StatsData();
  private final StatsData one = new StatsData();
  private volatile boolean done;
  private Thread thread;

  /** jpgbench: closes an interval of the series/--hdr-log at each tick, or null. */
  private final IntervalCollector intervals;

  /** Whether the -P line is printed (false when the thread runs only for {@link #intervals}). */
  private final boolean print;

  ProgressReporter(
      RunContext run,
      Client[] clients,
      int seconds,
      long startMicros,
      boolean latencyLimit,
      boolean retries,
      boolean timestamp,
      IntervalCollector intervals,
      boolean print) {
    this.run = run;
    this.intervals = intervals;
    this.print = print;
    this.clients = clients;
    this.periodMicros = seconds * 1_000_000L;
    this.startMicros = startMicros;
    this.line = new ProgressLine(startMicros, run.throttled, latencyLimit, retries, timestamp);
  }

  void start() {
    thread = new Thread(this, "jpgbench-progress");
    thread.setDaemon(true);
    thread.start();
  }

  void stop() {
    done = true;
    if (thread != null) {
      LockSupport.unpark(thread);
      try {
        thread.join(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public void run() {
    long next = startMicros + periodMicros;
    while (true) {
      long now;
      while ((now = RunClock.now()) < next) {
        if (done || run.finished.getCount() == 0) {
          return;
        }
        LockSupport.parkNanos(this, (next - now) * 1000);
      }
      if (done || run.finished.getCount() == 0) {
        return;
      }
      String extra = intervals != null ? intervals.sample(now) : "";
      if (print) {
        sum.reset(0);
        for (Client c : clients) {
          c.stats.snapshot(one);
          sum.merge(one);
        }
        String reconnecting =
            run.outages == null ? "" : ", " + run.outages.reconnecting() + " reconnecting";
        run.console.raw(
            line.next(sum, now, startMicros, run.clock.epochShift) + extra + reconnecting + "\n");
      }
      do {
        next += periodMicros;
      } while (now >= next);
    }
  }
}
