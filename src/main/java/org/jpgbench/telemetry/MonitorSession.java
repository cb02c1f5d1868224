package org.jpgbench.telemetry;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.jpgbench.db.Session;
import org.jpgbench.io.TransportFactory;

/**
 * The monitor's one session and its statements: connected by the driver, which prepares them, its
 * stream then taken over ({@link WireStatements}) by the monitor's thread, the only one to use it.
 * It counts its own transactions, which the server counts as commits the benchmark did not make.
 * Every failure is an {@link SQLException}: the monitor then calls the session lost.
 */
final class MonitorSession {
  /** The statements without a parameter, as executions. */
  static final ServerQueries.Execute COUNTERS =
      new ServerQueries.Execute(ServerQueries.COUNTERS, null);

  static final ServerQueries.Execute REPLICATION =
      new ServerQueries.Execute(ServerQueries.REPLICATION, null);

  private final Callable<Session> opener;
  private final TransportFactory transports;
  private final MonitorTarget target;

  private Session session;
  private ServerQueries queries;
  private int version;
  private boolean allStats;

  /** The statements on the session's own stream; null when they go through the driver. */
  private WireStatements wire;

  /** Per statement executed through the driver, its last parameter and EXECUTE. */
  private final Map<String, String[]> driverSql = new LinkedHashMap<>();

  /** The monitor's own queries (each a transaction) since the last counters were read. */
  private long ownQueries;

  /** Those before the latest counters: commits the benchmark did not make. */
  private long ownCommits;

  /**
   * @param transports the kind of transport the run's clients use; null: through the driver
   * @param target see {@link MonitorTarget}
   */
  MonitorSession(Callable<Session> opener, TransportFactory transports, MonitorTarget target) {
    this.opener = opener;
    this.transports = transports;
    this.target = target;
  }

  boolean connected() {
    return session != null;
  }

  /** server_version_num, 0 before the first connection. */
  int version() {
    return version;
  }

  /** Whether the role sees every session's activity (pg_read_all_stats). */
  boolean allStats() {
    return allStats;
  }

  /** The counters that backends flush late, none before the first connection. */
  java.util.Set<String> lateCounters() {
    return queries == null ? java.util.Set.of() : queries.lateCounters();
  }

  /** The commits of the monitor's own before the latest counters were read. */
  long ownCommits() {
    return ownCommits;
  }

  /**
   * Opens the session, identifies the server and prepares the statements.
   *
   * @return what the reports will miss on this server or for this role, in words
   * @throws SQLException when it cannot, or the session goes through a pooler ({@link
   *     BehindPooler})
   */
  List<String> connect() throws SQLException {
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
        throw new BehindPooler(target.pooledApplicationName() != null);
      }
      s.execute("SET application_name = 'jpgbench monitor'");
      s.execute("SET statement_timeout = '5s'");
      version = Integer.parseInt(id[0]);
      allStats = "t".equals(id[1]);
      queries = new ServerQueries(version, target);
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
    List<String> missing = new ArrayList<>();
    if (!queries.walRecords()) {
      missing.add("WAL records and full-page images: pg_stat_wal needs PostgreSQL 14 or later");
    }
    if (!allStats) {
      missing.add(
          "the checkpointer's activity, which tables autovacuum works on and the standbys' lag:"
              + " grant pg_monitor (or pg_read_all_stats) to see other sessions' activity");
    }
    return missing;
  }

  /** On the monitor's thread: the session's stream taken over, when the driver allows it. */
  void takeOver() {
    if (session != null && transports != null && wire == null) {
      wire = WireStatements.of(session, transports);
    }
  }

  /** Executes the prepared statement {@code name} on the session's stream or through the driver. */
  List<String[]> execute(String name, String param) throws SQLException {
    ownQueries++;
    return wire != null ? wire.rows(name, param) : session.query(driverSql(name, param));
  }

  /**
   * At the run's end, before the last counters are read: waits, {@code waitNanos} at the most, for
   * the benchmark's backends to leave pg_stat_activity (the clients closed their sessions before
   * the run ended). A backend busy with transactions adds them to the statistics at most once a
   * second, and when it goes idle only ten seconds later, but at its exit before it leaves
   * pg_stat_activity: read at once, the last interval missed up to a second of the run's commits
   * whenever the backends had not exited yet (10-12% of a 4 s run's, under a test suite's load).
   *
   * @param benchmark the benchmark's backends' process IDs, as an array literal
   * @return false when the session was lost meanwhile
   */
  boolean awaitGone(String benchmark, long waitNanos, long pollNanos) {
    if (!connected() || "{}".equals(benchmark)) {
      return true;
    }
    long deadline = System.nanoTime() + waitNanos;
    try {
      while (true) {
        // the benchmark's backends are the rows of no kind (the others: checkpointer, autovacuum)
        boolean gone = true;
        for (String[] row : execute(ServerQueries.ACTIVITY, benchmark)) {
          gone &= row[0] != null;
        }
        if (gone || System.nanoTime() >= deadline) {
          return true;
        }
        java.util.concurrent.locks.LockSupport.parkNanos(this, pollNanos);
      }
    } catch (SQLException e) {
      return false;
    }
  }

  /**
   * Executes {@code statements} (the counters first, when they are among them): in one round trip
   * on the session's stream (one transaction), else one after the other through the driver.
   */
  List<List<String[]>> read(ServerQueries.Execute... statements) throws SQLException {
    ownCommits = ownQueries; // the commits before the counters' snapshot
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
  }

  /** The cumulative counters now (a baseline: at the start, after a reconnect), or null. */
  Map<String, Long> counters() throws SQLException {
    return counters(read(COUNTERS).get(0));
  }

  /** The counters' row by name, or null when there was none. */
  Map<String, Long> counters(List<String[]> rows) {
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

  /** Closes the session (lost, or at the run's end). */
  void close() {
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
