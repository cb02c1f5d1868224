package org.jpgbench.expr;

/**
 * The strict binary operators: arithmetic (+ - * / and mod, overloaded on int/double), comparisons
 * (= &lt;&gt; &lt;= &lt;; &gt; and &gt;= are parsed as swapped &lt; and &lt;=) and the integer bit
 * operators. Both operands are evaluated, left first; a NULL operand gives NULL.
 *
 * <p>The left value is kept in locals while the right one is evaluated into {@code out}, so nothing
 * is allocated and the node can be shared by threads.
 */
final class BinaryExpr extends Expr {
  static final int ADD = 0;
  static final int SUB = 1;
  static final int MUL = 2;
  static final int DIV = 3;
  static final int MOD = 4;
  static final int EQ = 5;
  static final int NE = 6;
  static final int LE = 7;
  static final int LT = 8;
  static final int BITAND = 9;
  static final int BITOR = 10;
  static final int BITXOR = 11;
  static final int LSHIFT = 12;
  static final int RSHIFT = 13;

  final int op;
  final Expr left;
  final Expr right;

  BinaryExpr(int op, Expr left, Expr right) {
    this.op = op;
    this.left = left;
    this.right = right;
  }

  @Override
  public void eval(EvalContext ctx, Value out) throws EvalException {
    if (!leaf(left, ctx, out)) {
      left.eval(ctx, out);
    }
    byte lt = out.type;
    long li = out.i;
    double ld = out.d;
    if (!leaf(right, ctx, out)) {
      right.eval(ctx, out);
    }
    if (lt == Value.NULL || out.type == Value.NULL) {
      out.setNull();
      return;
    }
    apply(op, lt, li, ld, out);
  }

  /**
   * Applies {@code op} to (lt, li, ld) and the value in {@code out}; the result replaces it. Kept
   * small, with each family of operators in a method of its own and the error paths out of line, so
   * that the JIT inlines the common case into {@link #eval}.
   */
  static void apply(int op, byte lt, long li, double ld, Value out) throws EvalException {
    byte rt = out.type;
    if (op >= BITAND) {
      bits(op, Coerce.toInt(lt, li, ld), Coerce.toInt(rt, out.i, out.d), out);
    } else if ((lt == Value.DOUBLE || rt == Value.DOUBLE) && op != MOD) {
      doubles(op, Coerce.toDouble(lt, li, ld), Coerce.toDouble(rt, out.i, out.d), out);
    } else {
      ints(op, Coerce.toInt(lt, li, ld), Coerce.toInt(rt, out.i, out.d), out);
    }
  }

  private static void doubles(int op, double a, double b, Value out) {
    switch (op) {
      case ADD -> out.setDouble(a + b);
      case SUB -> out.setDouble(a - b);
      case MUL -> out.setDouble(a * b);
      case DIV -> out.setDouble(a / b);
      case EQ -> out.setBool(a == b);
      case NE -> out.setBool(a != b);
      case LE -> out.setBool(a <= b);
      default -> out.setBool(a < b);
    }
  }

  private static void ints(int op, long a, long b, Value out) throws EvalException {
    switch (op) {
      case ADD -> {
        long r = a + b;
        if (((a ^ r) & (b ^ r)) < 0) {
          throw failure(ExprErrors.BIGINT_ADD);
        }
        out.setInt(r);
      }
      case SUB -> {
        long r = a - b;
        if (((a ^ b) & (a ^ r)) < 0) {
          throw failure(ExprErrors.BIGINT_SUB);
        }
        out.setInt(r);
      }
      case MUL -> {
        long hi = Math.multiplyHigh(a, b);
        long r = a * b;
        if ((hi != 0 || r < 0) && (hi != -1 || r >= 0)) {
          throw failure(ExprErrors.BIGINT_MUL);
        }
        out.setInt(r);
      }
      case EQ -> out.setBool(a == b);
      case NE -> out.setBool(a != b);
      case LE -> out.setBool(a <= b);
      case LT -> out.setBool(a < b);
      default -> divide(op, a, b, out);
    }
  }

  private static void bits(int op, long a, long b, Value out) {
    out.setInt(
        switch (op) {
          case BITAND -> a & b;
          case BITOR -> a | b;
          case BITXOR -> a ^ b;
          case LSHIFT -> a << b; // x86-64 shifts use the low 6 bits, as Java does
          default -> a >> b;
        });
  }

  /** An evaluation error, built out of line so that the arithmetic stays small. */
  private static EvalException failure(String message) {
    return new EvalException(message);
  }

  private static void divide(int op, long a, long b, Value out) throws EvalException {
    if (b == 0) {
      throw failure(ExprErrors.DIVISION_BY_ZERO);
    }
    if (b == -1) {
      if (op == DIV) {
        if (a == Long.MIN_VALUE) {
          throw failure(ExprErrors.BIGINT_DIV);
        }
        out.setInt(-a);
      } else {
        out.setInt(0);
      }
      return;
    }
    out.setInt(op == DIV ? a / b : a % b);
  }
}
