package org.jpgbench.telemetry;

import java.util.ArrayList;
import java.util.List;

/**
 * The monitor's queries for one server version and role, chosen once when it connects. Each is
 * cheap on the server: the cumulative statistics views read shared memory, pg_stat_activity reads
 * the backends' status array, with no table scanned and nothing locked.
 *
 * <ul>
 *   <li>{@link #counters()}: one row of cumulative counters, named by {@link #counterNames()}: the
 *       benchmark database's from pg_stat_database; WAL bytes from the WAL position (every
 *       version), records and full-page images from pg_stat_wal (14+); checkpoints and buffers
 *       written from pg_stat_checkpointer and pg_stat_bgwriter (17+) or pg_stat_bgwriter alone; and
 *       the workload's own counters ({@link MonitorTarget#workloadCounters()}).
 *   <li>{@link #activity(String)}: the benchmark's backends' state and wait event, and the
 *       checkpointer's and autovacuum workers' (visible with pg_read_all_stats, else hidden).
 *   <li>{@link #replication()}: each standby's replay lag (pg_stat_replication; the lag columns
 *       need pg_read_all_stats).
 * </ul>
 */
final class ServerQueries {
  /** The version from which pg_stat_wal exists. */
  static final int PG_STAT_WAL = 140000;

  /** The version from which pg_stat_checkpointer holds the checkpoint counters. */
  static final int PG_STAT_CHECKPOINTER = 170000;

  private final int version;
  private final List<String> names = new ArrayList<>();
  private final java.util.Set<String> late = new java.util.LinkedHashSet<>();
  private final String counters;

  /** The run's application_name when its clients' server processes are unknown, else null. */
  private final String pooledApplicationName;

  /**
   * @param version server_version_num
   * @param target its pooledApplicationName: when the run goes through a pooler (its clients were
   *     told the pooler's process IDs, not the server's), the application_name the pooler's server
   *     connections carry for them; null when the clients' process IDs are the server's
   */
  ServerQueries(int version, MonitorTarget target) {
    this.version = version;
    this.pooledApplicationName = target.pooledApplicationName();
    List<String> columns = new ArrayList<>();
    column(columns, "commits", "d.xact_commit");
    column(columns, "rollbacks", "d.xact_rollback");
    column(columns, "blocks_read", "d.blks_read");
    column(columns, "blocks_hit", "d.blks_hit");
    column(columns, "tuples_returned", "d.tup_returned");
    column(columns, "tuples_fetched", "d.tup_fetched");
    column(columns, "tuples_inserted", "d.tup_inserted");
    column(columns, "tuples_updated", "d.tup_updated");
    column(columns, "tuples_deleted", "d.tup_deleted");
    column(columns, "temp_files", "d.temp_files");
    column(columns, "temp_bytes", "d.temp_bytes");
    column(columns, "deadlocks", "d.deadlocks");
    column(columns, "conflicts", "d.conflicts");
    target.workloadCounters().forEach((name, sql) -> column(columns, name, "(" + sql + ")"));
    column(
        columns,
        "wal_bytes",
        "(CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn()"
            + " END) - '0/0'::pg_lsn");
    StringBuilder from = new StringBuilder(" FROM pg_stat_database d");
    if (version >= PG_STAT_WAL) {
      column(columns, "wal_records", "w.wal_records");
      column(columns, "wal_fpi", "w.wal_fpi");
      from.append(", pg_stat_wal w");
    }
    if (version >= PG_STAT_CHECKPOINTER) {
      column(columns, "checkpoints_timed", "k.num_timed");
      column(columns, "checkpoints_requested", "k.num_requested");
      column(columns, "buffers_checkpoint", "k.buffers_written");
      column(columns, "buffers_clean", "b.buffers_clean");
      from.append(", pg_stat_checkpointer k, pg_stat_bgwriter b");
    } else {
      column(columns, "checkpoints_timed", "b.checkpoints_timed");
      column(columns, "checkpoints_requested", "b.checkpoints_req");
      column(columns, "buffers_checkpoint", "b.buffers_checkpoint");
      column(columns, "buffers_clean", "b.buffers_clean");
      column(columns, "buffers_backend", "b.buffers_backend");
      from.append(", pg_stat_bgwriter b");
    }
    this.counters =
        "SELECT " + String.join(", ", columns) + from + " WHERE d.datname = current_database()";
  }

  private void column(List<String> columns, String name, String expression) {
    names.add(name);
    if (expression.startsWith("d.") || expression.startsWith("w.")) {
      late.add(name); // pg_stat_database's, pg_stat_wal's: what backends flush
    }
    columns.add(expression);
  }

  /** The counters' query: one row, the columns named by {@link #counterNames()}. */
  String counters() {
    return counters;
  }

  /** The counters' names, in the query's column order. */
  List<String> counterNames() {
    return List.copyOf(names);
  }

  /** The counters that backends flush to the views, up to a second late ({@link FlushLag}). */
  java.util.Set<String> lateCounters() {
    return java.util.Collections.unmodifiableSet(late);
  }

  /** Whether pg_stat_wal's records and full-page images are read. */
  boolean walRecords() {
    return version >= PG_STAT_WAL;
  }

  /**
   * The benchmark's backends ({@code pids}, an int[] literal) and the checkpointer and autovacuum
   * workers, counted by what they do: backend_type for the latter two (null for the benchmark's),
   * state, wait_event_type, wait_event, the autovacuum worker's query, how many. Counted on the
   * server, the sample is a few rows whatever the number of clients.
   */
  String activity(String pids) {
    return "SELECT CASE WHEN backend_type IN ('checkpointer', 'autovacuum worker')"
        + " THEN backend_type END AS kind, state, wait_event_type, wait_event,"
        + " CASE WHEN backend_type = 'autovacuum worker' THEN query END, count(*)"
        + " FROM pg_stat_activity WHERE pid = ANY("
        + pids
        + ")"
        + pooledBackends(pids)
        + " OR backend_type IN ('checkpointer', 'autovacuum worker') GROUP BY 1, 2, 3, 4, 5";
  }

  /**
   * Behind a pooler: the client backends of this database with the run's application_name (the
   * pooler's server connections, busy or idle in its pool), but for this session's own; only while
   * none of the clients' process IDs is a server process here (a direct run's are).
   */
  private String pooledBackends(String pids) {
    if (pooledApplicationName == null) {
      return "";
    }
    return " OR (backend_type = 'client backend' AND datname = current_database()"
        + " AND pid <> pg_backend_pid() AND application_name = '"
        + pooledApplicationName.replace("'", "''")
        + "' AND NOT EXISTS (SELECT 1 FROM pg_stat_activity c WHERE c.pid = ANY("
        + pids
        + ")))";
  }

  /** The name under which the monitoring session prepares {@link #activity} once. */
  static final String ACTIVITY = "jpgbench_activity";

  /** The name of the prepared {@link #counters()}. */
  static final String COUNTERS = "jpgbench_counters";

  /** The name of the prepared {@link #replication()}. */
  static final String REPLICATION = "jpgbench_replication";

  /**
   * The monitor's three statements as PREPAREs, for the session to run once when it connects: each
   * query is then an execution the server neither parses nor plans again, {@link #ACTIVITY} with
   * the benchmark's backends (an int[]) as its one parameter.
   */
  List<String> prepare() {
    return List.of(
        "PREPARE " + ACTIVITY + "(int[]) AS " + activity("$1"),
        "PREPARE " + COUNTERS + " AS " + counters(),
        "PREPARE " + REPLICATION + " AS " + replication());
  }

  /**
   * One execution of a prepared statement, among those a round trip sends together.
   *
   * @param name {@link #ACTIVITY}, {@link #COUNTERS} or {@link #REPLICATION}
   * @param param the one parameter's text (an int[] for {@link #ACTIVITY}), or null for none
   */
  record Execute(String name, String param) {}

  /**
   * A prepared statement's EXECUTE as SQL, for a session whose stream cannot be taken over.
   *
   * @param param the one parameter's text (an int[] for {@link #ACTIVITY}), or null for none
   */
  static String execute(String name, String param) {
    return param == null
        ? "EXECUTE " + name
        : "EXECUTE " + name + "('" + param.replace("'", "''") + "')";
  }

  /** Each standby's name and replay lag in ms (null when unknown or not visible). */
  static String replication() {
    return "SELECT coalesce(nullif(application_name, ''), client_addr::text, pid::text),"
        + " EXTRACT(epoch FROM replay_lag) * 1000 FROM pg_stat_replication";
  }

  /**
   * The version, whether the role reads every session's statistics, and the session's server
   * process (behind a pooler, not the one its BackendKeyData named).
   */
  static final String IDENTIFY =
      "SELECT current_setting('server_version_num')::int,"
          + " (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)"
          + " OR pg_has_role(current_user, 'pg_read_all_stats', 'USAGE'), pg_backend_pid()";
}
