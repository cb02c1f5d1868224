package org.jpgbench.expr;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Double formatting as pgbench prints values: PostgreSQL's snprintf, i.e. C's {@code %.15g} and
 * {@code %f} (exact decimal expansion, round-half-even) except that NaN and infinities print as
 * "NaN", "Infinity" and "-Infinity".
 */
public final class CFormat {
  private static final MathContext DIG15 = new MathContext(15, RoundingMode.HALF_EVEN);

  private CFormat() {}

  /** {@code %.15g} (DBL_DIG digits), as pgbench prints a double variable or a debug() value. */
  public static String g15(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Infinity" : "-Infinity";
    }
    if (d == 0) {
      return (Double.doubleToRawLongBits(d) < 0) ? "-0" : "0";
    }
    // fast path: integral values below 1e15 print as integers
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    return appendG15(new StringBuilder(24), d).toString();
  }

  private static StringBuilder appendG15(StringBuilder sb, double d) {
    if (d < 0) {
      sb.append('-');
      d = -d;
    }
    BigDecimal rounded = new BigDecimal(d).round(DIG15);
    int exp = rounded.precision() - rounded.scale() - 1; // decimal exponent of the leading digit
    String digits = rounded.unscaledValue().toString();
    int len = digits.length();
    while (len > 1 && digits.charAt(len - 1) == '0') {
      len--;
    }
    digits = digits.substring(0, len);
    if (exp < -4 || exp >= 15) {
      sb.append(digits.charAt(0));
      if (len > 1) {
        sb.append('.').append(digits, 1, len);
      }
      sb.append('e').append(exp < 0 ? '-' : '+');
      int a = Math.abs(exp);
      if (a < 10) {
        sb.append('0');
      }
      sb.append(a);
    } else if (exp >= 0) {
      if (len <= exp + 1) {
        sb.append(digits);
        for (int i = len; i <= exp; i++) {
          sb.append('0');
        }
      } else {
        sb.append(digits, 0, exp + 1).append('.').append(digits, exp + 1, len);
      }
    } else {
      sb.append("0.");
      for (int i = -1; i > exp; i--) {
        sb.append('0');
      }
      sb.append(digits);
    }
    return sb;
  }

  /** {@code %f}: six decimals of the exact value, round-half-even (as glibc). */
  public static String f6(double d) {
    return fixed(d, 6);
  }

  /** {@code %.<digits>f}. */
  public static String fixed(double d, int digits) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Infinity" : "-Infinity";
    }
    String s = new BigDecimal(d).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
    if (Double.doubleToRawLongBits(d) < 0 && !s.startsWith("-")) {
      s = "-" + s; // negative values rounding to zero, and -0.0, keep their sign
    }
    return s;
  }
}
