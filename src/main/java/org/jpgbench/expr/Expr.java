package org.jpgbench.expr;

/**
 * A compiled expression: variable references already resolved to slots, constants folded. Evaluation
 * writes into {@code out} and allocates nothing in the steady state.
 */
public abstract class Expr {
  public abstract void eval(EvalContext ctx, Value out) throws EvalException;
}
