package org.jpgbench.script;

import org.jpgbench.expr.EvalContext;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.Expr;
import org.jpgbench.expr.ExprErrors;
import org.jpgbench.expr.Value;
import org.jpgbench.expr.Variables;

/** \set name expression. */
public final class SetCommand extends MetaCommand {
  /** The command word as written ("set", "SET"...), which pgbench prints in messages. */
  public final String word;

  public final String name;
  public final int slot;
  public final Expr expr;
  private final boolean validName;

  SetCommand(
      int line,
      String displayText,
      String word,
      String name,
      int slot,
      boolean validName,
      Expr expr) {
    super(line, displayText, Kind.SET);
    this.word = word;
    this.name = name;
    this.slot = slot;
    this.validName = validName;
    this.expr = expr;
  }

  @Override
  public int execute(EvalContext ctx, int pc) throws EvalException {
    Variables vars = ctx.variables();
    vars.command(pc);
    Value v = vars.register();
    try {
      if (!Expr.leaf(expr, ctx, v)) {
        expr.eval(ctx, v);
      }
    } catch (EvalException e) {
      throw e.in(word, EvalException.EVALUATION_FAILED);
    }
    if (!validName && !vars.isDefined(slot)) {
      throw new EvalException(
          ExprErrors.invalidVariableName(word, name), "set", EvalException.ASSIGNMENT_FAILED);
    }
    vars.set(slot, v);
    return pc + 1;
  }
}
