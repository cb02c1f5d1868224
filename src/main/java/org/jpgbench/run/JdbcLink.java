package org.jpgbench.run;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jpgbench.config.QueryMode;
import org.jpgbench.db.Session;
import org.jpgbench.expr.Variables;
import org.jpgbench.wire.ResultSink;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * The fallback {@link Link}, for a driver whose stream cannot be taken over: every request runs
 * through JDBC before the call returns, so the client never waits on the transport (a loop on this
 * link drives one client, as a thread per connection does, at about twice the client CPU per
 * query). Simple mode: one Statement with the text as it is; extended and prepared modes: one
 * PreparedStatement per script command (the connection factory sets the driver's protocol: unnamed
 * statements for extended, named server-side ones for prepared), parameters bound as untyped text
 * as pgbench sends them. A pipeline runs at each sync point as one multi-statement
 * PreparedStatement: the driver sends every Parse/Bind/Execute and one Sync. Differences from
 * {@link WireLink}: a compound command (\;) in extended or prepared mode is split by the driver
 * instead of refused by the server, and notices are not printed.
 */
final class JdbcLink extends Link {
  private final Connection jdbc;
  private final SqlPlan[][] plans;
  private final QueryMode mode;
  private final BaseConnection base;
  private final PreparedStatement[][] statements;
  private final List<Segment> segments = new ArrayList<>();
  private Statement simple;
  // ---- the open pipeline: commands queued since the last sync point, with their values ----
  private int pipelineScript;
  private int[] queuedPcs = new int[16];
  private int queued;
  private String[] values = new String[32];
  private int valueCount;

  private record Segment(int script, int[] pcs, PreparedStatement statement) {}

  /**
   * @param session a session opened as a JDBC connection
   * @param plans the run's commands, by script and index
   * @param mode the run's query mode (-M)
   */
  JdbcLink(Session session, SqlPlan[][] plans, QueryMode mode) throws SQLException {
    super(session);
    this.jdbc = session.jdbc();
    this.plans = plans;
    this.mode = mode;
    this.base = jdbc.unwrap(BaseConnection.class);
    this.statements = new PreparedStatement[plans.length][];
    for (int s = 0; s < statements.length; s++) {
      statements[s] = new PreparedStatement[plans[s].length];
    }
  }

  @Override
  String path() {
    return "jdbc";
  }

  @Override
  void command(
      SqlPlan plan, int script, int pc, Variables vars, String simpleText, ResultSink store) {
    try {
      Statement st;
      boolean firstIsResultSet;
      if (mode.simpleProtocol()) {
        st = simpleStatement();
        firstIsResultSet = st.execute(simpleText);
      } else {
        PreparedStatement ps = statements[script][pc];
        if (ps == null) {
          ps = statements[script][pc] = jdbc.prepareStatement(plan.jdbc.text());
        }
        int[] params = plan.jdbc.params();
        int[] slots = plan.command.slots;
        for (int k = 0; k < params.length; k++) {
          String v = vars.text(slots[params[k]]);
          if (v != null) {
            ps.setObject(k + 1, v, Types.OTHER);
          } else {
            ps.setNull(k + 1, Types.OTHER);
          }
        }
        firstIsResultSet = ps.execute();
        st = ps;
      }
      if (store != null) {
        ResultStore.read(st, firstIsResultSet, store);
      }
    } catch (SQLException e) {
      failed(e);
    }
    settled();
  }

  private Statement simpleStatement() throws SQLException {
    if (simple == null) {
      simple = jdbc.createStatement();
      simple.setEscapeProcessing(false); // the text goes to the server as the script has it
    }
    return simple;
  }

  private void failed(SQLException e) {
    if (error == null) {
      error = PgError.fromJdbc(e);
    }
    try {
      if (jdbc.isClosed()) {
        broken = true;
        lostReason = e.getMessage();
      }
    } catch (SQLException closed) {
      broken = true;
    }
  }

  /** After a request: the transaction status, as the driver tracks it. */
  private void settled() {
    if (!broken) {
      TransactionState s = base.getTransactionState();
      txStatus = s == TransactionState.IDLE ? 'I' : s == TransactionState.FAILED ? 'E' : 'T';
    }
  }

  @Override
  void preparePipeline(int script, int from, int to) {
    // the driver prepares the pipeline's statement when it first runs it
  }

  @Override
  void pipelined(SqlPlan plan, int script, int pc, Variables vars) {
    pipelineScript = script;
    if (queued == queuedPcs.length) {
      queuedPcs = Arrays.copyOf(queuedPcs, queued * 2);
    }
    queuedPcs[queued++] = pc;
    int[] slots = plan.command.slots;
    if (valueCount + slots.length > values.length) {
      values = Arrays.copyOf(values, Math.max(values.length * 2, valueCount + slots.length));
    }
    for (int slot : slots) {
      values[valueCount++] = vars.text(slot); // null when undefined
    }
  }

  @Override
  void pipelineSync() {
    try {
      if (queued > 0) {
        PreparedStatement ps = segment(pipelineScript, queuedPcs, queued);
        for (int k = 0, p = 0, first = 0; k < queued; k++) {
          SqlPlan plan = plans[pipelineScript][queuedPcs[k]];
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
        boolean rs = ps.execute();
        while (rs || ps.getUpdateCount() != -1) {
          rs = ps.getMoreResults();
        }
      }
    } catch (SQLException e) {
      failed(e);
    } finally {
      queued = 0;
      Arrays.fill(values, 0, valueCount, null);
      valueCount = 0;
    }
    settled();
  }

  private PreparedStatement segment(int script, int[] pcs, int n) throws SQLException {
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
    PreparedStatement ps = jdbc.prepareStatement(b.toString());
    segments.add(new Segment(script, Arrays.copyOf(pcs, n), ps));
    return ps;
  }

  @Override
  void rollback() {
    try {
      simpleStatement().execute("ROLLBACK");
    } catch (SQLException e) {
      failed(e);
    }
    settled();
  }
}
