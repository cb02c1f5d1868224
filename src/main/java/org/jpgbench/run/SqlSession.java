package org.jpgbench.run;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jpgbench.config.Options.QueryMode;
import org.jpgbench.expr.Variables;
import org.jpgbench.script.SqlCommand;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * One client connection and the statements it keeps for the run: in simple mode a single Statement
 * that sends the text with variables substituted; in extended and prepared modes one
 * PreparedStatement per script command (the connection factory sets the protocol: unnamed
 * statements for extended, named server-side ones for prepared), parameters bound as untyped text
 * as pgbench sends them. Pipelines run as one multi-statement PreparedStatement: the driver sends
 * every Parse/ Bind/Execute and a single Sync. After warm-up nothing here allocates but the SQL
 * text the driver needs in simple mode.
 */
final class SqlSession implements AutoCloseable {
  final Connection con;
  private final BaseConnection base;
  private final QueryMode mode;
  private final SqlPlan[][] plans;
  private final PreparedStatement[][] prepared;
  private final StringBuilder text = new StringBuilder(256);
  private final List<Segment> segments = new ArrayList<>();
  private Statement simple;
  private volatile Statement inFlight;
  /** The text last sent, for error excerpts and --debug. */
  String lastText;

  private record Segment(int script, int[] pcs, PreparedStatement statement) {}

  SqlSession(Connection con, QueryMode mode, SqlPlan[][] plans) throws SQLException {
    this.con = con;
    this.base = con.unwrap(BaseConnection.class);
    this.mode = mode;
    this.plans = plans;
    this.prepared = new PreparedStatement[plans.length][];
    for (int s = 0; s < plans.length; s++) {
      prepared[s] = new PreparedStatement[plans[s].length];
    }
  }

  /** The text simple mode sends: literals with defined variables' values, undefined ones as is. */
  String simpleText(SqlPlan plan, Variables vars) {
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
   * Sends one command and waits for all its results.
   *
   * @param sql the simple-mode text (from {@link #simpleText}), ignored in the other modes
   * @return the statement holding the results; {@code firstIsResultSet} tells the first result's
   *     kind
   */
  Statement execute(SqlPlan plan, int script, int pc, Variables vars, String sql)
      throws SQLException {
    if (mode == QueryMode.SIMPLE) {
      Statement st = simple;
      if (st == null) {
        st = simple = con.createStatement();
        st.setEscapeProcessing(false); // the text goes to the server as the script has it
      }
      lastText = sql;
      inFlight = st;
      try {
        firstIsResultSet = st.execute(sql);
      } finally {
        inFlight = null;
      }
      return st;
    }
    PreparedStatement ps = prepared[script][pc];
    if (ps == null) {
      ps = prepared[script][pc] = con.prepareStatement(plan.jdbc.text());
    }
    lastText = plan.jdbc.text();
    int[] params = plan.jdbc.params();
    int[] slots = plan.command.slots;
    for (int k = 0; k < params.length; k++) {
      int slot = slots[params[k]];
      if (vars.isDefined(slot)) {
        ps.setObject(k + 1, vars.text(slot), Types.OTHER);
      } else {
        ps.setNull(k + 1, Types.OTHER);
      }
    }
    inFlight = ps;
    try {
      firstIsResultSet = ps.execute();
    } finally {
      inFlight = null;
    }
    return ps;
  }

  /** Kind of the first result of the last {@link #execute}. */
  boolean firstIsResultSet;

  /**
   * Runs queued pipeline commands as one batch with a single Sync and discards their results.
   *
   * @param pcs the commands, in order (first {@code n} entries)
   * @param values their parameter values in order, null for undefined variables
   */
  void executePipeline(int script, int[] pcs, int n, String[] values) throws SQLException {
    if (n == 0) {
      return;
    }
    PreparedStatement ps = segment(script, pcs, n);
    for (int k = 0, p = 0; k < n; k++) {
      int count = plans[script][pcs[k]].jdbc.params().length;
      for (int j = 0; j < count; j++, p++) {
        if (values[p] != null) {
          ps.setObject(p + 1, values[p], Types.OTHER);
        } else {
          ps.setNull(p + 1, Types.OTHER);
        }
      }
    }
    inFlight = ps;
    try {
      boolean rs = ps.execute();
      while (rs || ps.getUpdateCount() != -1) {
        rs = ps.getMoreResults();
      }
    } finally {
      inFlight = null;
    }
  }

  private PreparedStatement segment(int script, int[] pcs, int n) throws SQLException {
    for (Segment s : segments) {
      if (s.script == script && s.pcs.length == n && Arrays.equals(s.pcs, 0, n, pcs, 0, n)) {
        lastText = null;
        return s.statement;
      }
    }
    StringBuilder b = new StringBuilder();
    for (int k = 0; k < n; k++) {
      if (k > 0) {
        b.append("\n;\n");
      }
      b.append(plans[script][pcs[k]].pipelinePart());
    }
    if (segments.size() >= 16) {
      for (Segment s : segments) {
        s.statement.close();
      }
      segments.clear();
    }
    PreparedStatement ps = con.prepareStatement(b.toString());
    segments.add(new Segment(script, Arrays.copyOf(pcs, n), ps));
    lastText = null;
    return ps;
  }

  /** pgbench's getTransactionStatus. */
  TxState transactionState() {
    if (isClosed()) {
      return TxState.BROKEN;
    }
    TransactionState s = base.getTransactionState();
    return s == TransactionState.IDLE ? TxState.IDLE : TxState.IN_BLOCK;
  }

  enum TxState { IDLE, IN_BLOCK, BROKEN }

  void rollback() throws SQLException {
    Statement st = simple;
    if (st == null) {
      st = simple = con.createStatement();
    }
    inFlight = st;
    try {
      st.execute("ROLLBACK");
    } finally {
      inFlight = null;
    }
  }

  boolean isClosed() {
    try {
      return con.isClosed();
    } catch (SQLException e) {
      return true;
    }
  }

  /** Asks the server to cancel the query in flight, if any (from another thread). */
  void cancel() {
    Statement st = inFlight;
    if (st != null) {
      try {
        st.cancel();
      } catch (SQLException | RuntimeException ignored) {
        // the query ended meanwhile, or the connection is gone: nothing to cancel
      }
    }
  }

  @Override
  public void close() {
    try {
      con.close();
    } catch (SQLException ignored) {
      // closing a broken connection
    }
  }
}
