package org.jpgbench.init;

/**
 * Writes numbers into byte buffers big-endian, without allocating (binary COPY); decimal text is
 * {@link org.jpgbench.cnum.Decimal}'s.
 */
final class Digits {
  private Digits() {}

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
