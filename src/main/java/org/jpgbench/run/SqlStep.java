package org.jpgbench.run;

import org.jpgbench.log.PgLog;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.script.SqlCommand.ResultTarget;
import org.jpgbench.wire.ServerMessage;

/**
 * One SQL command of a client, as pgbench's CSTATE_START_COMMAND and CSTATE_WAIT_RESULT do it: sent
 * on the client's link (or queued in its pipeline), then its answer read: the results kept for
 * \gset/\aset, an error handed to {@link ClientErrors}, a lost connection {@link ClientState#LOST}
 * under --reconnect or, without it, the end of the client.
 */
final class SqlStep {
  private final ClientView c;
  private final Pipeline pipeline;
  private final ClientErrors errors;
  private final ResultStore results;

  /** The command in flight stores its results (\gset, \aset). */
  boolean keepResults;

  /** The SQL command in flight, whose text an error excerpt shows. */
  private SqlPlan sentPlan;

  private final StringBuilder text = new StringBuilder(256);

  /** -M simple: an error's excerpt shows the text with the variables' values. */
  private final boolean simple;

  /** -M prepared: --debug shows the statement's name. */
  private final boolean named;

  /** The text of -M simple is made as a String for each command: the JDBC link, --debug. */
  private final boolean textPerCommand;

  SqlStep(ClientView client, Pipeline pipeline, ClientErrors errors, ResultStore results) {
    this.c = client;
    this.pipeline = pipeline;
    this.errors = errors;
    this.results = results;
    this.simple = client.run.queryMode.simpleProtocol();
    this.named = client.run.queryMode.namedStatements();
    this.textPerCommand = simple && (client.run.jdbcOnly || client.run.console.debugEnabled);
  }

  /** pgbench's CSTATE_START_COMMAND for SQL: the command sent (or queued in a pipeline). */
  ClientState send(SqlCommand cmd, SqlPlan plan) {
    if (pipeline.active) {
      if (cmd.resultTarget != ResultTarget.NONE) {
        boolean gset = cmd.resultTarget == ResultTarget.GSET;
        c.commandFailed(
            gset ? "gset" : "aset", gset ? Messages.GSET_PIPELINE : Messages.ASET_PIPELINE);
        return ClientState.ABORTED;
      }
      if (c.run.console.debugEnabled) {
        c.run.console.debug(Messages.f(Messages.DEBUG_SENDING, c.id, plan.debugText(named, null)));
      }
      c.link.pipelined(plan, c.script, c.pc, c.vars);
      return ClientState.END_COMMAND;
    }
    if (c.link.broken) { // lost while idle: the first send fails
      return c.reconnects() ? ClientState.LOST : errors.connectionLost(sentText());
    }
    String simpleText = textPerCommand ? plan.simpleText(c.vars, text) : null;
    if (c.run.console.debugEnabled) {
      c.run.console.debug(
          Messages.f(Messages.DEBUG_SENDING, c.id, plan.debugText(named, simpleText)));
      c.run.console.debug(Messages.f(Messages.DEBUG_RECEIVING, c.id));
    }
    keepResults = cmd.resultTarget != ResultTarget.NONE;
    if (keepResults) {
      results.begin(cmd, c.script, c.pc);
    }
    sentPlan = plan;
    c.link.clearResponse();
    c.link.command(plan, c.script, c.pc, c.vars, simpleText, keepResults ? results : null);
    return ClientState.WAIT_RESULT;
  }

  /** The answer to a command (or to a whole pipeline at \endpipeline) is complete. */
  ClientState answered() {
    boolean wasPipeline = pipeline.ending;
    if (wasPipeline) {
      pipeline.reset();
    }
    if (c.link.copy) {
      c.run.console.error(Messages.f(Messages.COPY_NOT_SUPPORTED, PgLog.progname()));
      return ClientState.ABORTED;
    }
    if (c.link.broken && c.reconnects()) { // with the server's last word (FATAL) or without
      return ClientState.LOST;
    }
    ServerMessage e = c.link.error;
    if (e != null) {
      return errors.sqlError(e, wasPipeline ? null : sentText());
    }
    if (c.link.broken) {
      return errors.connectionLost(sentText());
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
    return simple ? sentPlan.simpleText(c.vars, text) : sentPlan.command.parameterized;
  }
}
