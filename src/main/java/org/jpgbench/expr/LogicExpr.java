package org.jpgbench.expr;

/**
 * The boolean operators and CASE, with pgbench's semantics (evalLazyFunc): AND and OR look at their
 * left operand first and return NULL when it is NULL (so {@code NULL AND false} is NULL but {@code
 * false AND NULL} is false); they refuse ints and doubles. CASE tests its conditions with
 * valueTruth (non-zero numbers are true) and evaluates only the chosen branch.
 */
final class LogicExpr {
  private LogicExpr() {}

  /** expr AND expr. */
  static final class And extends Expr {
    final Expr left;
    final Expr right;

    And(Expr left, Expr right) {
      this.left = left;
      this.right = right;
    }

    @Override
    public void eval(EvalContext ctx, Value out) throws EvalException {
      if (!leaf(left, ctx, out)) {
        left.eval(ctx, out);
      }
      if (out.type == Value.NULL) {
        return;
      }
      if (!Coerce.toBool(out.type, out.i)) {
        out.setBool(false);
        return;
      }
      if (!leaf(right, ctx, out)) {
        right.eval(ctx, out);
      }
      if (out.type == Value.NULL) {
        return;
      }
      out.setBool(Coerce.toBool(out.type, out.i));
    }
  }

  /** expr OR expr. */
  static final class Or extends Expr {
    final Expr left;
    final Expr right;

    Or(Expr left, Expr right) {
      this.left = left;
      this.right = right;
    }

    @Override
    public void eval(EvalContext ctx, Value out) throws EvalException {
      if (!leaf(left, ctx, out)) {
        left.eval(ctx, out);
      }
      if (out.type == Value.NULL) {
        return;
      }
      if (Coerce.toBool(out.type, out.i)) {
        out.setBool(true);
        return;
      }
      if (!leaf(right, ctx, out)) {
        right.eval(ctx, out);
      }
      if (out.type == Value.NULL) {
        return;
      }
      out.setBool(Coerce.toBool(out.type, out.i));
    }
  }

  /** NOT expr (and the negation of IS / NOTNULL). */
  static final class Not extends Expr {
    final Expr arg;

    Not(Expr arg) {
      this.arg = arg;
    }

    @Override
    public void eval(EvalContext ctx, Value out) throws EvalException {
      if (!leaf(arg, ctx, out)) {
        arg.eval(ctx, out);
      }
      if (out.type == Value.NULL) {
        return;
      }
      out.setBool(!Coerce.toBool(out.type, out.i));
    }
  }

  /**
   * expr IS NULL|TRUE|FALSE (ISNULL too): true when the value has the constant's type and the same
   * boolean; pgbench compares the first byte of the value union, which is 0 for NULL.
   */
  static final class Is extends Expr {
    final Expr arg;
    final byte type;
    final boolean bool;

    Is(Expr arg, byte type, boolean bool) {
      this.arg = arg;
      this.type = type;
      this.bool = bool;
    }

    @Override
    public void eval(EvalContext ctx, Value out) throws EvalException {
      if (!leaf(arg, ctx, out)) {
        arg.eval(ctx, out);
      }
      boolean r = out.type == type && (type != Value.BOOL || (out.i != 0) == bool);
      out.setBool(r);
    }
  }

  /** CASE WHEN c1 THEN r1 [WHEN ...] [ELSE e] END; a missing ELSE is NULL. */
  static final class Case extends Expr {
    final Expr[] conditions;
    final Expr[] results;
    final Expr otherwise;

    Case(Expr[] conditions, Expr[] results, Expr otherwise) {
      this.conditions = conditions;
      this.results = results;
      this.otherwise = otherwise;
    }

    @Override
    public void eval(EvalContext ctx, Value out) throws EvalException {
      for (int k = 0; k < conditions.length; k++) {
        if (!leaf(conditions[k], ctx, out)) {
          conditions[k].eval(ctx, out);
        }
        if (Coerce.truth(out)) {
          if (!leaf(results[k], ctx, out)) {
            results[k].eval(ctx, out);
          }
          return;
        }
      }
      if (!leaf(otherwise, ctx, out)) {
        otherwise.eval(ctx, out);
      }
    }
  }
}
