package org.jpgbench.cli;

import java.math.BigInteger;

/**
 * The C library's number parsing as pgbench relies on it: strtol (leading white space, sign, decimal
 * digits, saturating on overflow), atoi, atof/strtod (longest valid prefix, 0 when none). Only the behaviour pgbench's option handling can observe is reproduced.
 */
final class CNumbers {
  private CNumbers() {}

  /** strtol(s, &end, 10): the value (saturated to long), where parsing stopped, and ERANGE. */
  record StrtolResult(long value, int end, boolean overflow) {}

  static boolean isCSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\u000b' || c == '\f' || c == '\r';
  }

  static StrtolResult strtol(String s) {
    int i = 0;
    while (i < s.length() && isCSpace(s.charAt(i))) {
      i++;
    }
    boolean negative = false;
    if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      negative = s.charAt(i) == '-';
      i++;
    }
    int digitsStart = i;
    while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      i++;
    }
    if (i == digitsStart) {
      return new StrtolResult(0, 0, false);
    }
    BigInteger v = new BigInteger(s.substring(digitsStart, i));
    if (negative) {
      v = v.negate();
    }
    if (v.bitLength() > 63) {
      return new StrtolResult(negative ? Long.MIN_VALUE : Long.MAX_VALUE, i, true);
    }
    return new StrtolResult(v.longValue(), i, false);
  }

  /** atoi: (int) strtol, garbage ignored, 0 when no number. */
  static int atoi(String s) {
    return (int) strtol(s).value();
  }

  /**
   * PostgreSQL's option_parse_int: strtol with trailing white space allowed; throws with
   * "invalid value ..." for garbage and "... must be in range" for values outside [min, max].
   */
  static int optionParseInt(String s, String optionName, int min, int max) throws CliExit {
    StrtolResult r = strtol(s);
    int end = r.end();
    while (end < s.length() && isCSpace(s.charAt(end))) {
      end++;
    }
    if (end != s.length()) {
      throw CliExit.error(CliMessages.INVALID_VALUE, s, optionName);
    }
    long v = r.value();
    if (r.overflow() || v != (int) v || v < min || v > max) {
      throw CliExit.error(CliMessages.OUT_OF_RANGE, optionName, min, max);
    }
    return (int) v;
  }

  /** atof / strtod: the longest prefix that is a C floating-point number, 0.0 when there is none. */
  static double atof(String s) {
    int i = 0;
    while (i < s.length() && isCSpace(s.charAt(i))) {
      i++;
    }
    boolean negative = false;
    if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      negative = s.charAt(i) == '-';
      i++;
    }
    String rest = s.substring(i);
    String lower = rest.toLowerCase(java.util.Locale.ROOT);
    if (lower.startsWith("inf")) {
      return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    if (lower.startsWith("nan")) {
      return Double.NaN;
    }
    if (lower.startsWith("0x")) {
      double hex = hexFloat(lower.substring(2));
      if (!Double.isNaN(hex)) {
        return negative ? -hex : hex;
      }
    }
    int j = 0;
    int mantissaDigits = 0;
    while (j < rest.length() && Character.isDigit(rest.charAt(j)) && rest.charAt(j) < 128) {
      j++;
      mantissaDigits++;
    }
    if (j < rest.length() && rest.charAt(j) == '.') {
      j++;
      while (j < rest.length() && rest.charAt(j) >= '0' && rest.charAt(j) <= '9') {
        j++;
        mantissaDigits++;
      }
    }
    if (mantissaDigits == 0) {
      return 0.0;
    }
    int mantissaEnd = j;
    if (j < rest.length() && (rest.charAt(j) == 'e' || rest.charAt(j) == 'E')) {
      int k = j + 1;
      if (k < rest.length() && (rest.charAt(k) == '+' || rest.charAt(k) == '-')) {
        k++;
      }
      int expStart = k;
      while (k < rest.length() && rest.charAt(k) >= '0' && rest.charAt(k) <= '9') {
        k++;
      }
      if (k > expStart) {
        mantissaEnd = k;
      }
    }
    String number = rest.substring(0, mantissaEnd);
    double v = Double.parseDouble(number.endsWith(".") ? number + "0" : number);
    return negative ? -v : v;
  }

  /** The value of hex digits [. hex digits] [p exponent] after "0x", NaN when no digit follows. */
  private static double hexFloat(String s) {
    int j = 0;
    int digits = 0;
    while (j < s.length() && Character.digit(s.charAt(j), 16) >= 0 && s.charAt(j) < 128) {
      j++;
      digits++;
    }
    int dot = -1;
    if (j < s.length() && s.charAt(j) == '.') {
      dot = j++;
      while (j < s.length() && Character.digit(s.charAt(j), 16) >= 0 && s.charAt(j) < 128) {
        j++;
        digits++;
      }
    }
    if (digits == 0) {
      return Double.NaN;
    }
    String mantissa = s.substring(0, j);
    if (dot == 0) {
      mantissa = "0" + mantissa;
    }
    String exponent = "p0";
    if (j < s.length() && s.charAt(j) == 'p') {
      int k = j + 1;
      if (k < s.length() && (s.charAt(k) == '+' || s.charAt(k) == '-')) {
        k++;
      }
      int expStart = k;
      while (k < s.length() && s.charAt(k) >= '0' && s.charAt(k) <= '9') {
        k++;
      }
      if (k > expStart) {
        exponent = s.substring(j, k);
      }
    }
    return Double.parseDouble("0x" + mantissa + exponent);
  }
}
