package org.jpgbench.run;

import org.jpgbench.cnum.CFormat;
import org.jpgbench.expr.EvalException;
import org.jpgbench.script.MetaCommand;

/**
 * A client's failure messages in pgbench's words, and pgbench's doRetry: what the state machine
 * says when a command fails, and whether a failed transaction may run again.
 */
final class ClientErrors {
  private final Client c;

  ClientErrors(Client client) {
    this.c = client;
  }

  /** pgbench's commandFailed: "client N aborted in command N (what) of script N; reason". */
  void commandFailed(String what, String reason) {
    c.run.console.error(Messages.f(Messages.COMMAND_FAILED, c.id, c.pc, what, c.script, reason));
  }

  /** A meta-command failed: its own message, then the failure its exception names. */
  void metaFailed(MetaCommand meta, EvalException ex) {
    String message = ex.getMessage();
    if (message != null) {
      c.run.console.error(message);
    }
    commandFailed(meta.kind.pgName, ex.failure());
  }

  /** pgbench's doRetry. */
  boolean canRetry() {
    PgError.Kind kind = c.errorKind();
    if (kind != PgError.Kind.SERIALIZATION && kind != PgError.Kind.DEADLOCK) {
      return false;
    }
    RunContext run = c.run;
    if (run.maxTries != 0 && c.tries >= run.maxTries) {
      return false;
    }
    if (run.latencyLimit > 0 && c.loop.refresh() - c.txnScheduled > run.latencyLimit) {
      return false;
    }
    return !c.loop.timeUp();
  }

  /** pgbench's printVerboseErrorMessages. */
  String triesMessage(String head) {
    RunContext run = c.run;
    StringBuilder b = new StringBuilder(Messages.f(head, c.id)).append(" (try ").append(c.tries);
    if (run.maxTries != 0) {
      b.append('/').append(run.maxTries);
    }
    if (run.latencyLimit > 0) {
      double used = 100.0 * (c.loop.refresh() - c.txnScheduled) / run.latencyLimit;
      b.append(Messages.f(Messages.TRIES_USED, CFormat.fixed(used, 3)));
    }
    return b.append(')').toString();
  }
}
