package org.jpgbench.run;

import java.io.IOException;
import java.sql.SQLException;
import java.util.concurrent.CountDownLatch;
import org.jpgbench.config.Options;
import org.jpgbench.config.QueryMode;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.db.Session;
import org.jpgbench.db.Takeover;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.io.TransportFactory;
import org.jpgbench.script.Command;
import org.jpgbench.script.Script;
import org.jpgbench.telemetry.BackendPids;

/**
 * What all clients of a run share, read-only once the clients start (apart from the latches, the
 * {@link StartGate} and {@link RunControl}): the scripts and their SQL plans, the settings the
 * state machine consults on every transaction, the transports, the clock and the console.
 */
final class RunContext {
  final Console console;
  final RunControl control = new RunControl();
  final RunClock clock;
  final SymbolTable symbols;
  final Script[] scripts;

  /** Each script's commands, as arrays. */
  final Command[][] commands;

  final SqlPlan[][] plans;
  final int[] commandCounts;

  /** Whether each script has an SQL command (else its transactions cannot change the session). */
  final boolean[] hasSql;

  final ConnectionFactory db;

  /** How the loops reach the kernel. */
  final TransportFactory transports;

  /** Whether links run through JDBC (the driver's stream cannot be taken over). */
  final boolean jdbcOnly;

  /** -M, and what it means for the protocol ({@link QueryMode} decides). */
  final QueryMode queryMode;

  final boolean perScriptStats;
  final boolean connectPerTransaction;
  final boolean throttled;
  final long latencyLimit;
  final long transactionsPerClient;
  final long durationSeconds;
  final boolean reportPerCommand;
  final boolean verboseErrors;
  final boolean continueOnError;
  final boolean exitOnAbort;
  final int maxTries;
  final boolean log;

  /** --reconnect: lost connections are counted and reconnected, outages tracked; else null. */
  final OutageTracker outages;

  /** --reconnect=SECONDS in µs: how long one client keeps trying; 0 until the run's end. */
  final long reconnectCapMicros;

  /** How long a client's first connection may wait for the server (the run plan's). */
  final long firstConnectionWaitMicros;

  /**
   * Whether anything shows per-transaction latencies: -R, -P, -L, -l, -r, -C, several scripts, or
   * jpgbench's percentiles/reports. Otherwise a transaction that never waits (only meta-commands)
   * does not read the clock again at its end.
   */
  final boolean measureLatency;

  /** Where \shell commands write: null to inherit the process's stdout. */
  final java.io.OutputStream shellOutput;

  /** --server-stats: the backends serving the clients, for the monitor; else null. */
  final BackendPids backends;

  /** Counts clients down as they connect (or fail to). */
  final CountDownLatch connected;

  /** Opened (with -T's end) when every client connected, refused when one could not. */
  final StartGate gate = new StartGate();

  /** Counts loops down as they end. */
  final CountDownLatch finished;

  RunContext(
      Options o,
      RunPlan plan,
      Script[] scripts,
      SqlPlan[][] plans,
      SymbolTable symbols,
      ConnectionFactory db,
      TransportFactory transports,
      boolean jdbcOnly,
      Console console,
      RunClock clock,
      long transactionsPerClient,
      int loops,
      java.io.OutputStream shellOutput) {
    this.console = console;
    this.clock = clock;
    this.symbols = symbols;
    this.scripts = scripts;
    this.plans = plans;
    this.commandCounts = new int[scripts.length];
    this.commands = new Command[scripts.length][];
    this.hasSql = new boolean[scripts.length];
    for (int s = 0; s < scripts.length; s++) {
      commands[s] = scripts[s].commands().toArray(new Command[0]);
      commandCounts[s] = commands[s].length;
      for (Command c : commands[s]) {
        hasSql[s] |= c instanceof org.jpgbench.script.SqlCommand;
      }
    }
    this.db = db;
    this.transports = transports;
    this.jdbcOnly = jdbcOnly;
    this.queryMode = o.run().queryMode();
    this.perScriptStats = scripts.length > 1;
    this.connectPerTransaction = o.run().connectPerTransaction();
    this.throttled = o.run().rate() > 0;
    this.latencyLimit = o.run().latencyLimitMicros();
    this.transactionsPerClient = transactionsPerClient;
    this.durationSeconds = o.run().durationSeconds();
    this.reportPerCommand = o.outputs().reportPerCommand();
    this.verboseErrors = o.run().verboseErrors();
    this.continueOnError = o.run().continueOnError();
    this.exitOnAbort = o.run().exitOnAbort();
    this.maxTries = o.run().maxTries();
    this.log = o.outputs().log();
    this.outages = o.run().reconnect() ? new OutageTracker(control) : null;
    this.reconnectCapMicros = o.run().reconnectSeconds() * 1_000_000L;
    this.firstConnectionWaitMicros = plan.firstConnectionWaitMicros();
    this.measureLatency = plan.measureLatency();
    this.connected = new CountDownLatch(o.run().clients());
    this.backends =
        o.outputs().serverStatsSeconds() > 0 ? new BackendPids(o.run().clients()) : null;
    this.finished = new CountDownLatch(loops);
    this.shellOutput = shellOutput;
  }

  /**
   * Opens a connection for client {@code clientId} and puts it on {@code transport}; {@code wake}
   * is called when its answers are in or it is lost.
   */
  Link connect(int clientId, Runnable wake, org.jpgbench.io.Transport transport)
      throws SQLException {
    return attach(open(), clientId, wake, transport);
  }

  /**
   * Opens and authenticates a session (any thread: it blocks until the server answered): below the
   * JDBC API when the run speaks the protocol itself, a JDBC connection for the JDBC fallback.
   */
  Session open() throws SQLException {
    return jdbcOnly ? Session.of(db.open(queryMode)) : db.openSession(queryMode);
  }

  /**
   * Makes {@code con} the link of client {@code clientId} on {@code transport} (the loop's thread),
   * which calls {@code wake} when its answers are in; {@code con} is closed when that fails.
   */
  Link attach(Session con, int clientId, Runnable wake, org.jpgbench.io.Transport transport)
      throws SQLException {
    try {
      if (backends != null) {
        backends.connected(clientId, con.backendPid());
      }
      Takeover stream = jdbcOnly ? null : Takeover.of(con);
      if (stream == null) {
        if (con.jdbc() == null) {
          throw new SQLException("the session's stream could not be taken over", "08006");
        }
        return new JdbcLink(con, plans, queryMode);
      }
      return new WireLink(con, stream, transport, wake, queryMode, plans, console);
    } catch (IOException e) {
      closeQuietly(con);
      throw new SQLException(
          "could not serve the connection (" + transport.name() + "): " + e.getMessage(),
          "08000",
          e);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(con);
      throw e;
    }
  }

  private static void closeQuietly(Session con) {
    try {
      con.close();
    } catch (SQLException ignored) {
      // it failed already
    }
  }
}
