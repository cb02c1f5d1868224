package org.jpgbench.expr;

import org.jpgbench.cnum.CFormat;

/**
 * The non-random built-in functions: abs, debug, double, int, sqrt, ln, exp, pi, pow/power, least
 * and greatest, with pgbench's types and NULL handling (a NULL argument gives NULL, except for
 * debug()). ln, exp and pow use {@link Math}, whose HotSpot intrinsics agree with glibc's libm
 * (what pgbench calls) bit for bit far more often than StrictMath's fdlibm: on 300,000 arguments,
 * 149 / 643 / 286 last-bit differences against 11,343 / 25,593 / 26,205 (see the random package).
 */
final class MathExpr {
  static final int ABS = 0;
  static final int DEBUG = 1;
  static final int DOUBLE = 2;
  static final int INT = 3;
  static final int SQRT = 4;
  static final int LN = 5;
  static final int EXP = 6;

  private MathExpr() {}

  /** A one-argument function. */
  static final class Unary extends Expr {
    final int fn;
    final Expr arg;

    Unary(int fn, Expr arg) {
      this.fn = fn;
      this.arg = arg;
    }

    @Override
    public void eval(EvalContext ctx, Value out) throws EvalException {
      if (!leaf(arg, ctx, out)) {
        arg.eval(ctx, out);
      }
      if (fn == DEBUG) {
        debug(ctx, out);
        return;
      }
      if (out.type == Value.NULL) {
        return;
      }
      switch (fn) {
        case ABS -> {
          if (out.type == Value.INT) {
            out.setInt(out.i < 0 ? -out.i : out.i); // abs(INT64_MIN) stays INT64_MIN, as in C
          } else {
            // pgbench reads the double member of the value union, even for a boolean
            double d = out.type == Value.DOUBLE ? out.d : Double.longBitsToDouble(out.i);
            out.setDouble(d < 0.0 ? -d : d);
          }
        }
        case INT -> out.setInt(Coerce.toInt(out));
        case DOUBLE -> out.setDouble(Coerce.toDouble(out));
        case SQRT -> out.setDouble(Math.sqrt(Coerce.toDouble(out)));
        case LN -> out.setDouble(Math.log(Coerce.toDouble(out)));
        default -> out.setDouble(Math.exp(Coerce.toDouble(out)));
      }
    }

    private static void debug(EvalContext ctx, Value v) {
      String s =
          switch (v.type) {
            case Value.NULL -> "null";
            case Value.BOOL -> v.i != 0 ? "boolean true" : "boolean false";
            case Value.INT -> "int " + v.i;
            default -> "double " + CFormat.g15(v.d);
          };
      ctx.err()
          .println(
              "debug(script="
                  + ctx.scriptIndex()
                  + ",command="
                  + (ctx.commandIndex() + 1)
                  + "): "
                  + s);
    }
  }

  /** pi(). */
  static final class Pi extends Expr {
    @Override
    public void eval(EvalContext ctx, Value out) {
      out.setDouble(Math.PI);
    }
  }

  /** pow(x, y) / power(x, y): always a double. */
  static final class Pow extends Expr {
    final Expr base;
    final Expr exponent;

    Pow(Expr base, Expr exponent) {
      this.base = base;
      this.exponent = exponent;
    }

    @Override
    public void eval(EvalContext ctx, Value out) throws EvalException {
      if (!leaf(base, ctx, out)) {
        base.eval(ctx, out);
      }
      byte bt = out.type;
      long bi = out.i;
      double bd = out.d;
      if (!leaf(exponent, ctx, out)) {
        exponent.eval(ctx, out);
      }
      if (bt == Value.NULL || out.type == Value.NULL) {
        out.setNull();
        return;
      }
      double x = Coerce.toDouble(bt, bi, bd);
      double y = Coerce.toDouble(out);
      out.setDouble(Math.pow(x, y));
    }
  }

  /**
   * least(...) / greatest(...): a double when any argument is a double, else an int. pgbench
   * evaluates at most 16 arguments, then complains if there are more.
   */
  static final class Extremum extends Expr {
    final boolean least;
    final Expr[] args;

    Extremum(boolean least, Expr[] args) {
      this.least = least;
      this.args = args;
    }

    @Override
    public void eval(EvalContext ctx, Value out) throws EvalException {
      int n = Math.min(args.length, ExprErrors.MAX_FUNCTION_ARGS);
      boolean hasNull = false;
      boolean hasDouble = false;
      boolean hasBool = false;
      boolean first = true;
      long iext = 0;
      double dext = 0;
      for (int k = 0; k < n; k++) {
        if (!leaf(args[k], ctx, out)) {
          args[k].eval(ctx, out);
        }
        long iv;
        double dv;
        switch (out.type) {
          case Value.NULL -> {
            hasNull = true;
            continue;
          }
          case Value.BOOL -> {
            hasBool = true;
            continue;
          }
          case Value.INT -> {
            iv = out.i;
            dv = out.i;
          }
          default -> {
            hasDouble = true;
            iv = 0;
            dv = out.d;
          }
        }
        if (first) {
          iext = iv;
          dext = dv;
          first = false;
        } else if (least) {
          iext = Math.min(iext, iv);
          dext = dext < dv ? dext : dv; // C's Min(): NaN handling depends on the order
        } else {
          iext = Math.max(iext, iv);
          dext = dext > dv ? dext : dv;
        }
      }
      if (args.length > n) {
        throw new EvalException(ExprErrors.TOO_MANY_FUNCTION_ARGS);
      }
      if (hasNull) {
        out.setNull();
      } else if (hasBool) {
        throw new EvalException(ExprErrors.cannotCoerce(Value.BOOL, hasDouble ? "double" : "int"));
      } else if (hasDouble) {
        out.setDouble(dext);
      } else {
        out.setInt(iext);
      }
    }
  }
}
