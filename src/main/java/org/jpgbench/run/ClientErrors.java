package org.jpgbench.run;

import org.jpgbench.cnum.CFormat;
import org.jpgbench.stats.TxStatus;
import org.jpgbench.wire.ServerMessage;

/**
 * What a client does when a command fails, as pgbench's state machine: an SQL error classified
 * (serialization, deadlock, other), pgbench's CSTATE_ERROR, WAIT_ROLLBACK, RETRY and FAILURE, the
 * lost connection without --reconnect, and their messages in pgbench's words.
 */
final class ClientErrors {
  private final ClientView c;
  private final Pipeline pipeline;

  /** The failed command's class and index, for the retry or failure counts. */
  PgError.Kind kind;

  int pc;

  ClientErrors(ClientView client, Pipeline pipeline) {
    this.c = client;
    this.pipeline = pipeline;
  }

  /** pgbench's doRetry. */
  boolean canRetry() {
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

  /** Classifies an SQL error as pgbench's readCommandResponse does. */
  ClientState sqlError(ServerMessage e, String query) {
    RunContext run = c.run;
    PgError.Kind k = PgError.classify(e);
    boolean retryable = k == PgError.Kind.SERIALIZATION || k == PgError.Kind.DEADLOCK;
    if (!c.link.broken && (retryable || (k == PgError.Kind.OTHER && run.continueOnError))) {
      if (run.verboseErrors) {
        run.console.info(
            Messages.f(Messages.COMMAND_ERROR, c.id, c.pc, c.script, PgError.message(e, query)));
      }
      kind = k;
      pc = c.pc;
      return ClientState.ERROR;
    }
    run.console.error(
        Messages.f(
            Messages.QUERY_ABORTED,
            c.id,
            c.script,
            c.pc,
            c.link.errorQuery,
            PgError.message(e, query)));
    return ClientState.ABORTED;
  }

  /**
   * The connection went away without --reconnect: with the server's last word when it sent one
   * (FATAL), the client aborts.
   */
  ClientState connectionLost(String sentText) {
    ServerMessage e = c.link.error;
    if (e != null) {
      c.run.console.error(
          Messages.f(
              Messages.QUERY_ABORTED,
              c.id,
              c.script,
              c.pc,
              c.link.errorQuery,
              PgError.message(e, sentText)));
    } else {
      c.commandFailed("SQL", Messages.BACKEND_DIED);
    }
    return ClientState.ABORTED;
  }

  /** pgbench's CSTATE_ERROR: leave the pipeline, roll back an open block, retry or fail. */
  ClientState afterError() {
    pipeline.reset();
    Link link = c.link;
    if (link.broken && c.reconnects()) {
      return ClientState.LOST;
    }
    if (link.broken) {
      c.run.console.error(Messages.BACKEND_DIED);
      c.run.console.error(Messages.f(Messages.TX_STATUS_ABORTED, c.id));
      return ClientState.ABORTED;
    }
    if (link.txStatus != 'I') {
      link.clearResponse();
      link.rollback();
      return ClientState.WAIT_ROLLBACK;
    }
    return retryOrFail();
  }

  /** pgbench's CSTATE_WAIT_ROLLBACK, once the ROLLBACK's answer is in. */
  ClientState rolledBack() {
    Link link = c.link;
    if (link.broken && c.reconnects()) {
      return ClientState.LOST;
    }
    if (link.error != null || link.broken) {
      ServerMessage e =
          link.error != null ? link.error : ServerMessage.local(PgError.CONNECTION_LOST);
      c.run.console.error(Messages.f(Messages.ROLLBACK_FAILED, c.id, PgError.message(e, null)));
      return ClientState.ABORTED;
    }
    return retryOrFail();
  }

  private ClientState retryOrFail() {
    return c.loop.timeUp()
        ? ClientState.FINISHED
        : canRetry() ? ClientState.RETRY : ClientState.FAILURE;
  }

  /** pgbench's CSTATE_RETRY: the transaction again from its first command, same random values. */
  ClientState retry() {
    if (c.run.verboseErrors) {
      c.run.console.info(triesMessage(Messages.RETRY));
    }
    c.tries++;
    c.stats.command(c.script, pc).retries++;
    c.random.restore(c.savedRandom);
    c.status = TxStatus.OK;
    c.pc = 0;
    return ClientState.START_COMMAND;
  }

  /** pgbench's CSTATE_FAILURE: the transaction ends as failed, counted by its error's class. */
  ClientState failure() {
    c.stats.command(c.script, pc).failures++;
    c.status =
        switch (kind) {
          case SERIALIZATION -> TxStatus.SERIALIZATION;
          case DEADLOCK -> TxStatus.DEADLOCK;
          default -> TxStatus.OTHER;
        };
    if (c.run.verboseErrors) {
      c.run.console.info(triesMessage(Messages.FAILURE));
    }
    return ClientState.END_TX;
  }
}
