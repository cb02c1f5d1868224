package org.jpgbench.init;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.log.PgLog;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * One init connection: runs statements the way pgbench's executeStatement does (a failure becomes
 * "query failed: ..." plus "Query was: ..."), prints server notices to stderr as libpq does, and
 * can be canceled from another thread (Ctrl-C, or a failed parallel task).
 */
final class InitConnection implements AutoCloseable {
  final Connection conn;
  final int serverVersion;
  private final PrintStream err;
  private final boolean debug;
  private volatile boolean canceled;

  InitConnection(Connection conn, PrintStream err, boolean debug) throws SQLException {
    this.conn = conn;
    this.err = err;
    this.debug = debug;
    this.serverVersion = versionNum(conn);
  }

  /** Runs one statement; {@code table} names the table concerned, for the failure message. */
  void exec(String sql, String table) throws InitError {
    checkCanceled(table);
    if (debug) {
      err.println(PgLog.debug("executing: " + sql));
    }
    try (Statement st = conn.createStatement()) {
      st.execute(sql);
      printNotices(st.getWarnings());
    } catch (SQLException e) {
      throw failure(e, sql, table);
    }
  }

  /** A single-row, single-column query with text parameters; null when there is no row. */
  String queryValue(String sql, String table, String... params) throws InitError {
    List<String> row = queryRows(sql, table, params).stream().findFirst().orElse(null);
    return row == null ? null : row.get(0);
  }

  /** Every row of a query, as text columns. */
  List<List<String>> queryRows(String sql, String table, String... params) throws InitError {
    checkCanceled(table);
    try (PreparedStatement ps = conn.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        ps.setString(i + 1, params[i]);
      }
      List<List<String>> rows = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          List<String> row = new ArrayList<>(n);
          for (int c = 1; c <= n; c++) {
            row.add(rs.getString(c));
          }
          rows.add(row);
        }
      }
      printNotices(ps.getWarnings());
      return rows;
    } catch (SQLException e) {
      throw failure(e, sql, table);
    }
  }

  /** Starts {@code COPY ... FROM STDIN}; a refusal is pgbench's "unexpected copy in result". */
  CopyIn copyIn(String sql, String table) throws InitError {
    checkCanceled(table);
    if (debug) {
      err.println(PgLog.debug("executing: " + sql));
    }
    try {
      return conn.unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
    } catch (SQLException e) {
      throw new InitError(
          List.of(
              InitMessages.unexpectedCopyResult(ServerErrorText.of(e, sql)),
              InitMessages.queryWas(sql)),
          table);
    }
  }

  /** Prints the notices the connection collected (e.g. during COPY) and clears them. */
  void flushConnectionNotices() {
    try {
      printNotices(conn.getWarnings());
      conn.clearWarnings();
    } catch (SQLException ignored) {
      // the connection is gone; the caller's next statement reports it
    }
  }

  /**
   * A statement must not start once the connection was canceled: a cancel request that reaches the
   * server between two statements is lost, and the next one would run in full.
   */
  private void checkCanceled(String table) throws InitError {
    if (canceled) {
      throw new InitError(List.of(InitMessages.CANCELED), table);
    }
  }

  /** Whether the connection is inside a transaction block (begun and not yet ended). */
  boolean inTransaction() {
    try {
      return conn.unwrap(BaseConnection.class).getTransactionState() != TransactionState.IDLE;
    } catch (SQLException e) {
      return false;
    }
  }

  /**
   * A failed COPY as pgbench reports it: the server's message as libpq prints it, then its line.
   */
  InitError copyFailure(SQLException e, String table) {
    return new InitError(List.of(ServerErrorText.of(e, null), InitMessages.ENDCOPY_FAILED), table);
  }

  InitError failure(SQLException e, String sql, String table) {
    return new InitError(
        List.of(InitMessages.queryFailed(ServerErrorText.of(e, sql)), InitMessages.queryWas(sql)),
        table);
  }

  private void printNotices(SQLWarning w) {
    for (; w != null; w = w.getNextWarning()) {
      err.println(ServerErrorText.ofNotice(w));
    }
  }

  /** Asks the server to cancel whatever this connection is running (any thread). */
  void cancel() {
    canceled = true;
    try {
      conn.unwrap(PGConnection.class).cancelQuery();
    } catch (SQLException | RuntimeException ignored) {
      // best effort: the connection may already be closed
    }
  }

  boolean wasCanceled() {
    return canceled;
  }

  @Override
  public void close() {
    try {
      conn.close();
    } catch (SQLException ignored) {
      // nothing to report at exit
    }
  }

  /** PostgreSQL's server_version_num for the connection (e.g. 150018), 0 when unknown. */
  private static int versionNum(Connection conn) throws SQLException {
    try (Statement st = conn.createStatement();
        ResultSet rs = st.executeQuery("select pg_catalog.current_setting('server_version_num')")) {
      return rs.next() ? Integer.parseInt(rs.getString(1).trim()) : 0;
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
