package org.jpgbench.run;

import org.jpgbench.script.Command;
import org.jpgbench.script.MetaCommand;

/**
 * One client's pipeline (\startpipeline ... \endpipeline), as pgbench's state machine handles it:
 * the commands in between are sent without waiting, \syncpipeline adds a Sync, and \endpipeline
 * waits for every result at once. A lost connection or an error leaves it.
 */
final class Pipeline {
  private final ClientView c;

  /** Between \startpipeline and the results of \endpipeline. */
  boolean active;

  /** \endpipeline was sent: the answer now awaited completes the pipeline. */
  boolean ending;

  Pipeline(ClientView client) {
    this.c = client;
  }

  /** Leaves the pipeline (an error, a lost connection). */
  void reset() {
    active = false;
    ending = false;
  }

  ClientState start() {
    RunContext run = c.run;
    if (run.queryMode.simpleProtocol()) {
      c.commandFailed("startpipeline", Messages.SIMPLE_PIPELINE);
      return ClientState.ABORTED;
    }
    // as pgbench: the pipeline's statements are prepared before it starts
    if (run.queryMode.namedStatements()) {
      c.link.preparePipeline(c.script, c.pc + 1, end(run.commands[c.script], c.pc));
    }
    if (active) {
      c.commandFailed("startpipeline", Messages.ALREADY_PIPELINE);
      return ClientState.ABORTED;
    }
    active = true;
    c.link.clearResponse();
    return ClientState.END_COMMAND;
  }

  /** The index of the first \endpipeline after command {@code pc} (or the script's end). */
  private static int end(Command[] cmds, int pc) {
    int i = pc + 1;
    while (i < cmds.length
        && !(cmds[i] instanceof MetaCommand m && m.kind == MetaCommand.Kind.ENDPIPELINE)) {
      i++;
    }
    return i;
  }

  ClientState sync() {
    if (!active) {
      c.commandFailed("syncpipeline", Messages.NOT_PIPELINE);
      return ClientState.ABORTED;
    }
    c.link.pipelineSync();
    return ClientState.END_COMMAND;
  }

  ClientState finish() {
    if (!active) {
      c.commandFailed("endpipeline", Messages.NOT_PIPELINE);
      return ClientState.ABORTED;
    }
    c.link.pipelineSync();
    ending = true;
    return ClientState.WAIT_RESULT;
  }
}
