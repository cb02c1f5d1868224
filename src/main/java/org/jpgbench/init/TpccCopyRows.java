package org.jpgbench.init;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.SplittableRandom;
import org.postgresql.copy.CopyIn;

/**
 * The rows of TPC-C clause 4.3.3.1, generated on the client for step g of --workload=tpcc: the same
 * rules as the server-side generation (tpcc-items.sql, tpcc-warehouse.sql), written field by field
 * in COPY's binary format through {@link CopyFields}.
 */
final class TpccCopyRows {
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
  private static final byte[][] SYLLABLES =
      java.util.stream.Stream.of(
              "BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING")
          .map(x -> x.getBytes(StandardCharsets.US_ASCII))
          .toArray(byte[][]::new);

  private final SplittableRandom random;
  private final CopyFields f;

  /**
   * @param now the load's timestamp as COPY reads it ("2026-12-07 13:14:00"), every row's now()
   */
  TpccCopyRows(SplittableRandom random, String now) {
    this.random = random;
    this.f = new CopyFields(now);
  }

  /** ITEM's 100,000 rows. */
  void item(CopyIn to) throws SQLException {
    f.start(to);
    for (int i = 1; i <= 100_000; i++) {
      f.row(5).int4(i).int4(between(1, 10_000));
      astr(14, 24);
      f.decimal(between(100, 10_000), 2);
      data();
      f.endRow();
    }
    f.finish();
  }

  /** The warehouse's row and its districts' (clause 4.3.3.1). */
  void warehouse(CopyIn to, int w) throws SQLException {
    f.start(to);
    f.row(9).int4(w);
    astr(6, 10);
    street();
    f.decimal(between(0, 2000), 4).decimal(30_000_000, 2).endRow();
    f.finish();
  }

  void districts(CopyIn to, int w) throws SQLException {
    f.start(to);
    for (int d = 1; d <= 10; d++) {
      f.row(11).int4(d).int4(w);
      astr(6, 10);
      street();
      f.decimal(between(0, 2000), 4).decimal(3_000_000, 2).int4(3001).endRow();
    }
    f.finish();
  }

  void stock(CopyIn to, int w) throws SQLException {
    f.start(to);
    for (int i = 1; i <= 100_000; i++) {
      f.row(17).int4(i).int4(w).int4(between(10, 100));
      for (int k = 0; k < 10; k++) {
        astr(24, 24);
      }
      f.decimal(0, 0).int4(0).int4(0);
      data();
      f.endRow();
    }
    f.finish();
  }

  /**
   * CUSTOMER: C_LAST from the syllables of 0..999 for the first 1,000 customers of a district, then
   * of NURand(255, 0, 999) with the load's C; 10% bad credit.
   */
  void customers(CopyIn to, int w, int cLastLoad) throws SQLException {
    f.start(to);
    for (int d = 1; d <= 10; d++) {
      for (int c = 1; c <= 3000; c++) {
        f.row(21).int4(c).int4(d).int4(w);
        astr(8, 16);
        f.ascii("OE");
        int last = c <= 1000 ? c - 1 : ((between(0, 255) | between(0, 999)) + cLastLoad) % 1000;
        lastName(last);
        street();
        nstr(16);
        f.now().ascii(random.nextInt(10) == 0 ? "BC" : "GC").decimal(5_000_000, 2);
        f.decimal(between(0, 5000), 4).decimal(-1000, 2).decimal(1000, 2).int4(1).int4(0);
        astr(300, 500);
        f.endRow();
      }
    }
    f.finish();
  }

  void history(CopyIn to, int w) throws SQLException {
    f.start(to);
    for (int d = 1; d <= 10; d++) {
      for (int c = 1; c <= 3000; c++) {
        f.row(8).int4(c).int4(d).int4(w).int4(d).int4(w).now().decimal(1000, 2);
        astr(12, 24);
        f.endRow();
      }
    }
    f.finish();
  }

  /**
   * ORDER: each district's 3,000 orders for a random permutation of its customers, 5-15 lines each,
   * delivered (a carrier) up to order 2,100.
   *
   * @return each order's line count, [district - 1][order - 1], for {@link #orderLines}
   */
  int[][] orders(CopyIn to, int w) throws SQLException {
    f.start(to);
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
        f.row(8).int4(o).int4(d).int4(w).int4(customers[o - 1]).now();
        if (o < 2101) {
          f.int4(between(1, 10));
        } else {
          f.nul();
        }
        f.int4(n).int4(1).endRow();
      }
    }
    f.finish();
    return lines;
  }

  void orderLines(CopyIn to, int w, int[][] lines) throws SQLException {
    f.start(to);
    for (int d = 1; d <= 10; d++) {
      for (int o = 1; o <= 3000; o++) {
        boolean delivered = o < 2101;
        for (int n = 1; n <= lines[d - 1][o - 1]; n++) {
          f.row(10).int4(o).int4(d).int4(w).int4(n).int4(between(1, 100_000)).int4(w);
          if (delivered) {
            f.now().int4(5).decimal(0, 2);
          } else {
            f.nul().int4(5).decimal(between(1, 999_999), 2);
          }
          astr(24, 24);
          f.endRow();
        }
      }
    }
    f.finish();
  }

  void newOrders(CopyIn to, int w) throws SQLException {
    f.start(to);
    for (int d = 1; d <= 10; d++) {
      for (int o = 2101; o <= 3000; o++) {
        f.row(3).int4(o).int4(d).int4(w).endRow();
      }
    }
    f.finish();
  }

  private int between(int lo, int hi) {
    return lo + random.nextInt(hi - lo + 1);
  }

  /**
   * A random a-string (clause 4.3.2.2) of {@code lo}..{@code hi} letters and digits, as one field:
   * ten characters from each random long, 6 bits each (two of the 64 values repeat a letter:
   * a-strings are most of the data, and one draw per character was most of the client's time).
   */
  private void astr(int lo, int hi) {
    f.open();
    letters(lo == hi ? lo : between(lo, hi));
    f.close();
  }

  private void letters(int n) {
    long bits = 0;
    for (int i = 0; i < n; i++) {
      if (i % 10 == 0) {
        bits = random.nextLong();
      }
      f.put(CHARS[(int) (bits & 63)]);
      bits >>>= 6;
    }
  }

  /** A random n-string of {@code n} digits, as one field. */
  private void nstr(int n) {
    f.open();
    digits(n);
    f.close();
  }

  private void digits(int n) {
    for (int i = 0; i < n; i++) {
      f.put((byte) ('0' + random.nextInt(10)));
    }
  }

  /** STREET_1, STREET_2, CITY, STATE, ZIP (clause 4.3.2.7): ZIP is 4 digits then 11111. */
  private void street() {
    astr(10, 20);
    astr(10, 20);
    astr(10, 20);
    f.open();
    f.put((byte) ('A' + random.nextInt(26)));
    f.put((byte) ('A' + random.nextInt(26)));
    f.close().open();
    digits(4);
    for (int i = 0; i < 5; i++) {
      f.put((byte) '1');
    }
    f.close();
  }

  /** I_DATA, S_DATA: 26..50 characters, 10% with "ORIGINAL" at a random place. */
  private void data() {
    f.open();
    int start = f.mark();
    letters(between(26, 50));
    if (random.nextInt(10) == 0) {
      f.overwrite(start + random.nextInt(f.mark() - start - ORIGINAL.length + 1), ORIGINAL);
    }
    f.close();
  }

  /** C_LAST from a number 0..999: three syllables (clause 4.3.2.3). */
  private void lastName(int n) {
    f.open();
    syllable(n / 100);
    syllable(n / 10 % 10);
    syllable(n % 10);
    f.close();
  }

  private void syllable(int k) {
    for (byte b : SYLLABLES[k]) {
      f.put(b);
    }
  }
}
