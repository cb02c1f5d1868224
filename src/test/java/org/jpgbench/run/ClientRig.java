package org.jpgbench.run;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.config.QueryMode;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.expr.Variables;
import org.jpgbench.io.Transports;
import org.jpgbench.random.Prng;
import org.jpgbench.script.Script;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.wire.ResultSink;
import org.jpgbench.wire.ServerMessage;

/**
 * One client on a loop that runs no thread, and a link whose answers each test gives: the rig of
 * the state machine's tests ({@link ClientStateTest}, {@link ClientReconnectTest}).
 */
final class ClientRig {
  private ClientRig() {}

  /** A link that records what the client sends; the test answers for the server. */
  static final class FakeLink extends Link {
    final List<String> sent = new ArrayList<>();
    ResultSink store;
    boolean closed;

    FakeLink() {
      super(null);
    }

    @Override
    void command(
        SqlPlan plan, int script, int pc, Variables vars, String simpleText, ResultSink store) {
      sent.add("command " + pc);
      pending = 1;
      this.store = store;
    }

    @Override
    void preparePipeline(int script, int from, int to) {
      sent.add("prepare " + from + ".." + to);
    }

    @Override
    void pipelined(SqlPlan plan, int script, int pc, Variables vars) {
      sent.add("pipelined " + pc);
    }

    @Override
    void pipelineSync() {
      sent.add("sync");
      pending++;
    }

    @Override
    void rollback() {
      sent.add("rollback");
      pending = 1;
    }

    @Override
    String path() {
      return "fake";
    }

    @Override
    void close() {
      closed = true;
    }

    void ok(char tx) {
      pending = 0;
      txStatus = tx;
    }

    void fail(String sqlstate, char tx) {
      error = new ServerMessage("ERROR", "ERROR", sqlstate, "boom", null, null, 0, null);
      errorQuery = 0;
      pending = 0;
      txStatus = tx;
    }
  }

  /** One client on a loop that never runs a thread; the test drives its rounds. */
  static final class Rig {
    final OptionsBuilder o = Options.builder();
    final SymbolTable symbols = new SymbolTable();
    final HandScripts script = new HandScripts(symbols);
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    final FakeLink link = new FakeLink();
    ConnectionFactory db;
    long nxacts = 10;
    RunContext run;
    Client c;
    EventLoop loop;

    Rig() {
      o.noVacuum = true;
    }

    Rig start() {
      Console console = new Console(new PrintStream(err, true, StandardCharsets.UTF_8), false);
      run = context(o, script.build("test", 1), symbols, db, console, nxacts);
      Prng p = new Prng(12);
      double delay = o.rate > 0 ? 1_000_000.0 / o.rate : 0;
      PgbenchThread g =
          new PgbenchThread(0, p.copy(), p.copy(), p.copy(), new int[] {1}, delay, 0.0, console);
      g.startSchedule(1_000);
      c = new Client(0, g, run, new Variables(symbols), new Prng(78));
      loop = new EventLoop(0, new Client[] {c}, run);
      if (!o.connectPerTransaction) {
        c.link = link;
      }
      return this;
    }

    /** One round of the loop at {@code now} µs: the client advances until it waits. */
    Rig round(long now) {
      loop.beginRound(now);
      c.advance();
      return this;
    }

    String err() {
      return err.toString(StandardCharsets.UTF_8);
    }
  }

  /**
   * The run of one client with script {@code s}, its SQL commands planned; {@code db} opens its
   * connections (-C, --reconnect), {@code nxacts} is -t.
   */
  static RunContext context(
      OptionsBuilder o,
      Script s,
      SymbolTable symbols,
      ConnectionFactory db,
      Console console,
      long nxacts) {
    Script[] scripts = {s};
    SqlPlan[][] plans = new SqlPlan[1][s.commands().size()];
    for (int i = 0; i < plans[0].length; i++) {
      if (s.commands().get(i) instanceof SqlCommand sql) {
        plans[0][i] = new SqlPlan(sql, i);
      }
    }
    return new RunContext(
        o.build(),
        RunPlan.of(o.build(), false),
        scripts,
        plans,
        symbols,
        db,
        Transports.blocking(),
        false,
        console,
        new RunClock(),
        nxacts,
        1,
        null);
  }

  /**
   * A server that refuses every connection ("connection refused", SQLSTATE 08001), each once {@code
   * before} has run (where a test may hold the answer back).
   */
  static ConnectionFactory refusing(Runnable before) {
    return new ConnectionFactory() {
      @Override
      public Connection open(QueryMode mode) throws SQLException {
        before.run();
        throw new SQLException("connection refused", "08001");
      }

      @Override
      public String describe() {
        return "nowhere";
      }

      @Override
      public String database() {
        return "none";
      }
    };
  }

  static Rig twoCommands() {
    Rig r = new Rig();
    r.script.sql("select 1").sql("select 2");
    return r;
  }
}
