package org.jpgbench.init;

/** Writes numbers into byte buffers without allocating: decimal text and big-endian binary. */
final class Digits {
  private Digits() {}

  /** Writes the decimal digits of {@code v} (v >= 0) at {@code pos}; returns the position after. */
  static int decimal(byte[] buf, int pos, long v) {
    int len = length(v);
    int end = pos + len;
    int i = end;
    while (v >= 10) {
      long q = v / 10;
      buf[--i] = (byte) ('0' + (int) (v - q * 10));
      v = q;
    }
    buf[--i] = (byte) ('0' + (int) v);
    return end;
  }

  static int length(long v) {
    int n = 1;
    long p = 10;
    while (n < 19 && v >= p) {
      p *= 10;
      n++;
    }
    return n;
  }

  static int int16(byte[] buf, int pos, int v) {
    buf[pos] = (byte) (v >>> 8);
    buf[pos + 1] = (byte) v;
    return pos + 2;
  }

  static int int32(byte[] buf, int pos, int v) {
    buf[pos] = (byte) (v >>> 24);
    buf[pos + 1] = (byte) (v >>> 16);
    buf[pos + 2] = (byte) (v >>> 8);
    buf[pos + 3] = (byte) v;
    return pos + 4;
  }

  static int int64(byte[] buf, int pos, long v) {
    pos = int32(buf, pos, (int) (v >>> 32));
    return int32(buf, pos, (int) v);
  }
}
