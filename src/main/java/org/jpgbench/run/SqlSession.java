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
import org.jpgbench.wire.ResultSink;
import org.jpgbench.wire.WireConnection;
import org.postgresql.PGConnection;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * One client connection and what it keeps for the run. Normally the driver only opens the
 * connection and {@link WireConnection} then sends exactly pgbench's protocol messages (Query in
 * simple mode; Parse/Bind/Execute/Sync with unnamed statements in extended mode; named statements
 * "P_n" parsed on first use in prepared mode; one Sync per pipeline sync point). Where the driver
 * does not let its stream be taken over, the JDBC path below is used: in simple mode a single Statement
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
  private final Console console;
  /** The protocol layer, or null: the JDBC path. */
  private final WireConnection wire;
  /** Prepared mode on the wire: which commands were prepared (or tried to be) on this connection. */
  private final boolean[][] parsed;
  private volatile boolean wireInFlight;

  /** The text last sent, for error excerpts and --debug. */
  String lastText;

  private record Segment(int script, int[] pcs, PreparedStatement statement) {}

  /**
   * @param console where a failed preparation is reported (prepared mode), as pgbench logs it;
   *     null: not reported
   */
  SqlSession(Connection con, QueryMode mode, SqlPlan[][] plans, Console console) throws SQLException {
    this.con = con;
    this.console = console;
    this.base = con.unwrap(BaseConnection.class);
    this.mode = mode;
    this.plans = plans;
    this.prepared = new PreparedStatement[plans.length][];
    this.parsed = new boolean[plans.length][];
    for (int s = 0; s < plans.length; s++) {
      prepared[s] = new PreparedStatement[plans[s].length];
      parsed[s] = new boolean[plans[s].length];
    }
    this.wire = Boolean.getBoolean(JDBC_ONLY_PROPERTY) ? null : WireConnection.takeOver(con);
    if (wire != null && console != null) {
      // libpq's default notice processor: the message as is, on stderr
      wire.onNotice(m -> console.stream().print(PgError.notice(m)));
    }
  }

  /** System property that keeps every query on the JDBC path (tests of that path). */
  static final String JDBC_ONLY_PROPERTY = "jpgbench.jdbcOnly";

  /** True when queries go through {@link WireConnection}. */
  boolean usesWire() {
    return wire != null;
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
   * Sends one command through JDBC and waits for all its results (when {@link #usesWire} is false).
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

  /**
   * Sends one command on the wire and reads its results into {@code sink} (null: nothing kept).
   *
   * @param sql the simple-mode text, ignored in the other modes
   */
  void wireExecute(SqlPlan plan, int script, int pc, Variables vars, String sql, ResultSink sink)
      throws SQLException {
    checkOpen();
    if (mode == QueryMode.SIMPLE) {
      lastText = sql;
      wire.query(sql);
    } else {
      SqlCommand c = plan.command;
      lastText = c.parameterized;
      String name = "";
      if (mode == QueryMode.PREPARED) {
        name = plan.prepName;
        prepare(script, pc);
      } else {
        wire.parse("", c.parameterized);
      }
      int[] slots = c.slots;
      String[] values = paramValues(slots.length);
      for (int k = 0; k < slots.length; k++) {
        values[k] = vars.isDefined(slots[k]) ? vars.text(slots[k]) : null;
      }
      wire.bind(name, values, 0, slots.length);
      Arrays.fill(values, 0, slots.length, null);
      if (sink != null) {
        wire.describePortal();
      }
      wire.execute();
      wire.sync();
    }
    wireRead(sink);
  }

  private String[] paramScratch = new String[8];

  private String[] paramValues(int n) {
    if (paramScratch.length < n) {
      paramScratch = new String[n];
    }
    return paramScratch;
  }

  /**
   * pgbench's prepareCommand: the first time a connection runs command {@code pc}, its named
   * statement is prepared on its own (Parse, Sync). A failure is logged and not retried: the
   * command's execution then fails with the server's "does not exist", as in pgbench.
   */
  private void prepare(int script, int pc) throws SQLException {
    if (parsed[script][pc]) {
      return;
    }
    parsed[script][pc] = true;
    SqlPlan plan = plans[script][pc];
    wire.parse(plan.prepName, plan.command.parameterized);
    wire.sync();
    try {
      wireRead(null);
    } catch (SQLException e) {
      if (wire.isBroken()) {
        throw e;
      }
      if (console != null) {
        console.error(PgError.message(e, plan.command.parameterized));
      }
    }
  }

  /** Reads a response (while it is read, {@link #cancel} may cancel it). */
  private void wireRead(ResultSink sink) throws SQLException {
    wireInFlight = true;
    try {
      wire.readResults(sink);
    } finally {
      wireInFlight = false;
    }
  }

  private void checkOpen() throws SQLException {
    if (wire.isBroken()) {
      throw new PSQLException("This connection has been closed.", PSQLState.CONNECTION_DOES_NOT_EXIST);
    }
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
    if (wire != null) {
      wirePipeline(script, pcs, n, values);
      return;
    }
    PreparedStatement ps = segment(script, pcs, n);
    for (int k = 0, p = 0, base = 0; k < n; k++) {
      SqlPlan plan = plans[script][pcs[k]];
      int[] params = plan.jdbc.params();
      for (int j = 0; j < params.length; j++, p++) {
        String v = values[base + params[j]];
        if (v != null) {
          ps.setObject(p + 1, v, Types.OTHER);
        } else {
          ps.setNull(p + 1, Types.OTHER);
        }
      }
      base += plan.command.slots.length;
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

  /**
   * A pipeline's commands as Parse/Bind/Execute each, then one Sync; results are discarded. In
   * prepared mode the commands are prepared first, each on its own, as pgbench does before a
   * pipeline.
   */
  private void wirePipeline(int script, int[] pcs, int n, String[] values) throws SQLException {
    checkOpen();
    lastText = null;
    if (mode == QueryMode.PREPARED) {
      for (int k = 0; k < n; k++) {
        prepare(script, pcs[k]);
      }
    }
    for (int k = 0, base = 0; k < n; k++) {
      int pc = pcs[k];
      SqlPlan plan = plans[script][pc];
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
    wireRead(null);
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
    if (wire != null) {
      return wire.transactionStatus() == 'I' ? TxState.IDLE : TxState.IN_BLOCK;
    }
    TransactionState s = base.getTransactionState();
    return s == TransactionState.IDLE ? TxState.IDLE : TxState.IN_BLOCK;
  }

  enum TxState { IDLE, IN_BLOCK, BROKEN }

  void rollback() throws SQLException {
    if (wire != null) {
      checkOpen();
      wire.query("ROLLBACK");
      wireRead(null);
      return;
    }
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
    if (wire != null && wire.isBroken()) {
      return true;
    }
    try {
      return con.isClosed();
    } catch (SQLException e) {
      return true;
    }
  }

  /** Asks the server to cancel the query in flight, if any (from another thread). */
  void cancel() {
    if (wire != null) {
      if (wireInFlight) {
        try {
          con.unwrap(PGConnection.class).cancelQuery();
        } catch (SQLException | RuntimeException ignored) {
          // the query ended meanwhile, or the connection is gone: nothing to cancel
        }
      }
      return;
    }
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
