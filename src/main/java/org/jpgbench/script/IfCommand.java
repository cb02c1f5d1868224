package org.jpgbench.script;

import org.jpgbench.expr.EvalContext;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.Expr;
import org.jpgbench.expr.Value;
import org.jpgbench.expr.Variables;

/**
 * \if and \elif, with jump targets fixed at parse time. A false condition jumps to the next branch
 * of the same \if: into an \elif (which then evaluates its own condition), past an \else, or past
 * the \endif. An \elif reached by falling out of an executed branch skips to after its \endif,
 * without evaluating, as pgbench does.
 */
public final class IfCommand extends MetaCommand {
  /** The command word as written, printed in the abort message. */
  public final String word;

  public final Expr condition;

  /** Index of the next \elif, \else or \endif of this \if. */
  int nextBranch = -1;

  /** Kind of the command at {@link #nextBranch}. */
  Kind nextKind;

  /** Index of the matching \endif. */
  int endif = -1;

  IfCommand(int line, String displayText, Kind kind, String word, Expr condition) {
    super(line, displayText, kind);
    this.word = word;
    this.condition = condition;
  }

  @Override
  public int execute(EvalContext ctx, int pc) throws EvalException {
    Variables vars = ctx.variables();
    if (kind == Kind.ELIF) {
      if (vars.branchTarget() != pc) {
        return endif + 1; // the previous branch was executed
      }
      vars.resetBranch();
    }
    vars.command(pc);
    Value v = vars.register();
    try {
      if (!Expr.leaf(condition, ctx, v)) {
        condition.eval(ctx, v);
      }
    } catch (EvalException e) {
      throw e.in(word, EvalException.EVALUATION_FAILED);
    }
    if (truth(v)) {
      return pc + 1;
    }
    if (nextKind == Kind.ELIF) {
      vars.branchTarget(nextBranch);
      return nextBranch;
    }
    return nextBranch + 1; // into the \else branch, or past the \endif
  }

  /** pgbench's valueTruth(). */
  private static boolean truth(Value v) {
    return switch (v.type) {
      case Value.BOOL, Value.INT -> v.i != 0;
      case Value.DOUBLE -> v.d != 0.0;
      default -> false;
    };
  }

  /** The index this command jumps to when its condition is false (for tests and tools). */
  public int falseTarget() {
    return nextKind == Kind.ELIF ? nextBranch : nextBranch + 1;
  }

  /** The index of the matching \endif. */
  public int endif() {
    return endif;
  }
}
