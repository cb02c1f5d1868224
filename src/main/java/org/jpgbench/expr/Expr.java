package org.jpgbench.expr;

/**
 * A compiled expression: variable references already resolved to slots, constants folded. Evaluation
 * writes into {@code out} and allocates nothing in the steady state.
 */
public abstract class Expr {
  public abstract void eval(EvalContext ctx, Value out) throws EvalException;

  /**
   * Evaluates {@code e} into {@code out}: constants and variables (most operands) without a virtual
   * call, which keeps the interpreter's call sites from turning megamorphic; other nodes through
   * {@link #eval}.
   */
  public static void evaluate(Expr e, EvalContext ctx, Value out) throws EvalException {
    if (e instanceof ConstExpr c) {
      out.type = c.type;
      out.i = c.i;
      out.d = c.d;
    } else if (e instanceof VarExpr v) {
      v.eval(ctx, out);
    } else {
      e.eval(ctx, out);
    }
  }
}
