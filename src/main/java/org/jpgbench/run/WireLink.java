package org.jpgbench.run;

import java.io.IOException;
import org.jpgbench.config.QueryMode;
import org.jpgbench.db.Session;
import org.jpgbench.expr.Variables;
import org.jpgbench.io.Channel;
import org.jpgbench.io.Connected;
import org.jpgbench.io.Receiver;
import org.jpgbench.io.Transport;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.wire.BackendDecoder;
import org.jpgbench.wire.Frontend;
import org.jpgbench.wire.ResultRows;
import org.jpgbench.wire.ResultSink;
import org.jpgbench.wire.ServerMessage;

/**
 * The usual {@link Link}: the messages libpq sends for pgbench, written by {@link Frontend} and
 * sent through the loop's transport on the connection the driver opened. Simple mode: a Query with
 * the variables substituted. Extended: Parse of the unnamed statement, Bind, Execute, Sync.
 * Prepared: the first time the connection runs a command, its statement "P_n" is prepared on its
 * own (Parse, Sync) in front of its Bind, Execute, Sync. A Describe is added only when \gset or
 * \aset need the column names. Pipelines: Parse (extended), Bind and Execute per command, one Sync
 * per sync point; their bytes go out at each sync point and whenever {@link #PIPELINE_FLUSH} bytes
 * have gathered, while answers are read as they come.
 *
 * <p>Every Sync (and every Query) is answered by one ReadyForQuery; what each answer closes is kept
 * in a small queue ({@link #kinds}), so the messages in front of it are taken for what they are: a
 * preparation's error is printed and otherwise ignored, as pgbench does; a command's results are
 * stored for \gset/\aset and its first error kept.
 */
final class WireLink extends Link implements Receiver, BackendDecoder.Handler {
  /** Pipelined bytes sent before a sync point once this many have gathered (libpq: 64 kB). */
  static final int PIPELINE_FLUSH = 64 * 1024;

  private static final byte PREPARE = 1;
  private static final byte COMMAND = 2;
  private static final byte PIPELINE = 3;
  private static final byte ROLLBACK = 4;

  /** Called when every answer has arrived, or the connection was lost. */
  private final Runnable onAnswered;

  private final QueryMode mode;
  private final SqlPlan[][] allPlans;
  private final Console console;
  private final Frontend out = new Frontend();
  private final BackendDecoder decoder = new BackendDecoder();
  private final ResultRows rows = new ResultRows();
  private final Channel channel;

  /** Prepared mode: which commands (and \startpipeline commands) this connection prepared. */
  private final boolean[][] prepared;

  // ---- the answers to come, oldest first: a ring of kinds, and the plans of preparations ----
  private byte[] kinds = new byte[8];
  private SqlPlan[] plans = new SqlPlan[8];
  private int head;
  private int count;

  /** Results of the current answer so far (pgbench's qrynum). */
  private int results;

  private ResultSink store;

  /**
   * @param onAnswered run (on the transport's thread) when every answer has arrived or the
   *     connection was lost: the client's wake-up
   * @param plans every script's SQL plans, by script and command
   * @param console where notices and failed preparations are printed
   */
  WireLink(
      Session session,
      Connected socket,
      Transport transport,
      Runnable onAnswered,
      QueryMode mode,
      SqlPlan[][] plans,
      Console console)
      throws IOException {
    super(session);
    this.onAnswered = onAnswered;
    this.mode = mode;
    this.allPlans = plans;
    this.console = console;
    this.prepared = new boolean[plans.length][];
    for (int s = 0; s < prepared.length; s++) {
      prepared[s] = new boolean[plans[s].length];
    }
    // whatever the driver already read past its last ReadyForQuery (a notice) comes first
    byte[] b = new byte[4096];
    while (socket.buffered()) {
      int n = socket.read(b, 0, b.length);
      if (n <= 0) {
        break;
      }
      received(b, 0, n);
    }
    this.channel = transport.open(socket, this);
  }

  @Override
  String path() {
    return "wire";
  }

  // ------------------------------------------------------------------ requests

  @Override
  void command(
      SqlPlan plan, int script, int pc, Variables vars, String simpleText, ResultSink store) {
    out.clear();
    SqlCommand c = plan.command;
    if (mode.simpleProtocol()) {
      simpleQuery(plan, vars);
    } else {
      String name = "";
      if (mode.namedStatements()) {
        name = plan.prepName;
        prepare(plan, script, pc);
      } else {
        out.parse("", plan.parameterizedBytes);
      }
      bind(name, c, vars);
      if (store != null) {
        out.describePortal();
      }
      out.execute();
      out.sync();
    }
    expect(COMMAND, null);
    this.store = store;
    flush();
  }

  /**
   * -M simple: the command's text with each defined variable's value in place of its reference and
   * undefined ones as written (pgbench's assignVariables), written straight into the Query.
   */
  private void simpleQuery(SqlPlan plan, Variables vars) {
    SqlCommand c = plan.command;
    out.beginQuery();
    int[] slots = c.slots;
    for (int k = 0; k < slots.length; k++) {
      out.text(plan.literalBytes[k]);
      int slot = slots[k];
      if (vars.isTypedInt(slot)) {
        out.integer(vars.typedInt(slot));
      } else {
        String v = vars.text(slot);
        out.text(v != null ? v : ":" + c.variableName(k));
      }
    }
    out.text(plan.literalBytes[slots.length]);
    out.endQuery();
  }

  private void bind(String statement, SqlCommand c, Variables vars) {
    int[] slots = c.slots;
    out.beginBind(statement, slots.length);
    for (int slot : slots) {
      if (vars.isTypedInt(slot)) { // a \set int: its digits, with no String made per value
        out.intParam(vars.typedInt(slot));
      } else {
        out.textParam(vars.text(slot)); // null (SQL NULL) when undefined
      }
    }
    out.endBind();
  }

  /** pgbench's prepareCommand: Parse and Sync of "P_n", once per connection and command. */
  private void prepare(SqlPlan plan, int script, int pc) {
    if (!prepared[script][pc]) {
      prepared[script][pc] = true;
      out.parse(plan.prepName, plan.parameterizedBytes);
      out.sync();
      expect(PREPARE, plan);
    }
  }

  @Override
  void preparePipeline(int script, int from, int to) {
    if (prepared[script][from - 1]) { // flagged on the \startpipeline itself, as pgbench does
      return;
    }
    prepared[script][from - 1] = true;
    out.clear();
    for (int pc = from; pc < to; pc++) {
      SqlPlan plan = allPlans[script][pc];
      if (plan != null) {
        prepare(plan, script, pc);
      }
    }
  }

  @Override
  void pipelined(SqlPlan plan, int script, int pc, Variables vars) {
    if (mode.namedStatements()) {
      bind(plan.prepName, plan.command, vars);
    } else {
      out.parse("", plan.parameterizedBytes);
      bind("", plan.command, vars);
    }
    out.execute();
    if (out.length() >= PIPELINE_FLUSH) {
      flush();
    }
  }

  @Override
  void pipelineSync() {
    out.sync();
    expect(PIPELINE, null);
    flush();
  }

  @Override
  void rollback() {
    out.clear();
    out.query("ROLLBACK");
    expect(ROLLBACK, null);
    flush();
  }

  private void flush() {
    if (!broken) {
      channel.send(out.buffer(), 0, out.length());
    }
    out.clear();
  }

  private void expect(byte kind, SqlPlan plan) {
    if (count == kinds.length) {
      byte[] k = new byte[count * 2];
      SqlPlan[] p = new SqlPlan[count * 2];
      for (int i = 0; i < count; i++) {
        k[i] = kinds[(head + i) % kinds.length];
        p[i] = plans[(head + i) % kinds.length];
      }
      kinds = k;
      plans = p;
      head = 0;
    }
    int at = (head + count) % kinds.length;
    kinds[at] = kind;
    plans[at] = plan;
    count++;
    pending = count;
  }

  // ------------------------------------------------------------------ answers

  @Override
  public void received(byte[] bytes, int offset, int length) {
    try {
      decoder.feed(bytes, offset, length, this);
    } catch (BackendDecoder.ProtocolException e) {
      lost("protocol violation: " + e.getMessage());
    }
  }

  @Override
  public void lost(String reason) {
    if (!broken) {
      broken = true;
      lostReason = reason;
      decoder.reset();
      onAnswered.run();
    }
  }

  @Override
  public boolean awaitingData() {
    return count > 0 && !broken;
  }

  private byte current() {
    return count > 0 ? kinds[head] : 0;
  }

  @Override
  public boolean wants(byte type) {
    return switch (type) {
      case 'E', 'N', 'Z' -> true;
      case 'T', 'D' -> store != null && current() == COMMAND;
      default -> false;
    };
  }

  @Override
  public void message(byte type, byte[] body, int off, int len) {
    switch (type) {
      case 'Z' -> {
        txStatus = (char) body[off];
        answered();
      }
      case 'T' -> {
        if (body != null) {
          rows.description(body, off, len);
        }
      }
      case 'D' -> {
        if (body != null) {
          rows.dataRow(body, off, len);
        }
      }
      case 'C', 'I' -> {
        if (store != null && current() == COMMAND) {
          rows.complete(store);
        }
        results++;
      }
      case 'E' -> error(ServerMessage.parse(body, off, len));
      case 'N' -> {
        console.stream().print(PgError.notice(ServerMessage.parse(body, off, len)));
        console.stream().flush();
      }
      case 'G', 'H', 'W' -> { // CopyIn/Out/BothResponse: pgbench gives the connection up
        copy = true;
        lost("COPY");
      }
      default -> {} // 1 2 3 n s t S A: nothing pgbench keeps
    }
  }

  private void error(ServerMessage m) {
    if (current() == PREPARE) {
      console.error(PgError.message(m, plans[head].command.parameterized));
    } else if (error == null) {
      error = m;
      errorQuery = results;
    }
    rows.discard();
    if (m.endsSession()) {
      if (error == null) {
        error = m; // a FATAL while idle: shown with the next command, as libpq would
      }
      lost(m.message());
    }
  }

  /** A ReadyForQuery: the oldest answer is complete. */
  private void answered() {
    if (count == 0) {
      return;
    }
    plans[head] = null;
    head = (head + 1) % kinds.length;
    count--;
    pending = count;
    results = 0;
    if (count == 0) {
      store = null;
      onAnswered.run();
    }
  }

  @Override
  void close() {
    channel.close();
    super.close();
  }
}
