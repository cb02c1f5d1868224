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
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * The fallback way to the server, through JDBC, for a driver whose stream cannot be taken over: in
 * simple mode a single Statement that sends the text with variables substituted; in extended and
 * prepared modes one PreparedStatement per script command (the connection factory sets the
 * protocol: unnamed statements for extended, named server-side ones for prepared), parameters
 * bound as untyped text as pgbench sends them. Pipelines run as one multi-statement
 * PreparedStatement: the driver sends every Parse/Bind/Execute and a single Sync. Differences from
 * pgbench that {@link WireSession} does not have: a compound command (\;) in extended or prepared
 * mode is split by the driver instead of refused by the server, and notices are not printed.
 */
final class JdbcSession extends SqlSession {
  private final BaseConnection base;
  private final PreparedStatement[][] prepared;
  private final List<Segment> segments = new ArrayList<>();
  private Statement simple;
  private volatile Statement inFlight;

  private record Segment(int script, int[] pcs, PreparedStatement statement) {}

  JdbcSession(Connection con, QueryMode mode, SqlPlan[][] plans) throws SQLException {
    super(con, mode, plans);
    this.base = con.unwrap(BaseConnection.class);
    this.prepared = new PreparedStatement[plans.length][];
    for (int s = 0; s < plans.length; s++) {
      prepared[s] = new PreparedStatement[plans[s].length];
    }
  }

  @Override
  boolean run(SqlPlan plan, int script, int pc, Variables vars, String sql, ResultStore results)
      throws SQLException {
    Statement st;
    boolean firstIsResultSet;
    if (mode == QueryMode.SIMPLE) {
      st = simple;
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
    } else {
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
      st = ps;
    }
    return results.read(st, firstIsResultSet, plan.command, script, pc);
  }

  @Override
  void executePipeline(int script, int[] pcs, int n, String[] values) throws SQLException {
    if (n == 0) {
      return;
    }
    PreparedStatement ps = segment(script, pcs, n);
    for (int k = 0, p = 0, first = 0; k < n; k++) {
      SqlPlan plan = plans[script][pcs[k]];
      int[] params = plan.jdbc.params();
      for (int j = 0; j < params.length; j++, p++) {
        String v = values[first + params[j]];
        if (v != null) {
          ps.setObject(p + 1, v, Types.OTHER);
        } else {
          ps.setNull(p + 1, Types.OTHER);
        }
      }
      first += plan.command.slots.length;
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
    lastText = null;
    for (Segment s : segments) {
      if (s.script == script && s.pcs.length == n && Arrays.equals(s.pcs, 0, n, pcs, 0, n)) {
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
    return ps;
  }

  @Override
  TxState transactionState() {
    if (isClosed()) {
      return TxState.BROKEN;
    }
    TransactionState s = base.getTransactionState();
    return s == TransactionState.IDLE ? TxState.IDLE : TxState.IN_BLOCK;
  }

  @Override
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

  @Override
  boolean isClosed() {
    try {
      return con.isClosed();
    } catch (SQLException e) {
      return true;
    }
  }

  @Override
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
}
