package org.jpgbench.run;

import java.sql.SQLException;
import org.jpgbench.expr.Variables;
import org.jpgbench.random.Prng;
import org.jpgbench.script.Command;
import org.jpgbench.script.MetaCommand;
import org.jpgbench.script.SleepCommand;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.stats.TxStatus;

/**
 * One pgbench client: its connection, variables, function generator and statistics (its {@link
 * ClientView}), and pgbench's state machine over them ({@link ClientState}; {@link #advance} holds
 * the transitions, in pgbench's advanceConnectionState order, and every wait). The work of some
 * states is done by the client's parts, each given the client's view and returning the next state:
 * {@link SqlStep} (an SQL command sent, its answer read), {@link MetaStep} (meta-commands), {@link
 * Pipeline}, {@link ClientErrors} (ERROR, WAIT_ROLLBACK, RETRY, FAILURE) and, with --reconnect,
 * {@link Reconnection} (whose LOST the client carries out: it alone accounts transactions). A
 * client belongs to one event loop (a {@link ClientLoop}), whose thread alone runs it; what it
 * shares with the other clients of its pgbench thread (script choice, --rate schedule, log) is in
 * {@link PgbenchThread}. In the steady state a transaction allocates nothing here.
 */
final class Client extends ClientView {
  /** How the client ended. */
  enum End {
    FINISHED,
    ABORTED,
    INTERRUPTED
  }

  final PgbenchThread thread;
  final ClientErrors errors;
  final Pipeline pipeline;
  final SqlStep sql;
  final MetaStep meta;

  ClientState state = ClientState.CHOOSE_SCRIPT;

  /** How the client ended, once it did. */
  volatile End end;

  /** The error of the initial connection, when it failed. */
  SQLException connectError;

  /** --reconnect: the way back after a lost connection; null without it. */
  final Reconnection reconnection;

  /** Transactions accounted (successful, failed and skipped), pgbench's st->cnt. */
  private long cnt;

  private long txnBegin;
  private long stmtBegin;

  Client(int id, PgbenchThread thread, RunContext run, Variables vars, Prng random) {
    super(id, run, vars, random);
    this.thread = thread;
    this.pipeline = new Pipeline(this);
    this.errors = new ClientErrors(this, pipeline);
    this.sql =
        new SqlStep(
            this,
            pipeline,
            errors,
            new ResultStore(id, vars, run.symbols, run.console, run.commandCounts));
    this.meta = new MetaStep(this);
    this.reconnection =
        run.outages != null ? new Reconnection(this, () -> loop.handOver(this)) : null;
  }

  // ------------------------------------------------------------------ the state machine

  /**
   * Runs the state machine until the client must wait for its server or a time, or has ended, or
   * (after a transaction that never waited) yields to the loop's other clients.
   */
  @Override
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
          loop.answered(this);
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
          loop.answered(this);
          state = errors.rolledBack();
        }
        case RETRY -> state = errors.retry();
        case FAILURE -> state = errors.failure();
        case END_TX -> {
          if (endTx()) {
            return;
          }
        }
        case LOST -> state = lost(true, ClientState.CHOOSE_SCRIPT);
        case RECONNECT -> {
          if (!loop.timeUp() && loop.now() < reconnection.due) {
            waitUntil(reconnection.due);
            return;
          }
          state = reconnection.attempt();
        }
        case WAIT_CONNECT -> {
          if (!reconnection.finished() && !loop.timeUp()) {
            waited = true; // the attempt's thread wakes it, or the end of -T
            if (loop.endTime() > 0) {
              loop.sleep(this, loop.endTime());
            }
            return;
          }
          state = reconnection.attempted();
        }
        case ABORTED, FINISHED -> {
          finish(state == ClientState.ABORTED ? End.ABORTED : End.FINISHED);
          return;
        }
      }
    }
  }

  private void waitUntil(long micros) {
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
        link = run.connect(id, this::wake, loop.transport());
      } catch (SQLException ex) {
        if (reconnection != null) { // no transaction began: none failed
          reconnection.lastError = ex;
          state = lost(false, ClientState.START_TX);
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
                : lost(false, ClientState.CHOOSE_SCRIPT);
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

  /**
   * --reconnect: the connection is lost. {@link Reconnection} says why (--verbose-errors), notes
   * the outage and schedules the first attempt, after which the client goes to {@code resume}; the
   * transaction in flight (if {@code inTransaction}) is counted as failed by the lost connection at
   * the command it was at; the link is closed.
   */
  private ClientState lost(boolean inTransaction, ClientState resume) {
    long now = loop.now();
    ClientState next = reconnection.lost(now, inTransaction, resume);
    if (inTransaction) {
      stats.command(script, pc).failures++;
      status = TxStatus.CONNECTION;
      account(now, false);
    }
    pipeline.reset();
    closeLink();
    return next;
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

  @Override
  boolean hasEnded() {
    return end != null;
  }

  /** --reconnect: waiting for its next attempt while another client got back in, it tries now. */
  boolean retryNow(long now) {
    if (state != ClientState.RECONNECT || end != null) {
      return false;
    }
    reconnection.retryNow(now);
    return true;
  }

  /** Ctrl-C or --exit-on-abort: stops quietly, whatever it was doing. */
  void quit() {
    if (end == null) {
      finish(End.INTERRUPTED);
    }
  }

  /** The transaction count so far (pgbench's st->cnt). */
  long count() {
    return cnt;
  }
}
