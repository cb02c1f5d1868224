package org.jpgbench.run;

import java.sql.Connection;
import java.sql.SQLException;
import org.jpgbench.config.Options.QueryMode;
import org.jpgbench.expr.Variables;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.wire.WireConnection;

/**
 * One client connection and what it keeps for the run: how the client's SQL commands, pipelines
 * and rollbacks reach the server. {@link #open} picks {@link WireSession} (the protocol spoken
 * directly on the driver's stream, pgbench's messages) and falls back to {@link JdbcSession} when
 * the driver does not let its stream be taken over.
 */
abstract sealed class SqlSession implements AutoCloseable permits WireSession, JdbcSession {
  /** System property that keeps every query on the JDBC path (tests of that path). */
  static final String JDBC_ONLY_PROPERTY = "jpgbench.jdbcOnly";

  /** pgbench's getTransactionStatus. */
  enum TxState { IDLE, IN_BLOCK, BROKEN }

  final Connection con;
  final QueryMode mode;
  final SqlPlan[][] plans;
  private final StringBuilder text = new StringBuilder(256);
  /** The text last sent, for error excerpts; null when there is none to show. */
  String lastText;

  SqlSession(Connection con, QueryMode mode, SqlPlan[][] plans) {
    this.con = con;
    this.mode = mode;
    this.plans = plans;
  }

  /**
   * The session for a newly opened connection.
   *
   * @param console where the protocol layer reports failed preparations and the server's notices
   */
  static SqlSession open(Connection con, QueryMode mode, SqlPlan[][] plans, Console console)
      throws SQLException {
    WireConnection wire = Boolean.getBoolean(JDBC_ONLY_PROPERTY) ? null : WireConnection.takeOver(con);
    return wire != null ? new WireSession(con, wire, mode, plans, console) : new JdbcSession(con, mode, plans);
  }

  /** The text simple mode sends: literals with defined variables' values, undefined ones as is. */
  final String simpleText(SqlPlan plan, Variables vars) {
    SqlCommand c = plan.command;
    if (c.slots.length == 0) {
      return c.literals[0];
    }
    StringBuilder b = text;
    b.setLength(0);
    c.appendSimpleQuery(b, vars);
    return b.toString();
  }

  /**
   * Sends command {@code pc} of {@code script} and reads all its results into {@code results}
   * (\gset, \aset). False when the results could not be stored (pgbench's message is printed: the
   * client aborts); an SQL error is thrown.
   *
   * @param sql the simple-mode text (from {@link #simpleText}), ignored in the other modes
   */
  abstract boolean run(SqlPlan plan, int script, int pc, Variables vars, String sql,
      ResultStore results) throws SQLException;

  /**
   * Runs queued pipeline commands with a single Sync and discards their results.
   *
   * @param pcs the commands, in order (first {@code n} entries)
   * @param values their parameter values, one per variable reference of each command in order,
   *     null for undefined variables
   */
  abstract void executePipeline(int script, int[] pcs, int n, String[] values) throws SQLException;

  abstract TxState transactionState();

  abstract void rollback() throws SQLException;

  abstract boolean isClosed();

  /** Asks the server to cancel the query in flight, if any (from another thread). */
  abstract void cancel();

  @Override
  public void close() {
    try {
      con.close();
    } catch (SQLException ignored) {
      // closing a broken connection
    }
  }
}
