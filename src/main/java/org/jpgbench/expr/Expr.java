package org.jpgbench.expr;

/**
 * A compiled expression: variable references already resolved to slots, constants folded.
 * Evaluation writes into {@code out} and allocates nothing in the steady state.
 */
public abstract class Expr {
  public abstract void eval(EvalContext ctx, Value out) throws EvalException;

  /**
   * Evaluates {@code e} into {@code out} when it is a constant or a variable (most operands),
   * without a virtual call, and returns true; otherwise returns false and the caller calls {@code
   * e.eval} itself. Callers write that call at each operand's own site on purpose: HotSpot profiles
   * receiver types per call site, so a site that always sees the same kind of node gets it inlined,
   * where one shared helper would see every kind and dispatch through the vtable.
   */
  public static boolean leaf(Expr e, EvalContext ctx, Value out) throws EvalException {
    if (e instanceof ConstExpr c) {
      out.type = c.type;
      out.i = c.i;
      out.d = c.d;
      return true;
    }
    if (e instanceof VarExpr v) {
      v.eval(ctx, out);
      return true;
    }
    return false;
  }
}
