package org.jpgbench.telemetry;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.jpgbench.db.Session;
import org.jpgbench.io.TransportFactory;
import org.jpgbench.report.ServerStats;

/**
 * --server-stats: one monitoring session, on a thread of its own (never the clients' loops), that
 * samples the server on the run's timeline: at every interval's end the cumulative counters (their
 * growth is the interval's figure), the standbys' lag; {@code hz} times a second the benchmark's
 * backends' wait events and the checkpointer's and autovacuum workers' activity.
 *
 * <p>When the session is lost (a restart, a failover) the intervals until it is back are gaps, not
 * zeros: each interval's end tries to connect again, and the first interval after that takes a new
 * baseline. Nothing it does can fail the run: a monitor that cannot sample leaves gaps.
 *
 * <p>The session is {@link MonitorSession}'s; the monitor's thread is its only user once sampling
 * begins, up to the last interval's close at the run's end.
 */
public final class Monitor implements Runnable, AutoCloseable {
  /** How long the run's end waits for the benchmark's backends to exit, and how often it looks. */
  private static final long EXIT_WAIT_NANOS = 1_000_000_000L;

  private static final long EXIT_POLL_NANOS = 5_000_000L;

  private final BackendPids pids;
  private final LongSupplier clock;
  private final long periodMicros;
  private final long waitPeriodMicros;
  private final int hz;

  /** The session and its statements. */
  private final MonitorSession db;

  private long baseMicros;
  private final Thread thread;
  private volatile boolean stopping;
  private boolean begun;

  /** The run's end, when {@link #finish} asks the thread to close the last interval there. */
  private volatile long endAt = -1;

  /** Whether the thread closed the last interval (read after it ended). */
  private boolean lastClosed;

  /** The clients' transactions so far, and their count at each interval's end. */
  private LongSupplier clientsDone = () -> 0;

  private final List<Long> doneAtEnds = new ArrayList<>();

  private Map<String, Long> previous;
  private long intervalStart;
  private final List<ServerStats.Interval> intervals = new ArrayList<>();
  private final Set<String> missing = new LinkedHashSet<>();
  private Map<String, Long> waits = new LinkedHashMap<>();
  private long waitSamples;
  private Set<String> autovacuum = new LinkedHashSet<>();
  private boolean checkpointSeen;
  private boolean lostInInterval;
  private Map<String, Double> lags = new LinkedHashMap<>();

  /** The live totals, replaced at each interval's end; read by any thread. */
  private volatile ServerTotals totals = ServerTotals.NONE;

  private Monitor(
      Callable<Session> opener,
      TransportFactory transports,
      BackendPids pids,
      LongSupplier clock,
      int seconds,
      int hz,
      MonitorTarget target) {
    this.db = new MonitorSession(opener, transports, target);
    this.pids = pids;
    this.clock = clock;
    this.periodMicros = seconds * 1_000_000L;
    this.hz = hz;
    this.waitPeriodMicros = hz > 0 ? Math.max(1, 1_000_000L / hz) : Long.MAX_VALUE;
    this.thread = new Thread(this, "jpgbench-monitor");
    this.thread.setDaemon(true);
  }

  /**
   * Connects the monitoring session and takes the counters' baseline, before the clients connect
   * (so that nothing the run measures waits for it).
   *
   * @param opener opens a session with the run's connection settings
   * @param transports the kind of transport the run's clients use, for the monitor's own; null to
   *     execute through the driver (--transport=jdbc)
   * @param clock the run's monotonic clock, µs
   * @param seconds the interval length
   * @param hz wait-event samples per second, 0 for none
   * @param target the workload's counters, and how the benchmark's backends are found (see {@link
   *     MonitorTarget})
   * @throws SQLException when the session cannot be opened or does not answer, or goes through a
   *     pooler ({@link BehindPooler})
   */
  public static Monitor open(
      Callable<Session> opener,
      TransportFactory transports,
      BackendPids pids,
      LongSupplier clock,
      int seconds,
      int hz,
      MonitorTarget target)
      throws SQLException {
    Monitor m = new Monitor(opener, transports, pids, clock, seconds, hz, target);
    m.missing.addAll(m.db.connect());
    m.previous = m.counters();
    return m;
  }

  /**
   * Starts sampling on the run's timeline, whose intervals start at {@code baseMicros}.
   *
   * @param clientsDone the clients' transactions so far (any thread), to place the counters that
   *     backends flush late ({@link FlushLag})
   */
  public void begin(long baseMicros, LongSupplier clientsDone) {
    this.baseMicros = baseMicros;
    this.clientsDone = clientsDone;
    this.intervalStart = baseMicros;
    begun = true;
    thread.start();
  }

  /**
   * Stops sampling, closes the last (partial) interval at {@code endMicros} and the session.
   *
   * @return what was sampled, the late counters in their seconds when the last interval was read
   *     after the backends exited
   */
  public ServerStats finish(long endMicros) {
    if (begun) {
      endAt = endMicros; // closed by the thread, the session's one user
      stop();
    }
    if (!lastClosed) { // never begun, or the thread ended before it was asked to
      if (endMicros > intervalStart) {
        closeInterval(endMicros, false, false);
      }
      db.close();
    }
    ServerStats raw =
        new ServerStats(
            (int) (periodMicros / 1_000_000L),
            hz,
            db.version(),
            intervals,
            List.copyOf(missing),
            Double.NaN);
    return lastClosed
        ? FlushLag.retime(
            raw, doneAtEnds.stream().mapToLong(Long::longValue).toArray(), db.lateCounters())
        : raw;
  }

  /** Stops sampling and closes the session, for a run that ends without a report. */
  @Override
  public void close() {
    stop();
    db.close();
  }

  private void stop() {
    stopping = true;
    boolean interrupted = false;
    while (thread.isAlive()) { // its state is read after it ended: joined, whatever interrupts us
      LockSupport.unpark(thread);
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void run() {
    try {
      db.takeOver();
      sample();
    } finally {
      long end = endAt;
      if (end >= 0) {
        if (!db.awaitGone(pids.arrayText(), EXIT_WAIT_NANOS, EXIT_POLL_NANOS)) {
          lost();
        }
        if (end > intervalStart) {
          closeInterval(end, false, false);
        }
        lastClosed = true;
      }
      db.close();
    }
  }

  /**
   * Closes the intervals and takes the wait samples on time. Each interval's end reads the
   * counters, the standbys' lag and, with {@code hz}, that instant's wait sample in one round trip;
   * the wait samples between two ends follow every 1/{@code hz} s from the last end (one that would
   * come less than half a period before an end is left to the end's round trip), so that the
   * monitor's backend wakes {@code hz} times a second, not {@code hz} + 2.
   */
  private void sample() {
    long nextTick = baseMicros + periodMicros;
    long nextWait = hz > 0 ? clock.getAsLong() + waitPeriodMicros : Long.MAX_VALUE;
    while (!stopping) {
      long now = clock.getAsLong();
      if (now >= nextTick) {
        long tick = nextTick;
        closeInterval(tick, true, hz > 0);
        while (nextTick <= now) {
          nextTick += periodMicros;
        }
        if (hz > 0) {
          nextWait = tick + waitPeriodMicros;
        }
      } else if (now >= nextWait) {
        if (nextTick - now >= waitPeriodMicros / 2) {
          sampleActivity();
        }
        while (nextWait <= now) {
          nextWait += waitPeriodMicros;
        }
      } else {
        LockSupport.parkNanos(this, (Math.min(nextTick, nextWait) - now) * 1000);
      }
    }
  }

  /**
   * The interval from {@link #intervalStart} to {@code at}: its counters' growth and samples. An
   * interval in which the session was lost is a gap; the first one after it reconnected takes the
   * new baseline (and is a gap too).
   *
   * @param reconnect whether a lost session is opened again (not at the run's end)
   * @param waitSample whether this instant's wait sample is taken with the counters (it belongs to
   *     the interval that starts at {@code at})
   */
  private void closeInterval(long at, boolean reconnect, boolean waitSample) {
    doneAtEnds.add(clientsDone.getAsLong());
    Map<String, Long> now = null;
    List<String[]> activity = null;
    if (!db.connected() && reconnect) {
      tryReconnect();
      now = db.connected() ? counters() : null;
    } else if (db.connected()) {
      // without wait samples the activity (the checkpointer, autovacuum) is read once an interval
      boolean withActivity = waitSample || hz == 0;
      List<List<String[]>> read =
          read(
              withActivity
                  ? tickWithActivity()
                  : new ServerQueries.Execute[] {
                    MonitorSession.COUNTERS, MonitorSession.REPLICATION
                  });
      if (read != null) {
        now = db.counters(read.get(0));
        for (String[] row : read.get(1)) {
          if (row[1] != null) {
            lags.put(row[0], Double.parseDouble(row[1]));
          }
        }
        if (withActivity) {
          activity = read.get(2);
        }
      }
    }
    if (activity != null && !waitSample) {
      sortActivity(activity);
    }
    Map<String, Long> growth =
        lostInInterval ? null : CounterGrowth.between(previous, now, db.ownCommits());
    boolean gap = growth == null;
    if (gap) {
      growth = Map.of();
    }
    long checkpoints =
        growth.getOrDefault("checkpoints_timed", 0L)
            + growth.getOrDefault("checkpoints_requested", 0L);
    intervals.add(
        new ServerStats.Interval(
            (intervalStart - baseMicros) / 1e6,
            (at - baseMicros) / 1e6,
            gap,
            growth,
            !gap && (checkpointSeen || checkpoints > 0),
            new ArrayList<>(autovacuum),
            lags,
            waits,
            waitSamples));
    totals = totals.plus(intervals.get(intervals.size() - 1), db.connected());
    previous = now;
    lostInInterval = false;
    intervalStart = at;
    waits = new LinkedHashMap<>();
    waitSamples = 0;
    autovacuum = new LinkedHashSet<>();
    checkpointSeen = false;
    lags = new LinkedHashMap<>();
    if (activity != null && waitSample) {
      sortActivity(activity);
    }
  }

  /** What the intervals closed so far add up to (any thread). */
  public ServerTotals totals() {
    return totals;
  }

  private void sampleActivity() {
    if (!db.connected()) {
      return;
    }
    try {
      sortActivity(db.execute(ServerQueries.ACTIVITY, activityParam()));
    } catch (SQLException e) {
      lost();
    }
  }

  /** The activity query's parameter: the benchmark's backends, none without wait samples. */
  private String activityParam() {
    return hz > 0 ? pids.arrayText() : "{}";
  }

  /** One sample of the activity into the current interval. */
  private void sortActivity(List<String[]> rows) {
    for (String[] row : rows) {
      checkpointSeen |= Activity.sort(row, db.allStats(), waits, autovacuum);
    }
    if (hz > 0) {
      waitSamples++;
    }
  }

  /** {@link MonitorSession#read}, null when the session was lost. */
  private List<List<String[]>> read(ServerQueries.Execute... statements) {
    try {
      return db.read(statements);
    } catch (SQLException e) {
      lost();
      return null;
    }
  }

  /** An interval's end with the activity: the counters, the standbys' lag, the activity. */
  private ServerQueries.Execute[] tickWithActivity() {
    return new ServerQueries.Execute[] {
      MonitorSession.COUNTERS,
      MonitorSession.REPLICATION,
      new ServerQueries.Execute(ServerQueries.ACTIVITY, activityParam())
    };
  }

  /** The cumulative counters now (a baseline), or null when the session was lost. */
  private Map<String, Long> counters() {
    try {
      return db.counters();
    } catch (SQLException e) {
      lost();
      return null;
    }
  }

  private void tryReconnect() {
    try {
      missing.addAll(db.connect());
      db.takeOver();
    } catch (SQLException e) {
      // still lost: the next interval's end tries again
    }
  }

  private void lost() {
    lostInInterval = true;
    db.close();
  }
}
