package org.jpgbench.run;

import java.sql.SQLException;
import org.jpgbench.cnum.CFormat;
import org.jpgbench.expr.EvalException;
import org.jpgbench.report.TxStatus;
import org.jpgbench.script.Command;
import org.jpgbench.script.MetaCommand;
import org.jpgbench.script.SleepCommand;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.script.SqlCommand.ResultTarget;
import org.jpgbench.wire.CopyNotSupportedException;

/**
 * Runs one transaction of a {@link Client}: the script's commands in order (SQL through the
 * client's {@link SqlSession}, meta-commands, \sleep, pipelines), and pgbench's error states: roll
 * back, retry serialization and deadlock failures (the function generator restored, so the same
 * values are drawn), count failures, or abort the client with pgbench's message.
 */
final class TransactionRunner {
  /** Outcome of a command or of the transaction. */
  enum Step {
    /** Go on (for the transaction: it ended, committed or failed). */
    NEXT,
    /** An SQL error that may be retried or counted. */
    ERROR,
    /** The client aborts. */
    ABORT,
    /** Stop quietly without accounting the transaction (time is up, Ctrl-C). */
    QUIT
  }

  private final Client c;
  private final RunContext run;
  private final ResultStore results;
  private final PipelineBuffer pipeline = new PipelineBuffer();
  private PgError.Kind errorKind;
  private int errorPc;

  TransactionRunner(Client client) {
    this.c = client;
    this.run = client.run;
    this.results = new ResultStore(client.id, client.vars, run.symbols, run.console,
        run.commandCounts);
  }

  /**
   * Runs the chosen script's commands, with retries. NEXT: the transaction ended (committed or
   * failed); ABORT: the client aborts; QUIT: stop without accounting the transaction.
   */
  Step run(long startMicros) {
    Command[] cmds = run.commands[c.script];
    SqlPlan[] plans = run.plans[c.script];
    boolean perCommand = run.reportPerCommand;
    long last = startMicros;
    int pc = 0;
    while (true) {
      if (pc >= cmds.length) {
        if (pipeline.active) {
          run.console.error(Messages.f(Messages.PIPELINE_OPEN_AT_END, c.id));
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
              run.console.debug(Messages.f(Messages.DEBUG_META, c.id, meta.displayText));
            }
            try {
              c.currentPc = pc;
              next = meta.execute(c, pc);
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
          c.stats.command(c.script, pc).addLatency(now - last);
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
        c.tries++;
        c.stats.command(c.script, errorPc).retries++;
        c.random.restore(c.savedRandom);
        c.status = TxStatus.OK;
        pc = 0;
        last = RunClock.now();
        continue;
      }
      c.stats.command(c.script, errorPc).failures++;
      c.status = switch (errorKind) {
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
        run.console.debug(Messages.f(Messages.DEBUG_SENDING, c.id, debugText(plan, null)));
      }
      pipeline.queue(pc, plan, c.vars);
      return Step.NEXT;
    }
    SqlSession s = c.session;
    String text = run.simple ? s.simpleText(plan, c.vars) : null;
    if (run.console.debugEnabled) {
      run.console.debug(Messages.f(Messages.DEBUG_SENDING, c.id, debugText(plan, text)));
      run.console.debug(Messages.f(Messages.DEBUG_RECEIVING, c.id));
    }
    try {
      return s.run(plan, c.script, pc, c.vars, text, results) ? Step.NEXT : Step.ABORT;
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
    if (ex instanceof CopyNotSupportedException) {
      run.console.error(Messages.COPY_NOT_SUPPORTED);
      return Step.ABORT;
    }
    SqlSession s = c.session;
    PgError.Kind kind = PgError.classify(ex, s == null || s.isClosed());
    boolean retryable = kind == PgError.Kind.SERIALIZATION || kind == PgError.Kind.DEADLOCK;
    if (retryable || (kind == PgError.Kind.OTHER && run.continueOnError)) {
      if (run.verboseErrors) {
        run.console.info(Messages.f(Messages.COMMAND_ERROR, c.id, pc, c.script,
            PgError.message(ex, query)));
      }
      errorKind = kind;
      errorPc = pc;
      return Step.ERROR;
    }
    if (kind == PgError.Kind.CONNECTION && !PgError.hasServerMessage(ex)) {
      commandFailed(pc, "SQL", Messages.BACKEND_DIED);
    } else {
      run.console.error(Messages.f(Messages.QUERY_ABORTED, c.id, c.script, pc, 0,
          PgError.message(ex, query)));
    }
    return Step.ABORT;
  }

  /** pgbench's CSTATE_ERROR: leave the pipeline, roll back an open block, stop if time is up. */
  private Step afterError() {
    pipeline.reset();
    SqlSession s = c.session;
    SqlSession.TxState tx = s.transactionState();
    if (tx == SqlSession.TxState.IN_BLOCK) {
      try {
        s.rollback();
      } catch (SQLException ex) {
        if (run.control.interrupted) {
          return Step.QUIT;
        }
        run.console.error(Messages.f(Messages.ROLLBACK_FAILED, c.id, PgError.message(ex, null)));
        return Step.ABORT;
      }
    } else if (tx == SqlSession.TxState.BROKEN) {
      run.console.error(Messages.BACKEND_DIED);
      run.console.error(Messages.f(Messages.TX_STATUS_ABORTED, c.id));
      return Step.ABORT;
    }
    return run.control.stop ? Step.QUIT : Step.NEXT;
  }

  /** pgbench's doRetry. */
  private boolean canRetry() {
    if (errorKind != PgError.Kind.SERIALIZATION && errorKind != PgError.Kind.DEADLOCK) {
      return false;
    }
    if (run.maxTries != 0 && c.tries >= run.maxTries) {
      return false;
    }
    if (run.latencyLimit > 0 && RunClock.now() - c.txnScheduled > run.latencyLimit) {
      return false;
    }
    return !run.control.stop;
  }

  private String triesMessage(String head) {
    StringBuilder b = new StringBuilder(Messages.f(head, c.id)).append(" (try ").append(c.tries);
    if (run.maxTries != 0) {
      b.append('/').append(run.maxTries);
    }
    if (run.latencyLimit > 0) {
      double used = 100.0 * (RunClock.now() - c.txnScheduled) / run.latencyLimit;
      b.append(Messages.f(Messages.TRIES_USED, CFormat.fixed(used, 3)));
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
    pipeline.start(c.script);
    return Step.NEXT;
  }

  private Step syncPipeline(int pc) {
    if (!pipeline.active) {
      commandFailed(pc, "syncpipeline", Messages.NOT_PIPELINE);
      return Step.ABORT;
    }
    pipeline.sync(c.session);
    return Step.NEXT;
  }

  private Step endPipeline(int pc) {
    if (!pipeline.active) {
      commandFailed(pc, "endpipeline", Messages.NOT_PIPELINE);
      return Step.ABORT;
    }
    pipeline.sync(c.session);
    SQLException error = pipeline.error;
    pipeline.reset();
    return error == null ? Step.NEXT : sqlError(error, pc, null);
  }

  // ---------------------------------------------------------------- meta-commands

  private Step sleep(SleepCommand cmd, int pc) {
    long micros;
    try {
      micros = cmd.micros(c.vars);
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
    return c.sleepUntil(RunClock.now() + micros) ? Step.NEXT : Step.QUIT;
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
    run.console.error(Messages.f(Messages.COMMAND_FAILED, c.id, pc, what, c.script, reason));
  }
}
