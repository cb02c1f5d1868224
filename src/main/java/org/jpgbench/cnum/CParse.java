package org.jpgbench.cnum;

/**
 * The C library's number parsing as pgbench relies on it, in the C locale: {@code strtol}/{@code
 * atoi}, {@code strtod}/{@code atof} (decimal and hexadecimal floats, "inf"/"infinity",
 * "nan"/"nan(chars)", case-insensitive), and pgbench's own {@code strtoint64} and {@code
 * is_an_int}. Results that the expression engine needs per command go into a {@link NumberSink}
 * with a status code, so those paths allocate nothing but what {@link Double#parseDouble} needs.
 */
public final class CParse {
  /** Parsed successfully. */
  public static final int OK = 0;

  /** Not a number of the expected syntax ("invalid input syntax"). */
  public static final int SYNTAX = 1;

  /** Syntactically fine but out of range (ERANGE). */
  public static final int RANGE = 2;

  /** {@link #accumulate}'s answer when the digits overflow int64. */
  private static final long OVERFLOW = 1;

  /** Set in {@link #scanDouble}'s answer when the value overflowed or underflowed (ERANGE). */
  private static final long ERANGE_BIT = 1L << 32;

  /** Set in {@link #mantissa}'s answer when the mantissa has a digit. */
  private static final long DIGITS_BIT = 1L << 33;

  /** Set in {@link #mantissa}'s answer when one of its digits is not '0'. */
  private static final long NONZERO_BIT = 1L << 34;

  private CParse() {}

  /** C's isspace() in the C locale. */
  public static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** pgbench's is_an_int(): {@code ^\s*[-+]?[0-9]*$} (an empty digit run after a sign counts!). */
  public static boolean isAnInt(String s) {
    return skipDigits(s, skipSign(s, skipSpaces(s, 0))) == s.length();
  }

  /**
   * C's {@code strtol(s + from, &end, 10)}: leading white space, a sign, decimal digits up to the
   * first non-digit; the result saturates at the long range.
   *
   * @param out null, or receives in {@code out[0]} the index just after the number ({@code from}
   *     when there is no number) and, when it has a second element, in {@code out[1]} 1 on overflow
   *     (C's ERANGE), else 0
   */
  public static long strtol(String s, int from, int[] out) {
    int p = skipSpaces(s, from);
    boolean neg = p < s.length() && s.charAt(p) == '-';
    p = skipSign(s, p);
    int end = skipDigits(s, p);
    long value = 0;
    boolean overflow = false;
    if (end == p) {
      end = from;
    } else {
      long acc = accumulate(s, p, end);
      overflow = acc == OVERFLOW || (!neg && acc == Long.MIN_VALUE);
      value = overflow ? (neg ? Long.MIN_VALUE : Long.MAX_VALUE) : (neg ? acc : -acc);
    }
    if (out != null) {
      out[0] = end;
      if (out.length > 1) {
        out[1] = overflow ? 1 : 0;
      }
    }
    return value;
  }

  /**
   * C's {@code atoi} = {@code (int) strtol(s, NULL, 10)}: an out-of-range long saturates, then is
   * truncated to 32 bits as the cast does; 0 when there is no number.
   */
  public static int atoi(String s) {
    return (int) strtol(s, 0, null);
  }

  /**
   * pgbench's strtoint64(): optional leading and trailing white space, a sign and decimal digits,
   * no overflow. On {@link #OK} the int goes to {@code out}.
   */
  public static int strtoint64(String s, NumberSink out) {
    int p = skipSpaces(s, 0);
    boolean neg = p < s.length() && s.charAt(p) == '-';
    p = skipSign(s, p);
    int end = skipDigits(s, p);
    if (end == p) {
      return SYNTAX;
    }
    long acc = accumulate(s, p, end);
    if (acc == OVERFLOW) {
      return RANGE;
    }
    if (skipSpaces(s, end) != s.length()) {
      return SYNTAX;
    }
    if (!neg && acc == Long.MIN_VALUE) {
      return RANGE;
    }
    out.setInt(neg ? acc : -acc);
    return OK;
  }

  /**
   * glibc strtod() on the whole string (pgbench's strtodouble): nothing may follow the number, not
   * even white space. {@link #RANGE} on overflow or underflow (a result that is infinite, or
   * subnormal or zero from non-zero digits); the value still goes to {@code out} then.
   */
  public static int strtod(String s, NumberSink out) {
    long r = scanDouble(s, 0, out);
    if (r < 0 || (int) r != s.length()) {
      return SYNTAX;
    }
    return (r & ERANGE_BIT) != 0 ? RANGE : OK;
  }

  /** C's atof: the longest prefix that is a strtod number, 0.0 when there is none. */
  public static double atof(String s) {
    DoubleBox box = new DoubleBox();
    return scanDouble(s, 0, box) < 0 ? 0.0 : box.d;
  }

  private static int skipSpaces(String s, int p) {
    while (p < s.length() && isSpace(s.charAt(p))) {
      p++;
    }
    return p;
  }

  private static int skipSign(String s, int p) {
    return p < s.length() && (s.charAt(p) == '+' || s.charAt(p) == '-') ? p + 1 : p;
  }

  private static int skipDigits(String s, int p) {
    while (p < s.length() && isDigit(s.charAt(p))) {
      p++;
    }
    return p;
  }

  /** The digits s[from, to) negated (so that int64's minimum fits), or OVERFLOW. */
  private static long accumulate(String s, int from, int to) {
    long acc = 0;
    for (int p = from; p < to; p++) {
      int digit = s.charAt(p) - '0';
      if (acc < Long.MIN_VALUE / 10) {
        return OVERFLOW;
      }
      acc *= 10;
      if (acc < Long.MIN_VALUE + digit) {
        return OVERFLOW;
      }
      acc -= digit;
    }
    return acc;
  }

  /**
   * strtod(s + from, &end): sets the value in {@code out} and answers the end index, with
   * ERANGE_BIT set on overflow/underflow, or -1 when there is no number at all.
   */
  private static long scanDouble(String s, int from, NumberSink out) {
    int n = s.length();
    int p = skipSpaces(s, from);
    boolean neg = p < n && s.charAt(p) == '-';
    p = skipSign(s, p);
    if (s.regionMatches(true, p, "inf", 0, 3)) {
      int q = p + 3;
      if (s.regionMatches(true, q, "inity", 0, 5)) {
        q += 5;
      }
      out.setDouble(neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
      return q;
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
      out.setDouble(Double.NaN);
      return q;
    }
    if (p + 1 < n && s.charAt(p) == '0' && (s.charAt(p + 1) == 'x' || s.charAt(p + 1) == 'X')) {
      long r = hexFloat(s, p + 2, neg, out);
      if (r >= 0) {
        return r;
      }
      // "0x" without hex digits: strtod reads the "0" and stops at the "x"
      out.setDouble(neg ? -0.0 : 0.0);
      return p + 1L;
    }
    return decimalFloat(s, p, neg, out);
  }

  private static boolean isNanChar(char c) {
    return Character.isLetterOrDigit(c) && c < 0x80 || c == '_';
  }

  private static boolean isHexDigit(char c) {
    return Character.digit(c, 16) >= 0 && c < 0x80;
  }

  private static long decimalFloat(String s, int p, boolean neg, NumberSink out) {
    long m = mantissa(s, p, false);
    if ((m & DIGITS_BIT) == 0) {
      out.setDouble(0.0);
      return -1;
    }
    int end = exponentEnd(s, (int) m, 'e');
    double d = Double.parseDouble(s.substring(p, end));
    return finish(neg ? -d : d, (m & NONZERO_BIT) != 0, out, end);
  }

  /** Parses hex digits after "0x"; answers -1 when there is no hex digit at all. */
  private static long hexFloat(String s, int p, boolean neg, NumberSink out) {
    long m = mantissa(s, p, true);
    if ((m & DIGITS_BIT) == 0) {
      return -1;
    }
    int mantEnd = (int) m;
    int end = exponentEnd(s, mantEnd, 'p');
    String mant = s.substring(p, mantEnd);
    if (mant.startsWith(".")) {
      mant = "0" + mant;
    }
    String exp = end > mantEnd ? "p" + s.substring(mantEnd + 1, end) : "p0";
    double d;
    try {
      d = Double.parseDouble("0x" + mant + exp);
    } catch (NumberFormatException e) {
      // an exponent beyond int range: overflow or underflow
      d = exp.startsWith("p-") ? 0.0 : Double.POSITIVE_INFINITY;
    }
    return finish(neg ? -d : d, (m & NONZERO_BIT) != 0, out, end);
  }

  /**
   * The mantissa at p: digits (hex digits when {@code hex}), optionally a '.' and more digits.
   * Answers the end index, with DIGITS_BIT set when there was a digit and NONZERO_BIT when one of
   * them was not '0'.
   */
  private static long mantissa(String s, int p, boolean hex) {
    int n = s.length();
    long flags = 0;
    boolean point = false;
    for (; p < n; p++) {
      char c = s.charAt(p);
      if (hex ? isHexDigit(c) : isDigit(c)) {
        flags |= c == '0' ? DIGITS_BIT : DIGITS_BIT | NONZERO_BIT;
      } else if (c == '.' && !point) {
        point = true;
      } else {
        break;
      }
    }
    return p | flags;
  }

  /** The end of an exponent (marker, optional sign, digits) at p, or p when there is none. */
  private static int exponentEnd(String s, int p, char marker) {
    int n = s.length();
    if (p < n && Character.toLowerCase(s.charAt(p)) == marker) {
      int q = skipSign(s, p + 1);
      int end = skipDigits(s, q);
      if (end > q) {
        return end;
      }
    }
    return p;
  }

  private static long finish(double d, boolean nonZero, NumberSink out, int end) {
    out.setDouble(d);
    boolean range = Double.isInfinite(d) || (nonZero && Math.abs(d) < Double.MIN_NORMAL);
    return range ? end | ERANGE_BIT : end;
  }

  /** atof's holder for the value (atof runs only while reading options). */
  private static final class DoubleBox implements NumberSink {
    double d;

    @Override
    public void setInt(long v) {
      d = v;
    }

    @Override
    public void setDouble(double v) {
      d = v;
    }
  }
}
