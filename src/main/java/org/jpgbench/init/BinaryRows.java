package org.jpgbench.init;

import java.nio.charset.StandardCharsets;

/** Binary COPY ({@code FORMAT binary}) rows for the three filled tables: same values as text. */
final class BinaryRows {
  private BinaryRows() {}

  /** "PGCOPY\n\377\r\n\0", flags 0, header extension length 0. */
  static final byte[] HEADER;

  /** The file trailer: a 16-bit field count of -1. */
  static final byte[] TRAILER = {(byte) 0xff, (byte) 0xff};

  static {
    byte[] sig = "PGCOPY\n\377\r\n\0".getBytes(StandardCharsets.ISO_8859_1);
    HEADER = new byte[sig.length + 8];
    System.arraycopy(sig, 0, HEADER, 0, sig.length);
  }

  private abstract static class Binary extends RowEncoder {
    @Override
    byte[] header() {
      return HEADER.clone();
    }

    @Override
    byte[] trailer() {
      return TRAILER.clone();
    }
  }

  static final class Branches extends Binary {
    @Override
    int maxRowBytes() {
      return 2 + 8 + 8 + 4;
    }

    @Override
    int encode(byte[] buf, int pos, long from, long to, RowFilter filter) {
      int n = 0;
      for (long k = from; k < to; k++) {
        if (filter != null && !filter.accepts(k)) {
          continue;
        }
        pos = Digits.int16(buf, pos, 3);
        pos = Digits.int32(buf, pos, 4);
        pos = Digits.int32(buf, pos, (int) (k + 1));
        pos = Digits.int32(buf, pos, 4);
        pos = Digits.int32(buf, pos, 0);
        pos = Digits.int32(buf, pos, -1);
        n++;
      }
      emitted = n;
      return pos;
    }
  }

  static final class Tellers extends Binary {
    @Override
    int maxRowBytes() {
      return 2 + 8 + 8 + 8 + 4;
    }

    @Override
    int encode(byte[] buf, int pos, long from, long to, RowFilter filter) {
      int n = 0;
      for (long k = from; k < to; k++) {
        if (filter != null && !filter.accepts(k)) {
          continue;
        }
        pos = Digits.int16(buf, pos, 4);
        pos = Digits.int32(buf, pos, 4);
        pos = Digits.int32(buf, pos, (int) (k + 1));
        pos = Digits.int32(buf, pos, 4);
        pos = Digits.int32(buf, pos, (int) (k / Tables.NTELLERS + 1));
        pos = Digits.int32(buf, pos, 4);
        pos = Digits.int32(buf, pos, 0);
        pos = Digits.int32(buf, pos, -1);
        n++;
      }
      emitted = n;
      return pos;
    }
  }

  static final class Accounts extends Binary {
    private final boolean bigAid;

    Accounts(boolean bigAid) {
      this.bigAid = bigAid;
    }

    @Override
    int maxRowBytes() {
      return 2 + 12 + 8 + 8 + 4;
    }

    @Override
    int encode(byte[] buf, int pos, long from, long to, RowFilter filter) {
      int n = 0;
      for (long k = from; k < to; k++) {
        if (filter != null && !filter.accepts(k)) {
          continue;
        }
        pos = Digits.int16(buf, pos, 4);
        if (bigAid) {
          pos = Digits.int32(buf, pos, 8);
          pos = Digits.int64(buf, pos, k + 1);
        } else {
          pos = Digits.int32(buf, pos, 4);
          pos = Digits.int32(buf, pos, (int) (k + 1));
        }
        pos = Digits.int32(buf, pos, 4);
        pos = Digits.int32(buf, pos, (int) (k / Tables.NACCOUNTS + 1));
        pos = Digits.int32(buf, pos, 4);
        pos = Digits.int32(buf, pos, 0);
        pos = Digits.int32(buf, pos, 0); // filler: empty string, blank-padded by char(84)
        n++;
      }
      emitted = n;
      return pos;
    }
  }
}
