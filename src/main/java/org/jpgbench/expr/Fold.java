package org.jpgbench.expr;

/**
 * Constant folding: a node whose operands are all constants is replaced by its value, unless
 * evaluating it fails (then the error must still happen at run time, as pgbench evaluates every
 * expression at run time). Only pure nodes are passed here: no variables, debug() or random draws.
 */
final class Fold {
  private Fold() {}

  static Expr fold(Expr node, Expr... operands) {
    for (Expr e : operands) {
      if (!(e instanceof ConstExpr)) {
        return node;
      }
    }
    Value v = new Value();
    try {
      node.eval(null, v); // pure nodes over constants never touch the context
    } catch (EvalException e) {
      return node;
    }
    return new ConstExpr(v);
  }
}
