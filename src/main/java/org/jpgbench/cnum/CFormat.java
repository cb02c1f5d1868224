package org.jpgbench.cnum;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * printf formatting as pgbench prints numbers through PostgreSQL's snprintf: C's {@code %.15g} and
 * {@code %.Nf} (the exact binary value rounded half-to-even, as glibc does; Java's Formatter rounds
 * the shortest decimal form half-up, which differs on rare values), "NaN", "Infinity" and
 * "-Infinity" for the special values, a minus sign whenever the sign bit is set ("-0.000000"), and
 * widths that pad on the left.
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

  /** {@code %.<decimals>f}. */
  public static String fixed(double d, int decimals) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Infinity" : "-Infinity";
    }
    String quick = quickFixed(d, decimals);
    if (quick != null) {
      return quick;
    }
    String s = new BigDecimal(d).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    if (Double.doubleToRawLongBits(d) < 0 && s.charAt(0) != '-') {
      s = "-" + s; // negative values rounding to zero, and -0.0, keep their sign
    }
    return s;
  }

  private static final double[] POW10 = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};

  /**
   * {@code %.Nf} without BigDecimal (whose class initialization alone costs about 18 ms of a run's
   * start) for the values a report prints: below 1e9 with at most 9 decimals, when the product with
   * 10^N, rounded to a double, is far enough from a half that the exact binary value rounds the
   * same way. Else null: the caller takes the exact path.
   */
  private static String quickFixed(double d, int decimals) {
    double a = Math.abs(d);
    if (decimals < 0 || decimals >= POW10.length || !(a < 1e9)) {
      return null;
    }
    double x = a * POW10[decimals]; // within half an ulp of the exact product
    if (!(x < 0x1p52)) {
      return null; // too coarse to tell its fraction
    }
    double floor = Math.floor(x);
    double fraction = x - floor; // exact: x and its floor share the binade
    if (Math.abs(fraction - 0.5) <= 2 * Math.ulp(x)) {
      return null; // the product's rounding error could cross the half
    }
    long n = (long) floor + (fraction > 0.5 ? 1 : 0);
    String digits = Long.toString(n);
    StringBuilder sb = new StringBuilder(digits.length() + decimals + 3);
    if (Double.doubleToRawLongBits(d) < 0) {
      sb.append('-'); // negative values rounding to zero, and -0.0, keep their sign
    }
    for (int i = digits.length(); i <= decimals; i++) {
      sb.append('0');
    }
    sb.append(digits);
    if (decimals > 0) {
      sb.insert(sb.length() - decimals, '.');
    }
    return sb.toString();
  }

  /** {@code %f}: six decimals. */
  public static String fixed6(double d) {
    return fixed(d, 6);
  }

  /** {@code %<width>.<decimals>f}. */
  public static String fixed(double d, int width, int decimals) {
    return padLeft(fixed(d, decimals), width);
  }

  /** {@code %<width>lld}. */
  public static String integer(long v, int width) {
    return padLeft(Long.toString(v), width);
  }

  /** {@code %<width>s}: s right-aligned in width characters (never cut). */
  public static String padLeft(String s, int width) {
    if (s.length() >= width) {
      return s;
    }
    return " ".repeat(width - s.length()) + s;
  }
}
