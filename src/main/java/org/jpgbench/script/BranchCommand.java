package org.jpgbench.script;

import org.jpgbench.expr.EvalContext;

/**
 * \else and \endif. Only reached by falling through: an \else ends the executed branch before it
 * (jump past the \endif); an \endif does nothing. A false \if or \elif jumps past them directly.
 */
public final class BranchCommand extends MetaCommand {
  /** Index of the matching \endif (for \else). */
  int endif = -1;

  BranchCommand(int line, String displayText, Kind kind) {
    super(line, displayText, kind);
  }

  @Override
  public int execute(EvalContext ctx, int pc) {
    return kind == Kind.ELSE ? endif + 1 : pc + 1;
  }

  /** The index of the matching \endif (this command's own index for an \endif). */
  public int endif() {
    return endif;
  }
}
