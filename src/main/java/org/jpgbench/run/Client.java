package org.jpgbench.run;

import java.io.OutputStream;
import java.io.PrintStream;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.locks.LockSupport;
import org.jpgbench.expr.EvalContext;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.Variables;
import org.jpgbench.random.Prng;
import org.jpgbench.report.StatsRecorder;
import org.jpgbench.report.TxStatus;
import org.jpgbench.script.Command;
import org.jpgbench.script.MetaCommand;
import org.jpgbench.script.SleepCommand;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.script.SqlCommand.ResultTarget;

/**
 * One pgbench client: a connection driven by its own platform thread through pgbench's state machine
 * (choose a script, maybe wait for its --rate slot or skip it, run the commands, retry serialization
 * and deadlock failures, account the transaction, start over). Its variables, function generator and
 * statistics are its own; what it shares with the other clients of its pgbench thread is in
 * {@link ClientGroup}. In the steady state a transaction allocates nothing here.
 */
final class Client implements Runnable, EvalContext {
  /** How the client ended. */
  enum End { FINISHED, ABORTED, INTERRUPTED }

  /** Outcome of one command. */
  private enum Step { NEXT, ERROR, ABORT, QUIT }

  final int id;
  final ClientGroup group;
  final StatsRecorder stats;
  private final RunContext run;
  private final Variables vars;
  private final Prng random;
  private final Prng savedRandom;
  private final ResultStore results;
  private final PipelineBuffer pipeline = new PipelineBuffer();
  private volatile SqlSession session;
  private volatile Thread thread;
  volatile End end;
  /** The connection error when the initial connection failed. */
  volatile SQLException connectError;

  /** Transactions accounted (successful, failed and skipped), pgbench's st->cnt. */
  private long cnt;
  // ---- the transaction in progress ----
  private int script;
  private long txnScheduled;
  private long txnBegin;
  private int tries;
  private TxStatus status;
  private PgError.Kind errorKind;
  private int errorPc;
  /** The meta-command being executed, for debug(). */
  private int currentPc;

  Client(int id, ClientGroup group, RunContext run, Variables vars, Prng random) {
    this.id = id;
    this.group = group;
    this.run = run;
    this.vars = vars;
    this.random = random;
    this.savedRandom = random.copy();
    this.stats = new StatsRecorder(run.commandCounts, run.perScriptStats);
    this.results = new ResultStore(id, vars, run.symbols, run.console, run.commandCounts);
  }

  @Override
  public Variables variables() {
    return vars;
  }

  @Override
  public Prng random() {
    return random;
  }

  /** The running script's index, printed by debug(). */
  @Override
  public int scriptIndex() {
    return script;
  }

  /** The running command's 0-based index, printed by debug() (plus one). */
  @Override
  public int commandIndex() {
    return currentPc;
  }

  /** Where debug() writes: the run's stderr. */
  @Override
  public PrintStream err() {
    return run.console.stream();
  }

  /** Where \shell output goes: null (inherit stdout) unless the run prints elsewhere. */
  @Override
  public OutputStream shellOutput() {
    return run.shellOutput;
  }

  @Override
  public void run() {
    thread = Thread.currentThread();
    End e = End.ABORTED;
    try {
      if (!run.connectPerTransaction) {
        try {
          session = run.connect();
        } catch (SQLException ex) {
          connectError = ex;
        }
      }
      run.connected.countDown();
      run.go.await();
      if (run.startFailed) {
        e = End.FINISHED;
        return;
      }
      e = loop();
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      e = End.INTERRUPTED;
    } catch (RuntimeException ex) {
      run.console.error("client " + id + " aborted: " + ex);
      e = End.ABORTED;
    } finally {
      end = e;
      closeSession();
      if (e == End.ABORTED && run.exitOnAbort) {
        run.control.abortRun(group.tid);
      }
      run.finished.countDown();
      run.control.wakeMain();
    }
  }

  /** From another thread: wake the client if it sleeps, cancel its query if one runs. */
  void wakeAndCancel() {
    Thread t = thread;
    if (t != null) {
      LockSupport.unpark(t);
    }
    SqlSession s = session;
    if (s != null) {
      s.cancel();
    }
  }

  private End loop() {
    RunControl control = run.control;
    // Unthrottled and without -C, a transaction starts right where the previous one ended: its end
    // time is the next start time, so a transaction reads the clock once (-1: read it). When nothing
    // shows per-transaction latencies, it does not read the clock at all (times are 0).
    boolean measure = run.measureLatency;
    boolean chain = !run.throttled && !run.connectPerTransaction;
    long ended = measure ? -1 : 0;
    while (true) {
      // choose the script
      script = run.scripts.length == 1 ? 0 : group.chooseScript();
      status = TxStatus.OK;
      tries = 1;
      if (run.console.debugEnabled) {
        run.console.debug(Messages.f(Messages.DEBUG_SCRIPT, id, run.scripts[script].description()));
      }
      if (control.stop) {
        return quitEnd();
      }
      if (run.throttled) {
        // take the next slot of the schedule, skipping those already too late under -L
        while (true) {
          txnScheduled = group.nextScheduledStart();
          if (run.latencyLimit > 0) {
            long now = RunClock.now();
            if (txnScheduled < now - run.latencyLimit) {
              account(now, true);
              if (control.stop || (run.transactionsPerClient > 0 && cnt >= run.transactionsPerClient)) {
                return quitEnd();
              }
              continue;
            }
          }
          break;
        }
        if (run.endTime > 0 && txnScheduled > run.endTime) {
          return quitEnd();
        }
        if (!sleepUntil(txnScheduled) || control.stop) {
          return quitEnd();
        }
      }
      // start the transaction
      long now = ended >= 0 ? ended : RunClock.now();
      ended = measure ? -1 : 0;
      if (session == null) {
        now = RunClock.now(); // -C: always measured
        try {
          session = run.connect();
        } catch (SQLException ex) {
          run.console.error(PgError.connectionMessage(ex));
          run.console.error(Messages.f(Messages.CONNECT_ABORTED, id));
          return End.ABORTED;
        }
        long after = RunClock.now();
        stats.addConnectionTime(after - now);
        now = after;
      }
      savedRandom.restore(random);
      txnBegin = now;
      if (!run.throttled) {
        txnScheduled = now;
      }
      Step outcome = runScript(now);
      if (outcome == Step.ABORT) {
        return End.ABORTED;
      }
      if (outcome == Step.QUIT) {
        return quitEnd();
      }
      // end of transaction
      long end = measure ? RunClock.now() : 0;
      account(end, false);
      if (run.hasSql[script]) { // without SQL the session's state cannot have changed
        SqlSession.TxState tx = session.transactionState();
        if (tx == SqlSession.TxState.IN_BLOCK) {
          run.console.error(Messages.f(Messages.TX_OPEN_AT_END, id));
          return End.ABORTED;
        } else if (tx == SqlSession.TxState.BROKEN) {
          run.console.error(Messages.BACKEND_DIED);
          run.console.error(Messages.f(Messages.TX_STATUS_ABORTED, id));
          return End.ABORTED;
        }
      }
      if (chain) {
        ended = end;
      }
      if (run.connectPerTransaction) {
        long start = RunClock.now();
        closeSession();
        stats.addConnectionTime(RunClock.now() - start);
      }
      if ((run.durationSeconds <= 0 && cnt >= run.transactionsPerClient) || control.stop) {
        return quitEnd();
      }
    }
  }

  private End quitEnd() {
    return run.control.interrupted ? End.INTERRUPTED : End.FINISHED;
  }

  /**
   * Runs the chosen script's commands, with retries. NEXT: the transaction ended (committed or
   * failed); ABORT: the client aborts; QUIT: stop without accounting the transaction.
   */
  private Step runScript(long startMicros) {
    Command[] cmds = run.commands[script];
    SqlPlan[] plans = run.plans[script];
    boolean perCommand = run.reportPerCommand;
    long last = startMicros;
    int pc = 0;
    while (true) {
      if (pc >= cmds.length) {
        if (pipeline.active) {
          run.console.error(Messages.f(Messages.PIPELINE_OPEN_AT_END, id));
          return Step.ABORT;
        }
        return Step.NEXT;
      }
      Command cmd = cmds[pc];
      int next = pc + 1;
      Step step;
      if (cmd instanceof SqlCommand sql) {
        step = sql(sql, plans[pc], pc);
      } else {
        MetaCommand meta = (MetaCommand) cmd;
        step = Step.NEXT;
        switch (meta.kind) {
          case SLEEP -> step = sleep((SleepCommand) meta, pc);
          case STARTPIPELINE -> step = startPipeline(pc);
          case SYNCPIPELINE -> step = syncPipeline(pc);
          case ENDPIPELINE -> step = endPipeline(pc);
          default -> {
            if (run.console.debugEnabled) {
              run.console.debug(Messages.f(Messages.DEBUG_META, id, meta.displayText));
            }
            try {
              currentPc = pc;
              next = meta.execute(this, pc);
            } catch (EvalException ex) {
              metaFailed(meta, pc, ex);
              step = Step.ABORT;
            }
          }
        }
      }
      if (step == Step.NEXT) {
        if (perCommand) {
          long now = RunClock.now();
          stats.command(script, pc).addLatency(now - last);
          last = now;
        }
        pc = next;
        continue;
      }
      if (step != Step.ERROR) {
        return step;
      }
      // an SQL error that may be retried, or skipped under --continue-on-error
      Step after = afterError();
      if (after != Step.NEXT) {
        return after;
      }
      if (canRetry()) {
        if (run.verboseErrors) {
          run.console.info(triesMessage(Messages.RETRY));
        }
        tries++;
        stats.command(script, errorPc).retries++;
        random.restore(savedRandom);
        status = TxStatus.OK;
        pc = 0;
        last = RunClock.now();
        continue;
      }
      stats.command(script, errorPc).failures++;
      status = switch (errorKind) {
        case SERIALIZATION -> TxStatus.SERIALIZATION;
        case DEADLOCK -> TxStatus.DEADLOCK;
        default -> TxStatus.OTHER;
      };
      if (run.verboseErrors) {
        run.console.info(triesMessage(Messages.FAILURE));
      }
      return Step.NEXT;
    }
  }

  // ---------------------------------------------------------------- SQL

  private Step sql(SqlCommand cmd, SqlPlan plan, int pc) {
    if (pipeline.active) {
      if (cmd.resultTarget == ResultTarget.GSET) {
        commandFailed(pc, "gset", Messages.GSET_PIPELINE);
        return Step.ABORT;
      }
      if (cmd.resultTarget == ResultTarget.ASET) {
        commandFailed(pc, "aset", Messages.ASET_PIPELINE);
        return Step.ABORT;
      }
      if (run.console.debugEnabled) {
        run.console.debug(Messages.f(Messages.DEBUG_SENDING, id, debugText(plan, null)));
      }
      pipeline.queue(pc, plan, vars);
      return Step.NEXT;
    }
    SqlSession s = session;
    String text = run.simple ? s.simpleText(plan, vars) : null;
    if (run.console.debugEnabled) {
      run.console.debug(Messages.f(Messages.DEBUG_SENDING, id, debugText(plan, text)));
      run.console.debug(Messages.f(Messages.DEBUG_RECEIVING, id));
    }
    try {
      Statement st = s.execute(plan, script, pc, vars, text);
      return results.read(st, s.firstIsResultSet, cmd, script, pc) ? Step.NEXT : Step.ABORT;
    } catch (SQLException ex) {
      return sqlError(ex, pc, s.lastText);
    }
  }

  private String debugText(SqlPlan plan, String simpleText) {
    if (simpleText != null) {
      return simpleText;
    }
    return run.prepared ? plan.prepName : plan.command.parameterized;
  }

  /** Classifies an SQL error as pgbench's readCommandResponse does. */
  private Step sqlError(SQLException ex, int pc, String query) {
    if (run.control.interrupted) {
      return Step.QUIT;
    }
    SqlSession s = session;
    PgError.Kind kind = PgError.classify(ex, s == null || s.isClosed());
    boolean retryable = kind == PgError.Kind.SERIALIZATION || kind == PgError.Kind.DEADLOCK;
    if (retryable || (kind == PgError.Kind.OTHER && run.continueOnError)) {
      if (run.verboseErrors) {
        run.console.info(Messages.f(Messages.COMMAND_ERROR, id, pc, script,
            PgError.message(ex, query)));
      }
      errorKind = kind;
      errorPc = pc;
      return Step.ERROR;
    }
    if (kind == PgError.Kind.CONNECTION && !PgError.hasServerMessage(ex)) {
      commandFailed(pc, "SQL", Messages.BACKEND_DIED);
    } else {
      run.console.error(Messages.f(Messages.QUERY_ABORTED, id, script, pc, 0,
          PgError.message(ex, query)));
    }
    return Step.ABORT;
  }

  /** pgbench's CSTATE_ERROR: leave the pipeline, roll back an open block, stop if time is up. */
  private Step afterError() {
    pipeline.reset();
    SqlSession s = session;
    SqlSession.TxState tx = s.transactionState();
    if (tx == SqlSession.TxState.IN_BLOCK) {
      try {
        s.rollback();
      } catch (SQLException ex) {
        if (run.control.interrupted) {
          return Step.QUIT;
        }
        run.console.error(Messages.f(Messages.ROLLBACK_FAILED, id, PgError.message(ex, null)));
        return Step.ABORT;
      }
    } else if (tx == SqlSession.TxState.BROKEN) {
      run.console.error(Messages.BACKEND_DIED);
      run.console.error(Messages.f(Messages.TX_STATUS_ABORTED, id));
      return Step.ABORT;
    }
    return run.control.stop ? Step.QUIT : Step.NEXT;
  }

  /** pgbench's doRetry. */
  private boolean canRetry() {
    if (errorKind != PgError.Kind.SERIALIZATION && errorKind != PgError.Kind.DEADLOCK) {
      return false;
    }
    if (run.maxTries != 0 && tries >= run.maxTries) {
      return false;
    }
    if (run.latencyLimit > 0 && RunClock.now() - txnScheduled > run.latencyLimit) {
      return false;
    }
    return !run.control.stop;
  }

  private String triesMessage(String head) {
    StringBuilder b = new StringBuilder(Messages.f(head, id)).append(" (try ").append(tries);
    if (run.maxTries != 0) {
      b.append('/').append(run.maxTries);
    }
    if (run.latencyLimit > 0) {
      double used = 100.0 * (RunClock.now() - txnScheduled) / run.latencyLimit;
      b.append(Messages.f(Messages.TRIES_USED, org.jpgbench.report.CFormat.fixed(used, 3)));
    }
    return b.append(')').toString();
  }

  // ---------------------------------------------------------------- pipelines

  private Step startPipeline(int pc) {
    if (run.simple) {
      commandFailed(pc, "startpipeline", Messages.SIMPLE_PIPELINE);
      return Step.ABORT;
    }
    if (pipeline.active) {
      commandFailed(pc, "startpipeline", Messages.ALREADY_PIPELINE);
      return Step.ABORT;
    }
    pipeline.start(script);
    return Step.NEXT;
  }

  private Step syncPipeline(int pc) {
    if (!pipeline.active) {
      commandFailed(pc, "syncpipeline", Messages.NOT_PIPELINE);
      return Step.ABORT;
    }
    pipeline.sync(session);
    return Step.NEXT;
  }

  private Step endPipeline(int pc) {
    if (!pipeline.active) {
      commandFailed(pc, "endpipeline", Messages.NOT_PIPELINE);
      return Step.ABORT;
    }
    pipeline.sync(session);
    SQLException error = pipeline.error;
    pipeline.reset();
    return error == null ? Step.NEXT : sqlError(error, pc, null);
  }

  // ---------------------------------------------------------------- meta-commands

  private Step sleep(SleepCommand cmd, int pc) {
    long micros;
    try {
      micros = cmd.micros(vars);
    } catch (EvalException ex) {
      if (ex.getMessage() != null) {
        run.console.error(ex.getMessage());
      }
      commandFailed(pc, "sleep", Messages.EXECUTION_FAILED);
      return Step.ABORT;
    }
    if (micros <= 0) {
      return Step.NEXT; // nothing to wait for: neither park nor read the clock
    }
    return sleepUntil(RunClock.now() + micros) ? Step.NEXT : Step.QUIT;
  }

  private void metaFailed(MetaCommand meta, int pc, EvalException ex) {
    String message = ex.getMessage();
    if (message != null) {
      run.console.error(message);
    }
    String reason = switch (meta.kind) {
      case SETSHELL, SHELL -> Messages.EXECUTION_FAILED;
      case SET -> message != null && message.contains("invalid variable name")
          ? Messages.ASSIGNMENT_FAILED : Messages.EVALUATION_FAILED;
      default -> Messages.EVALUATION_FAILED;
    };
    commandFailed(pc, meta.kind.pgName, reason);
  }

  private void commandFailed(int pc, String what, String reason) {
    run.console.error(Messages.f(Messages.COMMAND_FAILED, id, pc, what, script, reason));
  }

  // ---------------------------------------------------------------- accounting

  /** pgbench's processXactStats. */
  private void account(long now, boolean skipped) {
    double latency = 0;
    double lag = 0;
    if (!skipped && status == TxStatus.OK) {
      latency = now - txnScheduled;
      lag = txnBegin - txnScheduled;
    }
    boolean late = run.latencyLimit > 0 && latency > run.latencyLimit;
    cnt++;
    stats.transaction(script, skipped, latency, lag, status, tries, late);
    if (run.log) {
      group.log(id, cnt, skipped, status, latency, lag, script, tries, now + run.clock.epochShift);
    }
  }

  /** Waits until {@code deadline} (monotonic µs); false when interrupted by Ctrl-C. */
  private boolean sleepUntil(long deadline) {
    while (true) {
      if (run.control.interrupted) {
        return false;
      }
      long remaining = deadline - RunClock.now();
      if (remaining <= 0) {
        return true;
      }
      LockSupport.parkNanos(this, remaining * 1000);
    }
  }

  private void closeSession() {
    SqlSession s = session;
    session = null;
    if (s != null) {
      s.close();
    }
  }
}
