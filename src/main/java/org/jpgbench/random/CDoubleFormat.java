package org.jpgbench.random;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * {@code %.Nf} as pgbench prints it through PostgreSQL's own snprintf (src/port/snprintf.c): the
 * exact binary value rounded half-to-even as glibc does, "Infinity", "-Infinity", "NaN", and a
 * minus
 * sign whenever the sign bit is set (so "-0.000000" for -0.0 and for tiny negatives). Only used to
 * build error messages, never in the normal path.
 */
final class CDoubleFormat {
  private CDoubleFormat() {}

  /** {@code printf("%.<digits>f", d)}. */
  static String fixed(double d, int digits) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    boolean negative = (Double.doubleToRawLongBits(d) & Long.MIN_VALUE) != 0;
    String s =
        Double.isInfinite(d)
            ? "Infinity"
            : new BigDecimal(d).abs().setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
    return negative ? "-" + s : s;
  }

  /** {@code printf("%f", d)}. */
  static String fixed(double d) {
    return fixed(d, 6);
  }
}
