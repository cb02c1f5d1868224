package org.jpgbench.telemetry;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * <p>The driver connects the session and prepares its statements; the monitor's thread then takes
 * the session's stream over ({@link WireStatements}) and is the only one to use it, up to the last
 * interval's close at the run's end.
 */
public final class Monitor implements Runnable, AutoCloseable {
  /**
   * What the closed intervals add up to so far, for a live reader (--metrics-listen).
   *
   * @param counters each counter's growth summed over the intervals that are not gaps
   * @param waits wait-event samples per "type:event" (and "CPU", "ClientRead")
   * @param waitSamples how many samples were taken
   * @param checkpoints intervals in which a checkpoint was seen running or completing
   * @param gaps intervals the monitor could not read
   * @param connected whether the monitoring session is connected now
   * @param checkpointing whether the last interval saw a checkpoint
   * @param autovacuum the autovacuum workers the last interval saw
   */
  public record Totals(
      Map<String, Long> counters,
      Map<String, Long> waits,
      long waitSamples,
      long checkpoints,
      long gaps,
      boolean connected,
      boolean checkpointing,
      int autovacuum) {
    public Totals {
      counters = Map.copyOf(counters);
      waits = Map.copyOf(waits);
    }
  }

  /** How long the run's end waits for the benchmark's backends to exit, and how often it looks. */
  private static final long EXIT_WAIT_NANOS = 1_000_000_000L;

  private static final long EXIT_POLL_NANOS = 5_000_000L;

  /** The statements without a parameter, as executions. */
  private static final ServerQueries.Execute COUNTERS =
      new ServerQueries.Execute(ServerQueries.COUNTERS, null);

  private static final ServerQueries.Execute REPLICATION =
      new ServerQueries.Execute(ServerQueries.REPLICATION, null);

  private final Callable<Session> opener;
  private final TransportFactory transports;
  private final BackendPids pids;
  private final LongSupplier clock;
  private final long periodMicros;
  private final long waitPeriodMicros;
  private final int hz;

  /**
   * The run's application_name when the monitor samples a server of its own
   * (--server-stats-conninfo), where the clients may reach it through a pooler; null when it
   * connects to the run's target, whose process IDs the clients were told.
   */
  private final String pooledApplicationName;

  private long baseMicros;
  private final Thread thread;
  private volatile boolean stopping;
  private boolean begun;

  /** The run's end, when {@link #finish} asks the thread to close the last interval there. */
  private volatile long endAt = -1;

  /** Whether the thread closed the last interval (read after it ended). */
  private boolean lastClosed;

  private Session session;
  private ServerQueries queries;
  private int version;
  private boolean allStats;
  private Map<String, Long> previous;
  private long intervalStart;
  private final List<ServerStats.Interval> intervals = new ArrayList<>();
  private final Set<String> missing = new LinkedHashSet<>();
  private Map<String, Long> waits = new LinkedHashMap<>();
  private long waitSamples;
  private Set<String> autovacuum = new LinkedHashSet<>();
  private boolean checkpointSeen;
  private boolean lostInInterval;

  /** The monitor's own queries (each a transaction) since the last counters were read. */
  private long ownQueries;

  /** Those before the latest counters: commits the benchmark did not make. */
  private long ownCommits;

  private Map<String, Double> lags = new LinkedHashMap<>();

  /** The statements on the session's own stream; null when they go through the driver. */
  private WireStatements wire;

  /** Per statement executed through the driver, its last parameter and EXECUTE. */
  private final Map<String, String[]> driverSql = new LinkedHashMap<>();

  /** The live totals, replaced at each interval's end; read by any thread. */
  private volatile Totals totals = new Totals(Map.of(), Map.of(), 0, 0, 0, true, false, 0);

  private Monitor(
      Callable<Session> opener,
      TransportFactory transports,
      BackendPids pids,
      LongSupplier clock,
      int seconds,
      int hz,
      String pooledApplicationName) {
    this.opener = opener;
    this.pooledApplicationName = pooledApplicationName;
    this.transports = transports;
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
   * @param pooledApplicationName null when {@code opener} connects as the run's clients do; else
   *     (--server-stats-conninfo) the run's application_name, by which the backends of a pooler's
   *     server connections are found when the clients' process IDs are not the server's
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
      String pooledApplicationName)
      throws SQLException {
    Monitor m = new Monitor(opener, transports, pids, clock, seconds, hz, pooledApplicationName);
    m.connect();
    m.previous = m.counters();
    return m;
  }

  /** Starts sampling on the run's timeline, whose intervals start at {@code baseMicros}. */
  public void begin(long baseMicros) {
    this.baseMicros = baseMicros;
    this.intervalStart = baseMicros;
    begun = true;
    thread.start();
  }

  /**
   * Stops sampling, closes the last (partial) interval at {@code endMicros} and the session.
   *
   * @return what was sampled
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
      closeSession();
    }
    return new ServerStats(
        (int) (periodMicros / 1_000_000L), hz, version, intervals, new ArrayList<>(missing));
  }

  /** Stops sampling and closes the session, for a run that ends without a report. */
  @Override
  public void close() {
    stop();
    closeSession();
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
      takeOver();
      sample();
    } finally {
      long end = endAt;
      if (end >= 0) {
        awaitBackendsGone();
        if (end > intervalStart) {
          closeInterval(end, false, false);
        }
        lastClosed = true;
      }
      closeSession();
    }
  }

  /**
   * At the run's end, before the last counters are read: waits, {@link #EXIT_WAIT_NANOS} at the
   * most, for the benchmark's backends to leave pg_stat_activity (the clients closed their sessions
   * before the run ended). A backend busy with transactions adds them to the statistics at most
   * once a second, and when it goes idle only ten seconds later, but at its exit before it leaves
   * pg_stat_activity: read at once, the last interval missed up to a second of the run's commits
   * whenever the backends had not exited yet (10-12% of a 4 s run's, under a test suite's load).
   */
  private void awaitBackendsGone() {
    String benchmark = pids.arrayText();
    if (session == null || "{}".equals(benchmark)) {
      return;
    }
    long deadline = System.nanoTime() + EXIT_WAIT_NANOS;
    try {
      while (true) {
        ownQueries++;
        // the benchmark's backends are the rows of no kind (the others: checkpointer, autovacuum)
        boolean gone = true;
        for (String[] row : execute(ServerQueries.ACTIVITY, benchmark)) {
          gone &= row[0] != null;
        }
        if (gone || System.nanoTime() >= deadline) {
          return;
        }
        LockSupport.parkNanos(this, EXIT_POLL_NANOS);
      }
    } catch (SQLException e) {
      lost();
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
    Map<String, Long> now = null;
    List<String[]> activity = null;
    if (session == null && reconnect) {
      tryReconnect();
      now = session != null ? counters() : null;
    } else if (session != null) {
      // without wait samples the activity (the checkpointer, autovacuum) is read once an interval
      boolean withActivity = waitSample || hz == 0;
      List<List<String[]>> read =
          read(
              withActivity
                  ? tickWithActivity()
                  : new ServerQueries.Execute[] {COUNTERS, REPLICATION});
      if (read != null) {
        now = counters(read.get(0));
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
    boolean gap = previous == null || now == null || lostInInterval;
    Map<String, Long> growth = new LinkedHashMap<>();
    if (!gap) {
      for (Map.Entry<String, Long> e : now.entrySet()) {
        Long before = previous.get(e.getKey());
        if (before != null && e.getValue() != null) {
          growth.put(e.getKey(), e.getValue() - before);
        }
      }
      // the server counts the monitor's own queries as commits; they are not the benchmark's
      growth.computeIfPresent("commits", (k, v) -> Math.max(0, v - ownCommits));
      // counters reset by a crash restart or pg_stat_reset(): unknown, not negative
      gap = growth.values().stream().anyMatch(v -> v < 0);
    }
    long checkpoints =
        growth.getOrDefault("checkpoints_timed", 0L)
            + growth.getOrDefault("checkpoints_requested", 0L);
    intervals.add(
        new ServerStats.Interval(
            (intervalStart - baseMicros) / 1e6,
            (at - baseMicros) / 1e6,
            gap,
            gap ? Map.of() : growth,
            !gap && (checkpointSeen || checkpoints > 0),
            new ArrayList<>(autovacuum),
            lags,
            waits,
            waitSamples));
    addToTotals(intervals.get(intervals.size() - 1));
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
  public Totals totals() {
    return totals;
  }

  private void addToTotals(ServerStats.Interval i) {
    Totals t = totals;
    Map<String, Long> counters = new LinkedHashMap<>(t.counters());
    i.counters().forEach((k, v) -> counters.merge(k, v, Long::sum));
    Map<String, Long> waitTotals = new LinkedHashMap<>(t.waits());
    i.waits().forEach((k, v) -> waitTotals.merge(k, v, Long::sum));
    totals =
        new Totals(
            counters,
            waitTotals,
            t.waitSamples() + i.waitSamples(),
            t.checkpoints() + (i.checkpoint() ? 1 : 0),
            t.gaps() + (i.gap() ? 1 : 0),
            session != null,
            i.checkpoint(),
            i.autovacuum().size());
  }

  private void sampleActivity() {
    if (session == null) {
      return;
    }
    try {
      ownQueries++;
      sortActivity(execute(ServerQueries.ACTIVITY, activityParam()));
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
      checkpointSeen |= Activity.sort(row, allStats, waits, autovacuum);
    }
    if (hz > 0) {
      waitSamples++;
    }
  }

  /** Executes the prepared statement {@code name} on the session's stream or through the driver. */
  private List<String[]> execute(String name, String param) throws SQLException {
    return wire != null ? wire.rows(name, param) : session.query(driverSql(name, param));
  }

  /**
   * Executes {@code statements} (the counters first, when they are among them): in one round trip
   * on the session's stream (one transaction), else one after the other through the driver. Null
   * when the session was lost.
   */
  private List<List<String[]>> read(ServerQueries.Execute... statements) {
    ownCommits = ownQueries; // the commits before the counters' snapshot
    try {
      if (wire != null) {
        ownQueries = 1; // the round trip's one commit, after the snapshot: the next interval's
        return wire.rows(statements);
      }
      ownQueries = statements.length;
      List<List<String[]>> read = new ArrayList<>(statements.length);
      for (ServerQueries.Execute e : statements) {
        read.add(session.query(driverSql(e.name(), e.param())));
      }
      return read;
    } catch (SQLException e) {
      lost();
      return null;
    }
  }

  /** An interval's end with the activity: the counters, the standbys' lag, the activity. */
  private ServerQueries.Execute[] tickWithActivity() {
    return new ServerQueries.Execute[] {
      COUNTERS, REPLICATION, new ServerQueries.Execute(ServerQueries.ACTIVITY, activityParam())
    };
  }

  /**
   * A statement's EXECUTE through the driver, the same String while its parameter stays the same
   * (so that the driver's parsed form of it is reused).
   */
  private String driverSql(String name, String param) {
    String[] last = driverSql.get(name);
    if (last == null || !Objects.equals(last[0], param)) {
      last = new String[] {param, ServerQueries.execute(name, param)};
      driverSql.put(name, last);
    }
    return last[1];
  }

  /** On the monitor's thread: the session's stream taken over, when the driver allows it. */
  private void takeOver() {
    if (session != null && transports != null && wire == null) {
      wire = WireStatements.of(session, transports);
    }
  }

  /**
   * The cumulative counters now (a baseline: at the start, after a reconnect), or null when lost.
   */
  private Map<String, Long> counters() {
    List<List<String[]>> read = read(COUNTERS);
    return read == null ? null : counters(read.get(0));
  }

  /** The counters' row by name, or null when there was none. */
  private Map<String, Long> counters(List<String[]> rows) {
    if (rows.isEmpty()) {
      return null;
    }
    Map<String, Long> m = new LinkedHashMap<>();
    List<String> names = queries.counterNames();
    String[] row = rows.get(0);
    for (int i = 0; i < names.size(); i++) {
      if (row[i] != null) {
        m.put(names.get(i), new java.math.BigDecimal(row[i]).longValue());
      }
    }
    return m;
  }

  private void connect() throws SQLException {
    Session s;
    try {
      s = opener.call();
    } catch (SQLException e) {
      throw e;
    } catch (Exception e) {
      throw new SQLException(e.getMessage(), "08006", e);
    }
    try {
      // before any SET or PREPARE: through a pooler they would stay on one of its server
      // connections, and this session's next statement would run on another
      String[] id = s.query(ServerQueries.IDENTIFY).get(0);
      if (Integer.parseInt(id[2]) != s.backendPid()) {
        throw new BehindPooler(pooledApplicationName != null);
      }
      s.execute("SET application_name = 'jpgbench monitor'");
      s.execute("SET statement_timeout = '5s'");
      version = Integer.parseInt(id[0]);
      allStats = "t".equals(id[1]);
      queries = new ServerQueries(version, pooledApplicationName);
      for (String prepare : queries.prepare()) {
        s.execute(prepare);
      }
    } catch (SQLException | RuntimeException e) {
      try {
        s.close();
      } catch (SQLException ignored) {
        // it failed already
      }
      throw e;
    }
    session = s;
    driverSql.clear();
    if (!queries.walRecords()) {
      missing.add("WAL records and full-page images: pg_stat_wal needs PostgreSQL 14 or later");
    }
    if (!allStats) {
      missing.add(
          "the checkpointer's activity, which tables autovacuum works on and the standbys' lag:"
              + " grant pg_monitor (or pg_read_all_stats) to see other sessions' activity");
    }
  }

  private void tryReconnect() {
    try {
      connect();
      takeOver();
    } catch (SQLException e) {
      session = null;
    }
  }

  private void lost() {
    lostInInterval = true;
    closeSession();
  }

  private void closeSession() {
    Session s = session;
    session = null;
    if (wire != null) {
      wire.close();
      wire = null;
    }
    if (s != null) {
      try {
        s.close();
      } catch (SQLException ignored) {
        // lost already
      }
    }
  }
}
