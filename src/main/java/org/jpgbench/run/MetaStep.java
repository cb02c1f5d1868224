package org.jpgbench.run;

import java.io.OutputStream;
import java.io.PrintStream;
import org.jpgbench.expr.EvalContext;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.Variables;
import org.jpgbench.random.Prng;
import org.jpgbench.script.MetaCommand;
import org.jpgbench.script.SleepCommand;

/**
 * One meta-command of a client (pgbench's CSTATE_START_COMMAND for a backslash command): \set,
 * \setshell, \shell and the \if family evaluated with the client's variables and function generator
 * (this is their {@link EvalContext}), and \sleep's duration; a failure aborts the client with
 * pgbench's message.
 */
final class MetaStep implements EvalContext {
  private final ClientView c;

  MetaStep(ClientView client) {
    this.c = client;
  }

  /** Runs {@code meta}; its successor (a jump for \if) becomes the client's next command. */
  ClientState run(MetaCommand meta) {
    if (c.run.console.debugEnabled) {
      c.run.console.debug(Messages.f(Messages.DEBUG_META, c.id, meta.displayText));
    }
    try {
      c.nextPc = meta.execute(this, c.pc);
    } catch (EvalException ex) {
      String message = ex.getMessage();
      if (message != null) {
        c.run.console.error(message);
      }
      c.commandFailed(meta.kind.pgName, ex.failure());
      return ClientState.ABORTED;
    }
    return ClientState.END_COMMAND;
  }

  /** \sleep: the time to wake (nothing to wait when the duration is not positive). */
  ClientState sleep(SleepCommand cmd) {
    long micros;
    try {
      micros = cmd.micros(c.vars);
    } catch (EvalException ex) {
      if (ex.getMessage() != null) {
        c.run.console.error(ex.getMessage());
      }
      c.commandFailed("sleep", Messages.EXECUTION_FAILED);
      return ClientState.ABORTED;
    }
    if (micros <= 0) {
      return ClientState.END_COMMAND;
    }
    c.sleepUntil = c.loop.now() + micros;
    return ClientState.SLEEP;
  }

  @Override
  public Variables variables() {
    return c.vars;
  }

  @Override
  public Prng random() {
    return c.random;
  }

  @Override
  public int scriptIndex() {
    return c.script;
  }

  @Override
  public int commandIndex() {
    return c.pc;
  }

  @Override
  public PrintStream err() {
    return c.run.console.stream();
  }

  @Override
  public OutputStream shellOutput() {
    return c.run.shellOutput;
  }
}
