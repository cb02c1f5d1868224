package org.jpgbench.cnum;

/**
 * A long's decimal digits (as {@code %lld} prints them) written straight into a byte buffer,
 * without the String that {@link Long#toString(long)} allocates: for the hot paths that send
 * numbers as text (COPY rows, query parameters).
 */
public final class Decimal {
  /** The most bytes {@link #write} writes: a sign and 19 digits. */
  public static final int MAX_BYTES = 20;

  private Decimal() {}

  /**
   * Writes the decimal text of {@code v} at {@code pos} (room for {@link #MAX_BYTES} bytes is the
   * caller's); returns the position after the last digit.
   */
  public static int write(byte[] buf, int pos, long v) {
    if (v >= 0) {
      return digits(buf, pos, v);
    }
    buf[pos++] = '-';
    if (v == Long.MIN_VALUE) { // its magnitude does not fit a long: the last digit apart
      pos = digits(buf, pos, -(v / 10));
      buf[pos++] = (byte) ('0' - (int) (v % 10));
      return pos;
    }
    return digits(buf, pos, -v);
  }

  /** The digits of {@code v} (v &gt;= 0). */
  private static int digits(byte[] buf, int pos, long v) {
    int end = pos + length(v);
    int i = end;
    while (v >= 10) {
      long q = v / 10;
      buf[--i] = (byte) ('0' + (int) (v - q * 10));
      v = q;
    }
    buf[--i] = (byte) ('0' + (int) v);
    return end;
  }

  /** How many digits {@code v} (v &gt;= 0) has. */
  static int length(long v) {
    int n = 1;
    long p = 10;
    while (n < 19 && v >= p) {
      p *= 10;
      n++;
    }
    return n;
  }
}
