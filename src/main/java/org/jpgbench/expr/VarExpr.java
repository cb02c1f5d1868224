package org.jpgbench.expr;

/** A :variable reference, resolved to its slot at parse time. */
final class VarExpr extends Expr {
  final int slot;
  final String name;

  VarExpr(int slot, String name) {
    this.slot = slot;
    this.name = name;
  }

  @Override
  public void eval(EvalContext ctx, Value out) throws EvalException {
    if (!ctx.variables().get(slot, out)) {
      throw new EvalException(ExprErrors.undefinedVariable(name));
    }
  }
}
