package org.jpgbench.expr;

/**
 * C-library number parsing as pgbench does it: {@code is_an_int}, {@code strtoint64},
 * {@code strtod} (through {@code strtodouble}) and {@code atoi}/{@code strtol}. Results go into a
 * {@link Value} and a status code, so the common paths allocate nothing but what
 * {@link Double#parseDouble} needs.
 */
public final class CNumbers {
  /** Parsed successfully. */
  public static final int OK = 0;
  /** Not a number of the expected syntax ("invalid input syntax"). */
  public static final int SYNTAX = 1;
  /** Syntactically fine but out of range (ERANGE). */
  public static final int RANGE = 2;

  private CNumbers() {}

  /** C's isspace() in the C locale. */
  public static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
  }

  static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** pgbench's is_an_int(): {@code ^\s*[-+]?[0-9]*$} (an empty digit run after a sign counts!). */
  public static boolean isAnInt(String s) {
    int p = 0;
    int n = s.length();
    while (p < n && isSpace(s.charAt(p))) {
      p++;
    }
    if (p < n && (s.charAt(p) == '+' || s.charAt(p) == '-')) {
      p++;
    }
    if (p < n && !isDigit(s.charAt(p))) {
      return false;
    }
    while (p < n && isDigit(s.charAt(p))) {
      p++;
    }
    return p == n;
  }

  /**
   * pgbench's strtoint64(): optional leading/trailing spaces, a sign and decimal digits, no
   * overflow. Sets {@code out} to the int on success.
   */
  public static int strtoint64(String s, Value out) {
    int p = 0;
    int n = s.length();
    boolean neg = false;
    while (p < n && isSpace(s.charAt(p))) {
      p++;
    }
    if (p < n && s.charAt(p) == '-') {
      neg = true;
      p++;
    } else if (p < n && s.charAt(p) == '+') {
      p++;
    }
    if (p >= n || !isDigit(s.charAt(p))) {
      return SYNTAX;
    }
    long tmp = 0; // accumulated as a negative number, so that INT64_MIN fits
    while (p < n && isDigit(s.charAt(p))) {
      int digit = s.charAt(p++) - '0';
      if (tmp < Long.MIN_VALUE / 10) {
        return RANGE;
      }
      tmp *= 10;
      if (tmp < Long.MIN_VALUE + digit) {
        return RANGE;
      }
      tmp -= digit;
    }
    while (p < n && isSpace(s.charAt(p))) {
      p++;
    }
    if (p != n) {
      return SYNTAX;
    }
    if (!neg) {
      if (tmp == Long.MIN_VALUE) {
        return RANGE;
      }
      tmp = -tmp;
    }
    out.setInt(tmp);
    return OK;
  }

  /**
   * glibc strtod() on the whole string (pgbench's strtodouble): leading spaces, sign, decimal or
   * hexadecimal floats, "inf"/"infinity", "nan"/"nan(chars)", case-insensitive; nothing may follow.
   * RANGE on overflow or underflow (a result that is infinite, or subnormal or zero from non-zero
   * digits).
   */
  public static int strtod(String s, Value out) {
    int n = s.length();
    int p = 0;
    while (p < n && isSpace(s.charAt(p))) {
      p++;
    }
    boolean neg = false;
    if (p < n && (s.charAt(p) == '+' || s.charAt(p) == '-')) {
      neg = s.charAt(p) == '-';
      p++;
    }
    if (s.regionMatches(true, p, "inf", 0, 3)) {
      int q = p + 3;
      if (s.regionMatches(true, q, "inity", 0, 5)) {
        q += 5;
      }
      if (q != n) {
        return SYNTAX;
      }
      out.setDouble(neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
      return OK;
    }
    if (s.regionMatches(true, p, "nan", 0, 3)) {
      int q = p + 3;
      if (q < n && s.charAt(q) == '(') {
        int r = q + 1;
        while (r < n && isNanChar(s.charAt(r))) {
          r++;
        }
        if (r < n && s.charAt(r) == ')') {
          q = r + 1;
        }
      }
      if (q != n) {
        return SYNTAX;
      }
      out.setDouble(Double.NaN);
      return OK;
    }
    if (p + 1 < n && s.charAt(p) == '0' && (s.charAt(p + 1) == 'x' || s.charAt(p + 1) == 'X')) {
      int r = hexFloat(s, p + 2, neg, out);
      if (r != -1) {
        return r;
      }
      // "0x" without hex digits: strtod reads the "0" and stops at the "x"
      return SYNTAX;
    }
    return decimalFloat(s, p, neg, out);
  }

  private static boolean isNanChar(char c) {
    return Character.isLetterOrDigit(c) && c < 0x80 || c == '_';
  }

  private static int decimalFloat(String s, int p, boolean neg, Value out) {
    int n = s.length();
    int start = p;
    boolean digits = false;
    boolean nonZero = false;
    while (p < n && isDigit(s.charAt(p))) {
      nonZero |= s.charAt(p) != '0';
      digits = true;
      p++;
    }
    if (p < n && s.charAt(p) == '.') {
      p++;
      while (p < n && isDigit(s.charAt(p))) {
        nonZero |= s.charAt(p) != '0';
        digits = true;
        p++;
      }
    }
    if (!digits) {
      return SYNTAX;
    }
    if (p < n && (s.charAt(p) == 'e' || s.charAt(p) == 'E')) {
      int q = p + 1;
      if (q < n && (s.charAt(q) == '+' || s.charAt(q) == '-')) {
        q++;
      }
      if (q < n && isDigit(s.charAt(q))) {
        while (q < n && isDigit(s.charAt(q))) {
          q++;
        }
        p = q;
      }
    }
    if (p != n) {
      return SYNTAX;
    }
    double d = Double.parseDouble(s.substring(start, n));
    return finish(neg ? -d : d, nonZero, out);
  }

  /** Parses hex digits after "0x"; returns -1 when there is no hex digit at all. */
  private static int hexFloat(String s, int p, boolean neg, Value out) {
    int n = s.length();
    int start = p;
    boolean digits = false;
    boolean nonZero = false;
    while (p < n && Character.digit(s.charAt(p), 16) >= 0 && s.charAt(p) < 0x80) {
      nonZero |= s.charAt(p) != '0';
      digits = true;
      p++;
    }
    int mantEnd = p;
    if (p < n && s.charAt(p) == '.') {
      p++;
      while (p < n && Character.digit(s.charAt(p), 16) >= 0 && s.charAt(p) < 0x80) {
        nonZero |= s.charAt(p) != '0';
        digits = true;
        p++;
      }
      mantEnd = p;
    }
    if (!digits) {
      return -1;
    }
    String exp = "p0";
    if (p < n && (s.charAt(p) == 'p' || s.charAt(p) == 'P')) {
      int q = p + 1;
      if (q < n && (s.charAt(q) == '+' || s.charAt(q) == '-')) {
        q++;
      }
      if (q < n && isDigit(s.charAt(q))) {
        while (q < n && isDigit(s.charAt(q))) {
          q++;
        }
        exp = "p" + s.substring(p + 1, q);
        p = q;
      }
    }
    if (p != n) {
      return SYNTAX;
    }
    String mant = s.substring(start, mantEnd);
    if (mant.startsWith(".")) {
      mant = "0" + mant;
    }
    double d;
    try {
      d = Double.parseDouble("0x" + mant + exp);
    } catch (NumberFormatException e) {
      // an exponent beyond int range: overflow or underflow
      d = exp.startsWith("p-") ? 0.0 : Double.POSITIVE_INFINITY;
    }
    return finish(neg ? -d : d, nonZero, out);
  }

  private static int finish(double d, boolean nonZero, Value out) {
    out.setDouble(d);
    if (Double.isInfinite(d)) {
      return RANGE;
    }
    if (nonZero && Math.abs(d) < Double.MIN_NORMAL) {
      return RANGE; // underflow: zero or subnormal from non-zero digits
    }
    return OK;
  }

  /**
   * C's {@code (int) strtol(s, NULL, 10)} = atoi: leading spaces, sign, digits up to the first
   * non-digit; an out-of-range long saturates, then is truncated to 32 bits as the cast does.
   */
  public static int atoi(String s) {
    return (int) strtol(s, 0, null);
  }

  /**
   * C's strtol(s + from, &end, 10), saturating at the long range. When {@code end} is not null,
   * end[0] receives the index just after the number, or {@code from} when there is no number.
   */
  public static long strtol(String s, int from, int[] end) {
    int n = s.length();
    int p = from;
    while (p < n && isSpace(s.charAt(p))) {
      p++;
    }
    boolean neg = false;
    if (p < n && (s.charAt(p) == '+' || s.charAt(p) == '-')) {
      neg = s.charAt(p) == '-';
      p++;
    }
    if (p >= n || !isDigit(s.charAt(p))) {
      if (end != null) {
        end[0] = from;
      }
      return 0;
    }
    long acc = 0;
    boolean overflow = false;
    while (p < n && isDigit(s.charAt(p))) {
      int digit = s.charAt(p++) - '0';
      if (!overflow) {
        if (acc > (Long.MAX_VALUE - digit) / 10) {
          overflow = true;
        } else {
          acc = acc * 10 + digit;
        }
      }
    }
    if (end != null) {
      end[0] = p;
    }
    if (overflow) {
      return neg ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    return neg ? -acc : acc;
  }
}
