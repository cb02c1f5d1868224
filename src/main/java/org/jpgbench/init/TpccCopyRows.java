package org.jpgbench.init;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.SplittableRandom;
import org.postgresql.copy.CopyIn;

/**
 * The rows of TPC-C clause 4.3.3.1 in COPY's text format, generated on the client for step g of
 * --workload=tpcc: the same rules as the server-side generation (tpcc-items.sql,
 * tpcc-warehouse.sql), written straight into a reused buffer and sent in large CopyData messages.
 * Every value is ASCII letters, digits, '.', '-', ':' or ' ', so nothing needs escaping.
 */
final class TpccCopyRows {
  private static final int BUFFER = 1 << 18;

  /** Room kept for one row: the longest is a customer's (c_data up to 500 characters). */
  private static final int ROW_ROOM = 1024;

  private static final byte[] ALNUM =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
          .getBytes(StandardCharsets.US_ASCII);

  /** 64 characters for 6 random bits: the 62 letters and digits, then '0' and '1' again. */
  private static final byte[] CHARS = new byte[64];

  static {
    for (int i = 0; i < 64; i++) {
      CHARS[i] = ALNUM[i % ALNUM.length];
    }
  }

  private static final byte[] ORIGINAL = "ORIGINAL".getBytes(StandardCharsets.US_ASCII);
  private static final String[] SYLLABLES = {
    "BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"
  };

  private final SplittableRandom random;
  private final byte[] now;
  private final byte[] buf = new byte[BUFFER];
  private int pos;
  private CopyIn copy;

  /**
   * @param now the load's timestamp as COPY reads it ("2026-12-07 13:14:00"), every row's now()
   */
  TpccCopyRows(SplittableRandom random, String now) {
    this.random = random;
    this.now = now.getBytes(StandardCharsets.US_ASCII);
  }

  /** ITEM's 100,000 rows. */
  void item(CopyIn to) throws SQLException {
    copy = to;
    for (int i = 1; i <= 100_000; i++) {
      num(i).tab().num(between(1, 10_000)).tab().astr(14, 24).tab();
      cents(between(100, 10_000)).tab().data().end();
    }
    finish();
  }

  /** The warehouse's row and its districts' (clause 4.3.3.1). */
  void warehouse(CopyIn to, int w) throws SQLException {
    copy = to;
    num(w).tab().astr(6, 10).tab().street().tab().tax().tab().str("300000.00").end();
    finish();
  }

  void districts(CopyIn to, int w) throws SQLException {
    copy = to;
    for (int d = 1; d <= 10; d++) {
      num(d).tab().num(w).tab().astr(6, 10).tab().street().tab().tax().tab();
      str("30000.00").tab().num(3001).end();
    }
    finish();
  }

  void stock(CopyIn to, int w) throws SQLException {
    copy = to;
    for (int i = 1; i <= 100_000; i++) {
      num(i).tab().num(w).tab().num(between(10, 100)).tab();
      for (int k = 0; k < 10; k++) {
        astr(24, 24).tab();
      }
      str("0\t0\t0\t").data().end();
    }
    finish();
  }

  /**
   * CUSTOMER: C_LAST from the syllables of 0..999 for the first 1,000 customers of a district, then
   * of NURand(255, 0, 999) with the load's C; 10% bad credit.
   */
  void customers(CopyIn to, int w, int cLastLoad) throws SQLException {
    copy = to;
    for (int d = 1; d <= 10; d++) {
      for (int c = 1; c <= 3000; c++) {
        num(c).tab().num(d).tab().num(w).tab().astr(8, 16).tab().str("OE").tab();
        int last = c <= 1000 ? c - 1 : ((between(0, 255) | between(0, 999)) + cLastLoad) % 1000;
        lastName(last).tab().street().tab().nstr(16).tab().raw(now).tab();
        str(random.nextInt(10) == 0 ? "BC" : "GC").tab().str("50000.00").tab();
        fraction(between(0, 5000)).tab().str("-10.00\t10.00\t1\t0\t").astr(300, 500).end();
      }
    }
    finish();
  }

  void history(CopyIn to, int w) throws SQLException {
    copy = to;
    for (int d = 1; d <= 10; d++) {
      for (int c = 1; c <= 3000; c++) {
        num(c).tab().num(d).tab().num(w).tab().num(d).tab().num(w).tab().raw(now).tab();
        str("10.00").tab().astr(12, 24).end();
      }
    }
    finish();
  }

  /**
   * ORDER: each district's 3,000 orders for a random permutation of its customers, 5-15 lines each,
   * delivered (a carrier) up to order 2,100.
   *
   * @return each order's line count, [district - 1][order - 1], for {@link #orderLines}
   */
  int[][] orders(CopyIn to, int w) throws SQLException {
    copy = to;
    int[][] lines = new int[10][3000];
    int[] customers = new int[3000];
    for (int d = 1; d <= 10; d++) {
      for (int c = 0; c < 3000; c++) {
        customers[c] = c + 1;
      }
      for (int c = 2999; c > 0; c--) { // Fisher-Yates
        int k = random.nextInt(c + 1);
        int t = customers[c];
        customers[c] = customers[k];
        customers[k] = t;
      }
      for (int o = 1; o <= 3000; o++) {
        int n = between(5, 15);
        lines[d - 1][o - 1] = n;
        num(o).tab().num(d).tab().num(w).tab().num(customers[o - 1]).tab().raw(now).tab();
        if (o < 2101) {
          num(between(1, 10));
        } else {
          str("\\N");
        }
        tab().num(n).tab().num(1).end();
      }
    }
    finish();
    return lines;
  }

  void orderLines(CopyIn to, int w, int[][] lines) throws SQLException {
    copy = to;
    for (int d = 1; d <= 10; d++) {
      for (int o = 1; o <= 3000; o++) {
        boolean delivered = o < 2101;
        for (int n = 1; n <= lines[d - 1][o - 1]; n++) {
          num(o).tab().num(d).tab().num(w).tab().num(n).tab().num(between(1, 100_000)).tab();
          num(w).tab();
          if (delivered) {
            raw(now).tab().str("5\t0.00\t");
          } else {
            str("\\N\t5\t").cents(between(1, 999_999)).tab();
          }
          astr(24, 24).end();
        }
      }
    }
    finish();
  }

  void newOrders(CopyIn to, int w) throws SQLException {
    copy = to;
    for (int d = 1; d <= 10; d++) {
      for (int o = 2101; o <= 3000; o++) {
        num(o).tab().num(d).tab().num(w).end();
      }
    }
    finish();
  }

  private int between(int lo, int hi) {
    return lo + random.nextInt(hi - lo + 1);
  }

  private TpccCopyRows num(long v) {
    pos = org.jpgbench.cnum.Decimal.write(buf, pos, v);
    return this;
  }

  private TpccCopyRows tab() {
    buf[pos++] = '\t';
    return this;
  }

  private TpccCopyRows str(String ascii) {
    for (int i = 0; i < ascii.length(); i++) {
      buf[pos++] = (byte) ascii.charAt(i);
    }
    return this;
  }

  private TpccCopyRows raw(byte[] b) {
    System.arraycopy(b, 0, buf, pos, b.length);
    pos += b.length;
    return this;
  }

  /**
   * A random a-string (clause 4.3.2.2) of {@code lo}..{@code hi} letters and digits: ten characters
   * from each random long, 6 bits each (two of the 64 values repeat a letter: a-strings are most of
   * the data, and one draw per character was most of the client's time).
   */
  private TpccCopyRows astr(int lo, int hi) {
    int n = lo == hi ? lo : between(lo, hi);
    long bits = 0;
    for (int i = 0; i < n; i++) {
      if (i % 10 == 0) {
        bits = random.nextLong();
      }
      buf[pos++] = CHARS[(int) (bits & 63)];
      bits >>>= 6;
    }
    return this;
  }

  /** A random n-string of {@code n} digits. */
  private TpccCopyRows nstr(int n) {
    for (int i = 0; i < n; i++) {
      buf[pos++] = (byte) ('0' + random.nextInt(10));
    }
    return this;
  }

  /** STREET_1, STREET_2, CITY, STATE, ZIP (clause 4.3.2.7): ZIP is 4 digits then 11111. */
  private TpccCopyRows street() {
    astr(10, 20).tab().astr(10, 20).tab().astr(10, 20).tab();
    buf[pos++] = (byte) ('A' + random.nextInt(26));
    buf[pos++] = (byte) ('A' + random.nextInt(26));
    return tab().nstr(4).str("11111");
  }

  /** I_DATA, S_DATA: 26..50 characters, 10% with "ORIGINAL" at a random place. */
  private TpccCopyRows data() {
    int start = pos;
    astr(26, 50);
    if (random.nextInt(10) == 0) {
      int at = start + random.nextInt(pos - start - ORIGINAL.length + 1);
      System.arraycopy(ORIGINAL, 0, buf, at, ORIGINAL.length);
    }
    return this;
  }

  /** C_LAST from a number 0..999: three syllables (clause 4.3.2.3). */
  private TpccCopyRows lastName(int n) {
    return str(SYLLABLES[n / 100]).str(SYLLABLES[n / 10 % 10]).str(SYLLABLES[n % 10]);
  }

  /** A tax of 0.0000..0.2000. */
  private TpccCopyRows tax() {
    return fraction(between(0, 2000));
  }

  /** {@code tenThousandths} / 10000 with four decimals, below 1. */
  private TpccCopyRows fraction(int tenThousandths) {
    buf[pos++] = '0';
    buf[pos++] = '.';
    buf[pos++] = (byte) ('0' + tenThousandths / 1000);
    buf[pos++] = (byte) ('0' + tenThousandths / 100 % 10);
    buf[pos++] = (byte) ('0' + tenThousandths / 10 % 10);
    buf[pos++] = (byte) ('0' + tenThousandths % 10);
    return this;
  }

  /** {@code cents} / 100 with two decimals. */
  private TpccCopyRows cents(int cents) {
    num(cents / 100);
    buf[pos++] = '.';
    buf[pos++] = (byte) ('0' + cents / 10 % 10);
    buf[pos++] = (byte) ('0' + cents % 10);
    return this;
  }

  /** A row's end: its newline, and the buffer sent when it is nearly full. */
  private void end() throws SQLException {
    buf[pos++] = '\n';
    if (pos > BUFFER - ROW_ROOM) {
      copy.writeToCopy(buf, 0, pos);
      pos = 0;
    }
  }

  private void finish() throws SQLException {
    if (pos > 0) {
      copy.writeToCopy(buf, 0, pos);
      pos = 0;
    }
    copy.endCopy();
  }
}
