package org.jpgbench.init;

import java.sql.SQLException;
import org.postgresql.copy.CopyIn;

/**
 * Streams generated rows into one {@code COPY ... FROM STDIN}: rows are encoded in blocks into one
 * reused buffer and sent in large CopyData messages (pgbench sends one message per row), so the
 * client stays far ahead of the server with little CPU of its own.
 */
final class CopyLoader {
  private static final int BUFFER = 1 << 18;

  /** Rows per block; divides 100,000 so that progress lines fall on block ends. */
  private static final int BLOCK = 1000;

  private CopyLoader() {}

  /** The COPY statement: pgbench's text form, or binary; FREEZE when allowed. */
  static String statement(String target, boolean binary, boolean freeze) {
    if (!binary) {
      return "copy " + target + " from stdin" + (freeze ? " with (freeze on)" : "");
    }
    return "copy " + target + " from stdin with (format binary" + (freeze ? ", freeze on)" : ")");
  }

  /**
   * Loads rows {@code [from, to)} of {@code table} (filtered) into {@code target}.
   *
   * @param canceled checked between blocks (Ctrl-C)
   */
  static void load(
      InitConnection s,
      String table,
      String target,
      long from,
      long to,
      RowEncoder.RowFilter filter,
      boolean binary,
      boolean bigAid,
      boolean freeze,
      InitProgress progress,
      Jobs canceled)
      throws InitError {
    String sql = statement(target, binary, freeze);
    RowEncoder enc = RowEncoder.of(table, binary, bigAid);
    CopyIn copy = s.copyIn(sql, table);
    progress.begin();
    byte[] buf = new byte[BUFFER];
    int limit = BUFFER - BLOCK * enc.maxRowBytes();
    try {
      byte[] header = enc.header();
      System.arraycopy(header, 0, buf, 0, header.length);
      int pos = header.length;
      long k = from;
      while (k < to) {
        if (canceled.canceled()) {
          stopCanceled(s, copy);
          canceled.checkCanceled();
        }
        long end = Math.min(to, (k / BLOCK + 1) * BLOCK);
        pos = enc.encode(buf, pos, k, end, filter);
        progress.advance(enc.emitted);
        k = end;
        if (pos >= limit) {
          copy.writeToCopy(buf, 0, pos);
          pos = 0;
        }
      }
      byte[] trailer = enc.trailer();
      System.arraycopy(trailer, 0, buf, pos, trailer.length);
      pos += trailer.length;
      if (pos > 0) {
        copy.writeToCopy(buf, 0, pos);
      }
      copy.endCopy();
    } catch (SQLException e) {
      cancelQuietly(copy);
      throw s.copyFailure(e, table);
    } finally {
      s.flushConnectionNotices();
    }
  }

  /**
   * Ctrl-C during the COPY (the server was already asked to cancel it): inside a transaction, as
   * pgbench does, the COPY is ended so that the server's answer ("canceling statement due to user
   * request") is reported; should the COPY complete instead, the transaction is never committed. In
   * autocommit (-I M) ending it could commit part of a unit, so the COPY is failed instead.
   */
  private static void stopCanceled(InitConnection s, CopyIn copy) throws SQLException {
    if (s.inTransaction()) {
      copy.endCopy();
    } else {
      copy.cancelCopy();
    }
  }

  private static void cancelQuietly(CopyIn copy) {
    try {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
    } catch (SQLException ignored) {
      // the error being reported matters more
    }
  }
}
