package org.jpgbench.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Number formatting that matches what pgbench's printf produces: {@code %.Nf} rounds the exact
 * binary value half-to-even (Java's Formatter rounds the shortest decimal form half-up, which
 * differs on rare values), NaN and infinities are spelled as PostgreSQL's snprintf spells them, and
 * widths pad on the left. Used by the report and log formatters; none of this runs per transaction.
 */
public final class CFormat {
  private CFormat() {}

  /** {@code %.<decimals>f}. */
  public static String fixed(double v, int decimals) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "Infinity" : "-Infinity";
    }
    String s = new BigDecimal(v).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    boolean negative = v < 0 || (v == 0 && 1 / v < 0);
    if (negative && s.charAt(0) != '-') {
      s = "-" + s;
    }
    return s;
  }

  /** {@code %f}: six decimals. */
  public static String fixed6(double v) {
    return fixed(v, 6);
  }

  /** {@code %<width>.<decimals>f}. */
  public static String fixed(double v, int width, int decimals) {
    return padLeft(fixed(v, decimals), width);
  }

  /** {@code %<width>lld}. */
  public static String integer(long v, int width) {
    return padLeft(Long.toString(v), width);
  }

  static String padLeft(String s, int width) {
    if (s.length() >= width) {
      return s;
    }
    return " ".repeat(width - s.length()) + s;
  }
}
