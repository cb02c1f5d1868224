package org.jpgbench.init;

import org.jpgbench.cnum.Decimal;

/** pgbench's text COPY rows for the three filled tables. */
final class TextRows {
  private TextRows() {}

  static final class Branches extends RowEncoder {
    @Override
    int maxRowBytes() {
      return 20 + 6;
    }

    @Override
    int encode(byte[] buf, int pos, long from, long to, RowFilter filter) {
      int n = 0;
      for (long k = from; k < to; k++) {
        if (filter != null && !filter.accepts(k)) {
          continue;
        }
        pos = Decimal.write(buf, pos, k + 1);
        buf[pos++] = '\t';
        buf[pos++] = '0';
        buf[pos++] = '\t';
        buf[pos++] = '\\';
        buf[pos++] = 'N';
        buf[pos++] = '\n';
        n++;
      }
      emitted = n;
      return pos;
    }
  }

  static final class Tellers extends RowEncoder {
    @Override
    int maxRowBytes() {
      return 20 + 20 + 7;
    }

    @Override
    int encode(byte[] buf, int pos, long from, long to, RowFilter filter) {
      int n = 0;
      for (long k = from; k < to; k++) {
        if (filter != null && !filter.accepts(k)) {
          continue;
        }
        pos = Decimal.write(buf, pos, k + 1);
        buf[pos++] = '\t';
        pos = Decimal.write(buf, pos, k / Tables.NTELLERS + 1);
        buf[pos++] = '\t';
        buf[pos++] = '0';
        buf[pos++] = '\t';
        buf[pos++] = '\\';
        buf[pos++] = 'N';
        buf[pos++] = '\n';
        n++;
      }
      emitted = n;
      return pos;
    }
  }

  static final class Accounts extends RowEncoder {
    @Override
    int maxRowBytes() {
      return 20 + 20 + 5;
    }

    @Override
    int encode(byte[] buf, int pos, long from, long to, RowFilter filter) {
      int n = 0;
      // bid is constant within a scale unit: write its digits once per unit
      long k = from;
      while (k < to) {
        long bid = k / Tables.NACCOUNTS + 1;
        long unitEnd = Math.min(to, bid * Tables.NACCOUNTS);
        int bidStart = -1;
        int bidLen = 0;
        for (; k < unitEnd; k++) {
          if (filter != null && !filter.accepts(k)) {
            continue;
          }
          pos = Decimal.write(buf, pos, k + 1);
          buf[pos++] = '\t';
          if (bidStart < 0) {
            bidStart = pos;
            pos = Decimal.write(buf, pos, bid);
            bidLen = pos - bidStart;
          } else {
            System.arraycopy(buf, bidStart, buf, pos, bidLen);
            pos += bidLen;
          }
          buf[pos++] = '\t';
          buf[pos++] = '0';
          buf[pos++] = '\t';
          buf[pos++] = '\n';
          n++;
        }
      }
      emitted = n;
      return pos;
    }
  }
}
