package org.jpgbench.run;

import java.io.OutputStream;
import java.io.PrintStream;
import java.sql.SQLException;
import org.jpgbench.expr.EvalContext;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.Variables;
import org.jpgbench.log.PgLog;
import org.jpgbench.random.Prng;
import org.jpgbench.report.StatsRecorder;
import org.jpgbench.report.TxStatus;
import org.jpgbench.script.Command;
import org.jpgbench.script.MetaCommand;
import org.jpgbench.script.SleepCommand;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.script.SqlCommand.ResultTarget;
import org.jpgbench.wire.ServerMessage;

/**
 * One pgbench client: its connection, variables, function generator and statistics, and pgbench's
 * state machine over them ({@link ClientState}; {@link #advance} holds the transitions, in
 * pgbench's advanceConnectionState order). A client belongs to one {@link EventLoop}, whose thread
 * alone runs it; what it shares with the other clients of its pgbench thread (script choice, --rate
 * schedule, log) is in {@link ClientGroup}. In the steady state a transaction allocates nothing
 * here.
 */
final class Client implements EvalContext {
  /** How the client ended. */
  enum End {
    FINISHED,
    ABORTED,
    INTERRUPTED
  }

  final int id;
  final ClientGroup group;
  final RunContext run;
  final Variables vars;
  final Prng random;

  /** The function generator as the transaction found it, restored for a retry. */
  final Prng savedRandom;

  final StatsRecorder stats;
  private final ResultStore results;
  private final ClientErrors errors;
  EventLoop loop;

  /** The connection; null under -C between transactions. */
  volatile Link link;

  ClientState state = ClientState.CHOOSE_SCRIPT;

  /** How the client ended, once it did. */
  volatile End end;

  /** The error of the initial connection, when it failed. */
  SQLException connectError;

  /** --reconnect: the way back after a lost connection; null without it. */
  final Reconnection reconnection;

  /** --reconnect: the outage window this client was last lost in (0: none). */
  int outageWindow;

  /** --reconnect: connected again, its first transaction not yet completed. */
  private boolean recovering;

  /** --reconnect: transactions that failed because the connection was lost (not counted by -t). */
  private long lostTransactions;

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
  private int nextPc;

  /** Transactions accounted (successful, failed and skipped), pgbench's st->cnt. */
  private long cnt;

  int tries;
  TxStatus status;
  long txnScheduled;
  private long txnBegin;
  private long stmtBegin;
  private long sleepUntil;

  /** Whether this transaction waited (for the server or a time) since it started. */
  private boolean waited;

  private boolean pipeline;
  private boolean pipelineEnding;
  private boolean keepResults;

  /** The SQL command in flight, whose text an error excerpt shows. */
  private SqlPlan sentPlan;

  private PgError.Kind errorKind;
  private int errorPc;
  private final StringBuilder text = new StringBuilder(256);

  Client(int id, ClientGroup group, RunContext run, Variables vars, Prng random) {
    this.id = id;
    this.group = group;
    this.run = run;
    this.vars = vars;
    this.random = random;
    this.savedRandom = random.copy();
    this.stats = new StatsRecorder(run.commandCounts, run.perScriptStats);
    this.results = new ResultStore(id, vars, run.symbols, run.console, run.commandCounts);
    this.errors = new ClientErrors(this);
    this.reconnection = run.outages != null ? new Reconnection(this) : null;
  }

  // ------------------------------------------------------------------ EvalContext

  @Override
  public Variables variables() {
    return vars;
  }

  @Override
  public Prng random() {
    return random;
  }

  @Override
  public int scriptIndex() {
    return script;
  }

  @Override
  public int commandIndex() {
    return pc;
  }

  @Override
  public PrintStream err() {
    return run.console.stream();
  }

  @Override
  public OutputStream shellOutput() {
    return run.shellOutput;
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
          if (loop.now < txnScheduled) {
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
          state = resultArrived();
        }
        case SLEEP -> {
          if (loop.now < sleepUntil) {
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
        case ERROR -> state = afterError();
        case WAIT_ROLLBACK -> {
          if (link.busy()) {
            waitForServer();
            return;
          }
          state = rolledBack();
        }
        case RETRY -> retry();
        case FAILURE -> failure();
        case END_TX -> {
          if (endTx()) {
            return;
          }
        }
        case RECONNECT -> {
          if (loop.timeUp()) {
            run.outages.gaveUp(loop.now);
            state = ClientState.FINISHED;
          } else if (loop.now < reconnection.due) {
            waitUntil(reconnection.due);
            return;
          } else {
            reconnection.start(run, loop);
            state = ClientState.WAIT_CONNECT;
          }
        }
        case WAIT_CONNECT -> {
          if (reconnection.finished()) {
            state = reconnected();
          } else if (loop.timeUp()) {
            reconnection.abandon();
            run.outages.gaveUp(loop.now);
            state = ClientState.FINISHED;
          } else {
            waited = true;
            if (run.endTime > 0) {
              loop.sleep(this, run.endTime); // the attempt's thread or the end of -T wakes it
            }
            return;
          }
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
    script = run.scripts.length == 1 ? 0 : group.chooseScript();
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
    txnScheduled = group.nextScheduledStart();
    if (run.latencyLimit > 0 && txnScheduled < loop.now - run.latencyLimit) {
      account(loop.now, true);
      if (loop.timeUp() || (run.transactionsPerClient > 0 && transactionsDone())) {
        state = ClientState.FINISHED;
      }
      return; // another slot
    }
    state =
        run.endTime > 0 && txnScheduled > run.endTime ? ClientState.FINISHED : ClientState.THROTTLE;
  }

  private void startTx() {
    if (link == null) { // -C
      long start = loop.refresh();
      try {
        link = run.connect(this, loop.transport());
      } catch (SQLException ex) {
        if (reconnection != null) { // no transaction began: none failed
          reconnection.lastError = ex;
          state = lostConnection(false, ClientState.START_TX);
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
    txnBegin = loop.now;
    if (!run.throttled) {
      txnScheduled = txnBegin;
    }
    pc = 0;
    state = ClientState.START_COMMAND;
  }

  private void startCommand() {
    Command[] cmds = run.commands[script];
    if (pc >= cmds.length) {
      if (pipeline) {
        run.console.error(Messages.f(Messages.PIPELINE_OPEN_AT_END, id));
        state = ClientState.ABORTED;
      } else {
        state = ClientState.END_TX;
      }
      return;
    }
    if (run.reportPerCommand) {
      stmtBegin = loop.now;
    }
    nextPc = pc + 1;
    Command cmd = cmds[pc];
    if (cmd instanceof SqlCommand sql) {
      state = sendSql(sql, run.plans[script][pc]);
      return;
    }
    MetaCommand meta = (MetaCommand) cmd;
    state =
        switch (meta.kind) {
          case SLEEP -> sleep((SleepCommand) meta);
          case STARTPIPELINE -> startPipeline();
          case SYNCPIPELINE -> syncPipeline();
          case ENDPIPELINE -> endPipeline();
          default -> runMeta(meta);
        };
  }

  private ClientState runMeta(MetaCommand meta) {
    if (run.console.debugEnabled) {
      run.console.debug(Messages.f(Messages.DEBUG_META, id, meta.displayText));
    }
    try {
      nextPc = meta.execute(this, pc);
    } catch (EvalException ex) {
      errors.metaFailed(meta, ex);
      return ClientState.ABORTED;
    }
    return ClientState.END_COMMAND;
  }

  private ClientState sleep(SleepCommand cmd) {
    long micros;
    try {
      micros = cmd.micros(vars);
    } catch (EvalException ex) {
      if (ex.getMessage() != null) {
        run.console.error(ex.getMessage());
      }
      errors.commandFailed("sleep", Messages.EXECUTION_FAILED);
      return ClientState.ABORTED;
    }
    if (micros <= 0) {
      return ClientState.END_COMMAND;
    }
    sleepUntil = loop.now + micros;
    return ClientState.SLEEP;
  }

  // ------------------------------------------------------------------ SQL

  private ClientState sendSql(SqlCommand cmd, SqlPlan plan) {
    if (pipeline) {
      if (cmd.resultTarget != ResultTarget.NONE) {
        boolean gset = cmd.resultTarget == ResultTarget.GSET;
        errors.commandFailed(
            gset ? "gset" : "aset", gset ? Messages.GSET_PIPELINE : Messages.ASET_PIPELINE);
        return ClientState.ABORTED;
      }
      if (run.console.debugEnabled) {
        run.console.debug(Messages.f(Messages.DEBUG_SENDING, id, debugText(plan, null)));
      }
      link.pipelined(plan, script, pc, vars);
      return ClientState.END_COMMAND;
    }
    if (link.broken) { // lost while idle: the first send fails
      return reconnection != null
          ? lostConnection(true, ClientState.CHOOSE_SCRIPT)
          : connectionLost();
    }
    // the text of -M simple as a String only where it is needed: the JDBC link, --debug
    String simple =
        run.simple && (run.jdbcOnly || run.console.debugEnabled) ? simpleText(plan) : null;
    if (run.console.debugEnabled) {
      run.console.debug(Messages.f(Messages.DEBUG_SENDING, id, debugText(plan, simple)));
      run.console.debug(Messages.f(Messages.DEBUG_RECEIVING, id));
    }
    keepResults = cmd.resultTarget != ResultTarget.NONE;
    if (keepResults) {
      results.begin(cmd, script, pc);
    }
    sentPlan = plan;
    link.clearResponse();
    link.command(plan, script, pc, vars, simple, keepResults ? results : null);
    return ClientState.WAIT_RESULT;
  }

  /** -M simple: the text with defined variables' values, undefined ones as written. */
  private String simpleText(SqlPlan plan) {
    SqlCommand c = plan.command;
    if (c.slots.length == 0) {
      return c.literals[0];
    }
    text.setLength(0);
    c.appendSimpleQuery(text, vars);
    return text.toString();
  }

  private String debugText(SqlPlan plan, String simple) {
    if (simple != null) {
      return simple;
    }
    return run.prepared ? plan.prepName : plan.command.parameterized;
  }

  /** The answer to a command (or to a whole pipeline at \endpipeline) is complete. */
  private ClientState resultArrived() {
    loop.answered(this);
    boolean wasPipeline = pipelineEnding;
    if (pipelineEnding) {
      pipeline = false;
      pipelineEnding = false;
    }
    if (link.copy) {
      run.console.error(Messages.f(Messages.COPY_NOT_SUPPORTED, PgLog.progname()));
      return ClientState.ABORTED;
    }
    if (link.broken && reconnection != null) { // with the server's last word (FATAL) or without
      return lostConnection(true, ClientState.CHOOSE_SCRIPT);
    }
    ServerMessage e = link.error;
    if (e != null) {
      return sqlError(e, wasPipeline ? null : sentText());
    }
    if (link.broken) {
      return connectionLost();
    }
    if (keepResults && !results.end()) {
      return ClientState.ABORTED;
    }
    return ClientState.END_COMMAND;
  }

  /**
   * The text the command in flight sent, for an error's excerpt: -M simple's with the variables'
   * values (they have not changed since it was sent), else the parameterized one.
   */
  private String sentText() {
    if (sentPlan == null) {
      return null;
    }
    return run.simple ? simpleText(sentPlan) : sentPlan.command.parameterized;
  }

  /** The connection went away: with the server's last word when it sent one (FATAL). */
  private ClientState connectionLost() {
    ServerMessage e = link.error;
    if (e != null) {
      run.console.error(
          Messages.f(
              Messages.QUERY_ABORTED,
              id,
              script,
              pc,
              link.errorQuery,
              PgError.message(e, sentText())));
    } else {
      errors.commandFailed("SQL", Messages.BACKEND_DIED);
    }
    return ClientState.ABORTED;
  }

  /** Classifies an SQL error as pgbench's readCommandResponse does. */
  private ClientState sqlError(ServerMessage e, String query) {
    PgError.Kind kind = PgError.classify(e);
    boolean retryable = kind == PgError.Kind.SERIALIZATION || kind == PgError.Kind.DEADLOCK;
    if (!link.broken && (retryable || (kind == PgError.Kind.OTHER && run.continueOnError))) {
      if (run.verboseErrors) {
        run.console.info(
            Messages.f(Messages.COMMAND_ERROR, id, pc, script, PgError.message(e, query)));
      }
      errorKind = kind;
      errorPc = pc;
      return ClientState.ERROR;
    }
    run.console.error(
        Messages.f(
            Messages.QUERY_ABORTED, id, script, pc, link.errorQuery, PgError.message(e, query)));
    return ClientState.ABORTED;
  }

  /** pgbench's CSTATE_ERROR: leave the pipeline, roll back an open block, retry or fail. */
  private ClientState afterError() {
    pipeline = false;
    pipelineEnding = false;
    if (link.broken && reconnection != null) {
      return lostConnection(true, ClientState.CHOOSE_SCRIPT);
    }
    if (link.broken) {
      run.console.error(Messages.BACKEND_DIED);
      run.console.error(Messages.f(Messages.TX_STATUS_ABORTED, id));
      return ClientState.ABORTED;
    }
    if (link.txStatus != 'I') {
      link.clearResponse();
      link.rollback();
      return ClientState.WAIT_ROLLBACK;
    }
    return loop.timeUp()
        ? ClientState.FINISHED
        : errors.canRetry() ? ClientState.RETRY : ClientState.FAILURE;
  }

  private ClientState rolledBack() {
    loop.answered(this);
    if (link.broken && reconnection != null) {
      return lostConnection(true, ClientState.CHOOSE_SCRIPT);
    }
    if (link.error != null || link.broken) {
      ServerMessage e =
          link.error != null ? link.error : ServerMessage.local(PgError.CONNECTION_LOST);
      run.console.error(Messages.f(Messages.ROLLBACK_FAILED, id, PgError.message(e, null)));
      return ClientState.ABORTED;
    }
    return loop.timeUp()
        ? ClientState.FINISHED
        : errors.canRetry() ? ClientState.RETRY : ClientState.FAILURE;
  }

  private void retry() {
    if (run.verboseErrors) {
      run.console.info(errors.triesMessage(Messages.RETRY));
    }
    tries++;
    stats.command(script, errorPc).retries++;
    random.restore(savedRandom);
    status = TxStatus.OK;
    pc = 0;
    state = ClientState.START_COMMAND;
  }

  private void failure() {
    stats.command(script, errorPc).failures++;
    status =
        switch (errorKind) {
          case SERIALIZATION -> TxStatus.SERIALIZATION;
          case DEADLOCK -> TxStatus.DEADLOCK;
          default -> TxStatus.OTHER;
        };
    if (run.verboseErrors) {
      run.console.info(errors.triesMessage(Messages.FAILURE));
    }
    state = ClientState.END_TX;
  }

  // ------------------------------------------------------------------ pipelines

  private ClientState startPipeline() {
    if (run.simple) {
      errors.commandFailed("startpipeline", Messages.SIMPLE_PIPELINE);
      return ClientState.ABORTED;
    }
    if (run.prepared) { // as pgbench: the pipeline's statements are prepared before it starts
      link.preparePipeline(script, pc + 1, pipelineEnd());
    }
    if (pipeline) {
      errors.commandFailed("startpipeline", Messages.ALREADY_PIPELINE);
      return ClientState.ABORTED;
    }
    pipeline = true;
    link.clearResponse();
    return ClientState.END_COMMAND;
  }

  /** The index of the first \endpipeline after the current command (or the script's end). */
  private int pipelineEnd() {
    Command[] cmds = run.commands[script];
    int i = pc + 1;
    while (i < cmds.length
        && !(cmds[i] instanceof MetaCommand m && m.kind == MetaCommand.Kind.ENDPIPELINE)) {
      i++;
    }
    return i;
  }

  private ClientState syncPipeline() {
    if (!pipeline) {
      errors.commandFailed("syncpipeline", Messages.NOT_PIPELINE);
      return ClientState.ABORTED;
    }
    link.pipelineSync();
    return ClientState.END_COMMAND;
  }

  private ClientState endPipeline() {
    if (!pipeline) {
      errors.commandFailed("endpipeline", Messages.NOT_PIPELINE);
      return ClientState.ABORTED;
    }
    link.pipelineSync();
    pipelineEnding = true;
    keepResults = false;
    return ClientState.WAIT_RESULT;
  }

  // ------------------------------------------------------------------ end of transaction

  /** pgbench's CSTATE_END_TX; true when the client yields to the loop's others. */
  private boolean endTx() {
    long now = waited || !run.measureLatency ? loop.now : loop.refresh();
    account(now, false);
    if (run.hasSql[script]) { // without SQL the session's state cannot have changed
      if (link.broken && reconnection != null) { // lost after its last answer: it was counted
        state =
            transactionsDone() || loop.timeUp()
                ? ClientState.FINISHED
                : lostConnection(false, ClientState.CHOOSE_SCRIPT);
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
    if (!waited) { // a transaction that never waited: let the others run before the next one
      loop.ready(this);
      return true;
    }
    return false;
  }

  /** -t is reached: transactions lost with their connection (--reconnect) do not count. */
  private boolean transactionsDone() {
    return run.durationSeconds <= 0 && cnt - lostTransactions >= run.transactionsPerClient;
  }

  // ------------------------------------------------------------------ --reconnect

  /**
   * The connection is lost and --reconnect is on: the transaction in flight (if {@code
   * inTransaction}) is counted as a connection failure of the command it was at, the link closed,
   * the outage noted, and the first attempt scheduled; once connected the client goes to {@code
   * resume}.
   */
  private ClientState lostConnection(boolean inTransaction, ClientState resume) {
    long now = loop.now;
    if (run.verboseErrors) {
      String why =
          link != null && link.error != null
              ? link.error.message()
              : link != null && link.lostReason != null
                  ? link.lostReason
                  : reconnection.lastError != null ? reconnection.lastError.getMessage() : "?";
      run.console.info(Messages.f(Messages.CONNECTION_LOST, id, script, pc, why));
    }
    if (inTransaction) {
      errorPc = pc;
      stats.command(script, pc).failures++;
      status = TxStatus.CONNECTION;
      account(now, false);
      lostTransactions++;
    }
    pipeline = false;
    pipelineEnding = false;
    closeLink();
    recovering = false;
    outageWindow = run.outages.lost(outageWindow, now, inTransaction);
    reconnection.begin(now, resume);
    return ClientState.RECONNECT;
  }

  /** The attempt ended: the new link on this loop's transport, or the next attempt (or give up). */
  private ClientState reconnected() {
    long now = loop.now;
    java.sql.Connection con = reconnection.takeConnection();
    SQLException failed = reconnection.failure();
    if (con != null) {
      try {
        link = run.attach(con, this, loop.transport());
      } catch (SQLException e) {
        failed = e;
      }
    }
    if (link != null) {
      run.outages.back(now);
      recovering = true;
      if (run.verboseErrors) {
        run.console.info(
            Messages.f(Messages.RECONNECTED, id, (now - reconnection.lostAt) / 1000.0));
      }
      return reconnection.resume;
    }
    reconnection.lastError = failed;
    if (reconnection.capExceeded(now, run.reconnectCapMicros)) {
      if (failed != null) {
        run.console.error(PgError.connectionMessage(failed));
      }
      run.console.error(
          Messages.f(Messages.RECONNECT_GAVE_UP, id, run.reconnectCapMicros / 1_000_000));
      run.outages.gaveUp(now);
      return ClientState.ABORTED;
    }
    reconnection.scheduleNext(now);
    return ClientState.RECONNECT;
  }

  /** pgbench's processXactStats. */
  private void account(long now, boolean skipped) {
    double latency = 0;
    double lag = 0;
    if (!skipped && status == TxStatus.OK) {
      latency = now - txnScheduled;
      lag = txnBegin - txnScheduled;
    }
    boolean late = run.latencyLimit > 0 && latency > run.latencyLimit;
    if (recovering && status == TxStatus.OK && !skipped) {
      recovering = false;
      run.outages.recovered(outageWindow, now);
    }
    cnt++;
    stats.transaction(script, skipped, latency, lag, status, tries, late);
    if (run.log) {
      group.log(id, cnt, skipped, status, latency, lag, script, tries, now + run.clock.epochShift);
    }
  }

  /** Ends the client: its connection closed, the loop told. */
  private void finish(End how) {
    closeLink();
    end = how;
    state = how == End.ABORTED ? ClientState.ABORTED : ClientState.FINISHED;
    if (how == End.ABORTED && run.exitOnAbort) {
      run.control.abortRun(group.tid);
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

  int errorPc() {
    return errorPc;
  }

  PgError.Kind errorKind() {
    return errorKind;
  }
}
