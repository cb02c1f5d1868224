package org.jpgbench.group;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The coordination tables, in a schema of their own ({@code jpgbench}), created on demand by the
 * first member that finds them missing: one row per member and phase ({@code init} or {@code run})
 * in {@code group_members}, one row per member and -P interval in {@code group_intervals}. A member
 * is alive while its coordination session is: {@link #ALIVE} tests that through pg_stat_activity
 * (the backend's start precedes the registration, so a reused pid does not count; the start is
 * hidden from another role without pg_read_all_stats, and then the pid alone decides).
 */
final class GroupTables {
  private GroupTables() {}

  static final String SCHEMA = "jpgbench";

  /** The advisory lock class of jpgbench's groups (the second key names the group and phase). */
  private static final String LOCK_CLASS = "hashtext('jpgbench.group')";

  /** Serializes registrations of one group's phase, and (key 0) the tables' creation. */
  static final String LOCK = "SELECT pg_advisory_xact_lock(" + LOCK_CLASS + ", hashtext(?))";

  /** SQL condition: member row {@code m} still has its coordination session. */
  static final String ALIVE =
      "EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = m.backend_pid"
          + " AND (a.backend_start IS NULL OR a.backend_start <= m.registered_at))";

  private static final String[] CREATE = {
    "CREATE SCHEMA IF NOT EXISTS jpgbench",
    """
    CREATE TABLE IF NOT EXISTS jpgbench.group_members (
      group_name text NOT NULL,
      phase text NOT NULL,
      member int NOT NULL,
      group_size int NOT NULL,
      host text NOT NULL,
      os_pid bigint NOT NULL,
      backend_pid int NOT NULL,
      registered_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      finished_at timestamptz,
      exit_status int,
      summary text,
      PRIMARY KEY (group_name, phase, member))""",
    """
    CREATE TABLE IF NOT EXISTS jpgbench.group_intervals (
      group_name text NOT NULL,
      member int NOT NULL,
      seq int NOT NULL,
      from_us bigint NOT NULL,
      to_us bigint NOT NULL,
      transactions bigint NOT NULL,
      failed bigint NOT NULL,
      skipped bigint NOT NULL,
      retried bigint NOT NULL,
      retries bigint NOT NULL,
      latency_sum float8 NOT NULL,
      latency_sum2 float8 NOT NULL,
      lag_sum float8 NOT NULL,
      histogram text NOT NULL,
      PRIMARY KEY (group_name, seq, member))"""
  };

  /** Whether the coordination tables are there. */
  static boolean exist(Connection con) throws SQLException {
    try (Statement st = con.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT to_regclass('jpgbench.group_members') IS NOT NULL"
                    + " AND to_regclass('jpgbench.group_intervals') IS NOT NULL")) {
      rs.next();
      return rs.getBoolean(1);
    }
  }

  /** Creates the schema and tables unless they are there (autocommit restored afterwards). */
  static void ensure(Connection con) throws SQLException {
    if (exist(con)) {
      return;
    }
    inTransaction(
        con,
        () -> {
          lock(con, "");
          try (Statement st = con.createStatement()) {
            for (String sql : CREATE) {
              st.execute(sql);
            }
          }
        });
  }

  /** Takes the transaction's advisory lock on {@code key}. */
  static void lock(Connection con, String key) throws SQLException {
    try (PreparedStatement ps = con.prepareStatement(LOCK)) {
      ps.setString(1, key);
      ps.execute();
    }
  }

  interface Work {
    void run() throws SQLException;
  }

  /** Runs {@code work} in one transaction, committed when it returns, rolled back when not. */
  static void inTransaction(Connection con, Work work) throws SQLException {
    con.setAutoCommit(false);
    try {
      work.run();
      con.commit();
    } catch (SQLException | RuntimeException e) {
      try {
        con.rollback();
      } catch (SQLException ignored) {
        // the first error is the one to report
      }
      throw e;
    } finally {
      con.setAutoCommit(true);
    }
  }
}
