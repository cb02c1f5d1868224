package org.jpgbench.run;

import java.sql.Connection;
import java.sql.SQLException;
import org.jpgbench.config.Options.QueryMode;
import org.jpgbench.expr.Variables;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.script.SqlCommand.ResultTarget;
import org.jpgbench.wire.WireConnection;
import org.postgresql.PGConnection;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * The run loop's usual way to the server: the messages libpq sends for pgbench, written by {@link
 * WireConnection} on the connection the driver opened. Simple mode: a Query with the variables
 * substituted. Extended: Parse of the unnamed statement, Bind, Execute, Sync. Prepared: the first
 * time the connection runs a command, its statement "P_n" is prepared on its own (Parse, Sync),
 * then Bind, Execute, Sync. A Describe is added only when \gset or \aset need the column names.
 * Pipelines: each command's Parse (extended) or earlier preparation (prepared), Bind and Execute,
 * one Sync per sync point.
 */
final class WireSession extends SqlSession {
  private final WireConnection wire;
  private final Console console;
  /** Prepared mode: which commands were prepared (or tried to be) on this connection. */
  private final boolean[][] prepared;
  private volatile boolean inFlight;

  WireSession(Connection con, WireConnection wire, QueryMode mode, SqlPlan[][] plans, Console console) {
    super(con, mode, plans);
    this.wire = wire;
    this.console = console;
    this.prepared = new boolean[plans.length][];
    for (int s = 0; s < plans.length; s++) {
      prepared[s] = new boolean[plans[s].length];
    }
    if (console != null) {
      // libpq's default notice processor: the message as is, on stderr
      wire.onNotice(m -> console.stream().print(PgError.notice(m)));
    }
  }

  @Override
  boolean run(SqlPlan plan, int script, int pc, Variables vars, String sql, ResultStore results)
      throws SQLException {
    SqlCommand c = plan.command;
    boolean keep = c.resultTarget != ResultTarget.NONE;
    checkOpen();
    if (mode == QueryMode.SIMPLE) {
      lastText = sql;
      wire.query(sql);
    } else {
      lastText = c.parameterized;
      String name = "";
      if (mode == QueryMode.PREPARED) {
        name = plan.prepName;
        prepare(script, pc);
      } else {
        wire.parse("", c.parameterized);
      }
      int[] slots = c.slots;
      wire.beginBind(name, slots.length);
      for (int slot : slots) {
        if (vars.isTypedInt(slot)) { // a \set int: its digits, with no String made per value
          wire.intParam(vars.typedInt(slot));
        } else {
          wire.textParam(vars.text(slot)); // null (SQL NULL) when undefined
        }
      }
      wire.endBind();
      if (keep) {
        wire.describePortal();
      }
      wire.execute();
      wire.sync();
    }
    if (!keep) {
      read(null);
      return true;
    }
    results.begin(c, script, pc);
    read(results);
    return results.end();
  }

  @Override
  void executePipeline(int script, int[] pcs, int n, String[] values) throws SQLException {
    if (n == 0) {
      return;
    }
    checkOpen();
    lastText = null;
    if (mode == QueryMode.PREPARED) { // as pgbench, prepared before the pipeline's commands
      for (int k = 0; k < n; k++) {
        prepare(script, pcs[k]);
      }
    }
    for (int k = 0, base = 0; k < n; k++) {
      SqlPlan plan = plans[script][pcs[k]];
      String name = "";
      if (mode == QueryMode.PREPARED) {
        name = plan.prepName;
      } else {
        wire.parse("", plan.command.parameterized);
      }
      int count = plan.command.slots.length;
      wire.bind(name, values, base, base + count);
      wire.execute();
      base += count;
    }
    wire.sync();
    read(null);
  }

  /**
   * pgbench's prepareCommand: the first time the connection runs command {@code pc}, its named
   * statement is prepared on its own (Parse, Sync). A failure is logged and not retried: the
   * command's execution then fails with the server's "does not exist", as in pgbench.
   */
  private void prepare(int script, int pc) throws SQLException {
    if (prepared[script][pc]) {
      return;
    }
    prepared[script][pc] = true;
    SqlPlan plan = plans[script][pc];
    wire.parse(plan.prepName, plan.command.parameterized);
    wire.sync();
    try {
      read(null);
    } catch (SQLException e) {
      if (wire.isBroken()) {
        throw e;
      }
      if (console != null) {
        console.error(PgError.message(e, plan.command.parameterized));
      }
    }
  }

  /** Reads a response; while it is read, {@link #cancel} may cancel it. */
  private void read(ResultStore results) throws SQLException {
    inFlight = true;
    try {
      wire.readResults(results);
    } finally {
      inFlight = false;
    }
  }

  private void checkOpen() throws SQLException {
    if (wire.isBroken()) {
      throw new PSQLException("This connection has been closed.", PSQLState.CONNECTION_DOES_NOT_EXIST);
    }
  }

  @Override
  TxState transactionState() {
    if (isClosed()) {
      return TxState.BROKEN;
    }
    return wire.transactionStatus() == 'I' ? TxState.IDLE : TxState.IN_BLOCK;
  }

  @Override
  void rollback() throws SQLException {
    checkOpen();
    wire.query("ROLLBACK");
    read(null);
  }

  /** Lost (I/O error, FATAL, COPY): only the client itself closes its connection otherwise. */
  @Override
  boolean isClosed() {
    return wire.isBroken();
  }

  @Override
  void cancel() {
    if (inFlight) {
      try {
        con.unwrap(PGConnection.class).cancelQuery();
      } catch (SQLException | RuntimeException ignored) {
        // the query ended meanwhile, or the connection is gone: nothing to cancel
      }
    }
  }
}
