package org.jpgbench.expr;

import org.jpgbench.random.Distributions;
import org.jpgbench.random.Hashes;
import org.jpgbench.random.Permute;
import org.jpgbench.random.RandomArgumentException;

/**
 * The functions backed by the random package: random, random_exponential, random_gaussian,
 * random_zipfian (drawing from the client's function PRNG), hash/hash_murmur2, hash_fnv1a and
 * permute. All arguments are evaluated first; a NULL argument gives NULL; then the arguments are
 * coerced in pgbench's order (bounds, range check, parameter).
 */
final class RandomExpr {
  static final int RANDOM = 0;
  static final int EXPONENTIAL = 1;
  static final int GAUSSIAN = 2;
  static final int ZIPFIAN = 3;
  static final int MURMUR2 = 4;
  static final int FNV1A = 5;
  static final int PERMUTE = 6;

  private RandomExpr() {}

  /** A function of two or three arguments. */
  static final class Call extends Expr {
    final int fn;
    final Expr a;
    final Expr b;
    final Expr c; // null for two-argument functions

    /** random_exponential with a constant parameter: exp(-parameter), computed once; else NaN. */
    private final double cut;

    Call(int fn, Expr a, Expr b, Expr c) {
      this.fn = fn;
      this.a = a;
      this.b = b;
      this.c = c;
      double k = Double.NaN;
      if (fn == EXPONENTIAL
          && c instanceof ConstExpr p
          && (p.type == Value.INT || p.type == Value.DOUBLE)) {
        k = Math.exp(-(p.type == Value.INT ? (double) p.i : p.d));
      }
      this.cut = k;
    }

    @Override
    public void eval(EvalContext ctx, Value out) throws EvalException {
      if (!leaf(a, ctx, out)) {
        a.eval(ctx, out);
      }
      byte at = out.type;
      long ai = out.i;
      double ad = out.d;
      if (!leaf(b, ctx, out)) {
        b.eval(ctx, out);
      }
      byte bt = out.type;
      long bi = out.i;
      double bd = out.d;
      if (c != null) {
        if (!leaf(c, ctx, out)) {
          c.eval(ctx, out);
        }
      }
      if (at == Value.NULL || bt == Value.NULL || (c != null && out.type == Value.NULL)) {
        out.setNull();
        return;
      }
      long x = Coerce.toInt(at, ai, ad);
      long y = Coerce.toInt(bt, bi, bd);
      try {
        out.setInt(call(ctx, x, y, out));
      } catch (RandomArgumentException e) {
        throw new EvalException(e.getMessage());
      }
    }

    /**
     * The function itself, on the coerced bounds (or hash arguments) and the third argument in
     * {@code out}: a method of its own so that {@link #eval} stays small enough to be inlined.
     */
    private long call(EvalContext ctx, long x, long y, Value out) throws EvalException {
      return switch (fn) {
        case RANDOM -> Distributions.uniform(ctx.random(), x, y);
        case EXPONENTIAL -> {
          Distributions.checkRange(x, y);
          double parameter = Coerce.toDouble(out);
          yield Double.isNaN(cut)
              ? Distributions.exponential(ctx.random(), x, y, parameter)
              : Distributions.exponential(ctx.random(), x, y, parameter, cut);
        }
        case GAUSSIAN -> {
          Distributions.checkRange(x, y);
          yield Distributions.gaussian(ctx.random(), x, y, Coerce.toDouble(out));
        }
        case ZIPFIAN -> {
          Distributions.checkRange(x, y);
          yield Distributions.zipfian(ctx.random(), x, y, Coerce.toDouble(out));
        }
        case MURMUR2 -> Hashes.murmur2(x, y);
        case FNV1A -> Hashes.fnv1a(x, y);
        default -> Permute.permute(x, y, Coerce.toInt(out), ctx.variables().scratchPrng());
      };
    }
  }
}
