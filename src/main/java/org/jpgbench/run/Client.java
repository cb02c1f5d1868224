package org.jpgbench.run;

import java.sql.SQLException;
import org.jpgbench.expr.Variables;
import org.jpgbench.random.Prng;
import org.jpgbench.script.Command;
import org.jpgbench.script.MetaCommand;
import org.jpgbench.script.SleepCommand;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.stats.StatsRecorder;
import org.jpgbench.stats.TxStatus;

/**
 * One pgbench client: its connection, variables, function generator and statistics, and pgbench's
 * state machine over them ({@link ClientState}; {@link #advance} holds the transitions, in
 * pgbench's advanceConnectionState order). The work of some states is done by the client's parts,
 * each reading and setting the client's fields: {@link SqlStep} (an SQL command sent, its answer
 * read), {@link MetaStep} (meta-commands), {@link Pipeline}, {@link ClientErrors} (ERROR,
 * WAIT_ROLLBACK, RETRY, FAILURE) and, with --reconnect, {@link Reconnection}. A client belongs to
 * one event loop (a {@link ClientLoop}), whose thread alone runs it; what it shares with the other
 * clients of its pgbench thread (script choice, --rate schedule, log) is in {@link PgbenchThread}.
 * In the steady state a transaction allocates nothing here.
 */
final class Client {
  /** How the client ended. */
  enum End {
    FINISHED,
    ABORTED,
    INTERRUPTED
  }

  final int id;
  final PgbenchThread thread;
  final RunContext run;
  final Variables vars;
  final Prng random;

  /** The function generator as the transaction found it, restored for a retry. */
  final Prng savedRandom;

  final StatsRecorder stats;
  final ClientErrors errors;
  final Pipeline pipeline;
  final SqlStep sql;
  final MetaStep meta;
  ClientLoop loop;

  /** The connection; null under -C between transactions. */
  volatile Link link;

  ClientState state = ClientState.CHOOSE_SCRIPT;

  /** How the client ended, once it did. */
  volatile End end;

  /** The error of the initial connection, when it failed. */
  SQLException connectError;

  /** --reconnect: the way back after a lost connection; null without it. */
  final Reconnection reconnection;

  // ---- the loop's bookkeeping ----
  /** Position in the loop's {@link Deadlines} (-1: not there) and the time it is due (µs). */
  int heapIndex = -1;

  long wakeAt;

  /** On the loop's list of clients to advance. */
  boolean queued;

  /** Counted by the loop as waiting for its server. */
  boolean waitingForServer;

  // ---- the transaction in progress ----
  int script;
  int pc;
  int nextPc;

  /** Transactions accounted (successful, failed and skipped), pgbench's st->cnt. */
  private long cnt;

  int tries;
  TxStatus status;
  long txnScheduled;
  private long txnBegin;
  private long stmtBegin;
  long sleepUntil;

  /** Whether this transaction waited (for the server or a time) since it started. */
  boolean waited;

  Client(int id, PgbenchThread thread, RunContext run, Variables vars, Prng random) {
    this.id = id;
    this.thread = thread;
    this.run = run;
    this.vars = vars;
    this.random = random;
    this.savedRandom = random.copy();
    this.stats = new StatsRecorder(run.commandCounts, run.perScriptStats);
    this.sql =
        new SqlStep(this, new ResultStore(id, vars, run.symbols, run.console, run.commandCounts));
    this.errors = new ClientErrors(this);
    this.pipeline = new Pipeline(this);
    this.meta = new MetaStep(this);
    this.reconnection = run.outages != null ? new Reconnection(this) : null;
  }

  // ------------------------------------------------------------------ the state machine

  /** Something the client waits for happened (its link's answers, a lost connection). */
  void wake() {
    if (loop != null) {
      loop.ready(this);
    }
  }

  /**
   * Runs the state machine until the client must wait for its server or a time, or has ended, or
   * (after a transaction that never waited) yields to the loop's other clients.
   */
  void advance() {
    while (true) {
      switch (state) {
        case CHOOSE_SCRIPT -> chooseScript();
        case PREPARE_THROTTLE -> prepareThrottle();
        case THROTTLE -> {
          if (loop.now() < txnScheduled) {
            waitUntil(txnScheduled);
            return;
          }
          state = loop.timeUp() ? ClientState.FINISHED : ClientState.START_TX;
        }
        case START_TX -> startTx();
        case START_COMMAND -> startCommand();
        case WAIT_RESULT -> {
          if (link.busy()) {
            waitForServer();
            return;
          }
          state = sql.answered();
        }
        case SLEEP -> {
          if (loop.now() < sleepUntil) {
            waitUntil(sleepUntil);
            return;
          }
          state = ClientState.END_COMMAND;
        }
        case END_COMMAND -> {
          if (run.reportPerCommand) {
            stats.command(script, pc).addLatency(loop.refresh() - stmtBegin);
          }
          pc = nextPc;
          state = ClientState.START_COMMAND;
        }
        case ERROR -> state = errors.afterError();
        case WAIT_ROLLBACK -> {
          if (link.busy()) {
            waitForServer();
            return;
          }
          state = errors.rolledBack();
        }
        case RETRY -> state = errors.retry();
        case FAILURE -> state = errors.failure();
        case END_TX -> {
          if (endTx()) {
            return;
          }
        }
        case RECONNECT, WAIT_CONNECT -> {
          ClientState next = reconnection.advance(state);
          if (next == null) {
            return;
          }
          state = next;
        }
        case ABORTED, FINISHED -> {
          finish(state == ClientState.ABORTED ? End.ABORTED : End.FINISHED);
          return;
        }
      }
    }
  }

  void waitUntil(long micros) {
    waited = true;
    loop.sleep(this, micros);
  }

  private void waitForServer() {
    waited = true;
    loop.waitingForServer(this);
  }

  private void chooseScript() {
    script = run.scripts.length == 1 ? 0 : thread.chooseScript();
    status = TxStatus.OK;
    tries = 1;
    waited = false;
    if (run.console.debugEnabled) {
      run.console.debug(Messages.f(Messages.DEBUG_SCRIPT, id, run.scripts[script].description()));
    }
    state =
        loop.timeUp()
            ? ClientState.FINISHED
            : run.throttled ? ClientState.PREPARE_THROTTLE : ClientState.START_TX;
  }

  /** pgbench's CSTATE_PREPARE_THROTTLE: the next slot, skipping those already too late. */
  private void prepareThrottle() {
    txnScheduled = thread.nextScheduledStart();
    if (run.latencyLimit > 0 && txnScheduled < loop.now() - run.latencyLimit) {
      account(loop.now(), true);
      if (loop.timeUp() || (run.transactionsPerClient > 0 && transactionsDone())) {
        state = ClientState.FINISHED;
      }
      return; // another slot
    }
    state =
        loop.endTime() > 0 && txnScheduled > loop.endTime()
            ? ClientState.FINISHED
            : ClientState.THROTTLE;
  }

  private void startTx() {
    if (link == null) { // -C
      long start = loop.refresh();
      try {
        link = run.connect(this, loop.transport());
      } catch (SQLException ex) {
        if (reconnection != null) { // no transaction began: none failed
          reconnection.lastError = ex;
          state = reconnection.lost(false, ClientState.START_TX);
          return;
        }
        run.console.error(PgError.connectionMessage(ex));
        run.console.error(Messages.f(Messages.CONNECT_ABORTED, id));
        state = ClientState.ABORTED;
        return;
      }
      stats.addConnectionTime(loop.refresh() - start);
    }
    savedRandom.restore(random);
    txnBegin = loop.now();
    if (!run.throttled) {
      txnScheduled = txnBegin;
    }
    pc = 0;
    state = ClientState.START_COMMAND;
  }

  private void startCommand() {
    Command[] cmds = run.commands[script];
    if (pc >= cmds.length) {
      if (pipeline.active) {
        run.console.error(Messages.f(Messages.PIPELINE_OPEN_AT_END, id));
        state = ClientState.ABORTED;
      } else {
        state = ClientState.END_TX;
      }
      return;
    }
    if (run.reportPerCommand) {
      stmtBegin = loop.now();
    }
    nextPc = pc + 1;
    Command cmd = cmds[pc];
    if (cmd instanceof SqlCommand command) {
      state = sql.send(command, run.plans[script][pc]);
      return;
    }
    MetaCommand m = (MetaCommand) cmd;
    state =
        switch (m.kind) {
          case SLEEP -> meta.sleep((SleepCommand) m);
          case STARTPIPELINE -> pipeline.start();
          case SYNCPIPELINE -> pipeline.sync();
          case ENDPIPELINE -> {
            sql.keepResults = false;
            yield pipeline.finish();
          }
          default -> meta.run(m);
        };
  }

  // ------------------------------------------------------------------ end of transaction

  /** pgbench's CSTATE_END_TX; true when the client yields to the loop's others. */
  private boolean endTx() {
    long now = waited || !run.measureLatency ? loop.now() : loop.refresh();
    account(now, false);
    if (run.hasSql[script]) { // without SQL the session's state cannot have changed
      if (link.broken && reconnection != null) { // lost after its last answer: it was counted
        state =
            transactionsDone() || loop.timeUp()
                ? ClientState.FINISHED
                : reconnection.lost(false, ClientState.CHOOSE_SCRIPT);
        return false;
      }
      if (link.broken) {
        run.console.error(Messages.BACKEND_DIED);
        run.console.error(Messages.f(Messages.TX_STATUS_ABORTED, id));
        state = ClientState.ABORTED;
        return false;
      }
      if (link.txStatus != 'I') {
        run.console.error(Messages.f(Messages.TX_OPEN_AT_END, id));
        state = ClientState.ABORTED;
        return false;
      }
    }
    if (run.connectPerTransaction) {
      long start = loop.refresh();
      closeLink();
      stats.addConnectionTime(loop.refresh() - start);
    }
    if (transactionsDone() || loop.timeUp()) {
      state = ClientState.FINISHED;
      return false;
    }
    state = ClientState.CHOOSE_SCRIPT;
    if (!waited && !loop.mayRunOn()) { // it never waited: let the others run before the next
      loop.ready(this);
      return true;
    }
    return false;
  }

  /** -t is reached: transactions lost with their connection (--reconnect) do not count. */
  private boolean transactionsDone() {
    long lost = reconnection != null ? reconnection.lostTransactions : 0;
    return run.durationSeconds <= 0 && cnt - lost >= run.transactionsPerClient;
  }

  /** pgbench's processXactStats. */
  void account(long now, boolean skipped) {
    double latency = 0;
    double lag = 0;
    if (!skipped && status == TxStatus.OK) {
      latency = now - txnScheduled;
      lag = txnBegin - txnScheduled;
    }
    boolean late = run.latencyLimit > 0 && latency > run.latencyLimit;
    if (reconnection != null && status == TxStatus.OK && !skipped) {
      reconnection.completed(now);
    }
    cnt++;
    stats.transaction(script, skipped, latency, lag, status, tries, late);
    if (run.log) {
      thread.log(id, cnt, skipped, status, latency, lag, script, tries, now + run.clock.epochShift);
    }
  }

  /** Ends the client: its connection closed, the loop told. */
  private void finish(End how) {
    closeLink();
    end = how;
    state = how == End.ABORTED ? ClientState.ABORTED : ClientState.FINISHED;
    if (how == End.ABORTED && run.exitOnAbort) {
      run.control.abortRun(thread.tid);
    }
    loop.ended(this);
  }

  /** Ctrl-C or --exit-on-abort: stops quietly, whatever it was doing. */
  void quit() {
    if (end == null) {
      finish(End.INTERRUPTED);
    }
  }

  void closeLink() {
    Link l = link;
    link = null;
    if (l != null) {
      l.close();
    }
  }

  /** The transaction count so far (pgbench's st->cnt). */
  long count() {
    return cnt;
  }
}
