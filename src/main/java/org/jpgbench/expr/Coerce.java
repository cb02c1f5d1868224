package org.jpgbench.expr;

/** pgbench's value coercions (coerceToInt, coerceToDouble, coerceToBool, valueTruth). */
final class Coerce {
  private static final double TWO_POW_63 = 0x1.0p63;

  private Coerce() {}

  /** coerceToInt: ints as they are, doubles through rint() with a range check. */
  static long toInt(byte type, long i, double d) throws EvalException {
    return type == Value.INT ? i : nonIntToInt(type, d); // small enough for the JIT to inline
  }

  private static long nonIntToInt(byte type, double d) throws EvalException {
    if (type == Value.DOUBLE) {
      double r = Math.rint(d);
      if (Double.isNaN(r) || !(r >= -TWO_POW_63 && r < TWO_POW_63)) {
        throw new EvalException(ExprErrors.doubleToIntOverflow(r));
      }
      return (long) r;
    }
    throw cannotCoerce(type, "int");
  }

  static long toInt(Value v) throws EvalException {
    return toInt(v.type, v.i, v.d);
  }

  /** coerceToDouble. */
  static double toDouble(byte type, long i, double d) throws EvalException {
    if (type == Value.DOUBLE) {
      return d;
    }
    if (type == Value.INT) {
      return i;
    }
    throw cannotCoerce(type, "double");
  }

  private static EvalException cannotCoerce(byte type, String to) {
    return new EvalException(ExprErrors.cannotCoerce(type, to));
  }

  static double toDouble(Value v) throws EvalException {
    return toDouble(v.type, v.i, v.d);
  }

  /** coerceToBool: only booleans. */
  static boolean toBool(byte type, long i) throws EvalException {
    if (type == Value.BOOL) {
      return i != 0;
    }
    throw cannotCoerce(type, "boolean");
  }

  /** valueTruth: for \if, \elif and CASE WHEN; numbers are true when non-zero, NULL is false. */
  static boolean truth(Value v) {
    return switch (v.type) {
      case Value.BOOL, Value.INT -> v.i != 0;
      case Value.DOUBLE -> v.d != 0.0;
      default -> false;
    };
  }
}
