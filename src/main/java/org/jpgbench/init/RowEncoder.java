package org.jpgbench.init;

/**
 * Encodes the rows of one pgbench table for COPY, text or binary, straight into a reusable byte
 * buffer (no per-row objects). Row number {@code k} is 0-based: branch/teller/account id k+1.
 *
 * <p>Text rows are pgbench's: branches {@code "bid\t0\t\N"}, tellers {@code "tid\tbid\t0\t\N"}
 * (NULL filler), accounts {@code "aid\tbid\t0\t"} (empty filler, which char(84) blank-pads). Binary
 * rows carry the same values; the accounts filler is a zero-length string.
 */
abstract class RowEncoder {
  /** Rows written by the last {@link #encode} call (fewer than asked when a filter skips rows). */
  int emitted;

  /** Most bytes one row can take. */
  abstract int maxRowBytes();

  /**
   * Writes rows {@code [from, to)} accepted by {@code filter} (null: all) at pos; returns the end.
   */
  abstract int encode(byte[] buf, int pos, long from, long to, RowFilter filter);

  /** Bytes before the first row (the binary signature), possibly empty. */
  byte[] header() {
    return new byte[0];
  }

  /** Bytes after the last row (the binary trailer), possibly empty. */
  byte[] trailer() {
    return new byte[0];
  }

  /** Keeps some rows of a table, e.g. those of one hash partition. */
  interface RowFilter {
    boolean accepts(long k);
  }

  static RowEncoder of(String table, boolean binary, boolean bigAid) {
    return switch (table) {
      case Tables.BRANCHES -> binary ? new BinaryRows.Branches() : new TextRows.Branches();
      case Tables.TELLERS -> binary ? new BinaryRows.Tellers() : new TextRows.Tellers();
      case Tables.ACCOUNTS -> binary ? new BinaryRows.Accounts(bigAid) : new TextRows.Accounts();
      default -> throw new IllegalArgumentException(table);
    };
  }
}
