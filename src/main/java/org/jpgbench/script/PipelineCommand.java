package org.jpgbench.script;

import org.jpgbench.expr.EvalContext;

/**
 * \startpipeline, \syncpipeline, \endpipeline: parsed here, run by the engine (which owns the
 * connection) by kind. pgbench checks them at run time: "cannot use pipeline mode with the simple
 * query protocol", "already in pipeline mode", "not in pipeline mode".
 */
public final class PipelineCommand extends MetaCommand {
  PipelineCommand(int line, String displayText, Kind kind) {
    super(line, displayText, kind);
  }

  @Override
  public int execute(EvalContext ctx, int pc) {
    throw new IllegalStateException("\\" + kind.pgName + " is run by the engine");
  }
}
