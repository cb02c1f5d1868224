package org.jpgbench.wire;

import org.jpgbench.text.RawUtf8;

/**
 * Decodes one command's results for a {@link ResultSink}: the column names of each RowDescription,
 * the values of the last DataRow, and at CommandComplete or EmptyQueryResponse one call to the
 * sink. Only used for commands whose results are kept (\gset, \aset); {@link #values} decodes a row
 * on its own (--server-stats' samples).
 */
public final class ResultRows {
  private String[] labels = new String[8];
  private String[] row = new String[8];
  private int columns = -1;
  private int rows;

  /** RowDescription: the column names (each name, then 18 bytes of type information). */
  public void description(byte[] b, int off, int len) {
    int n = BackendDecoder.int2(b, off);
    ensure(n);
    int p = off + 2;
    for (int c = 0; c < n; c++) {
      int start = p;
      while (b[p] != 0) {
        p++;
      }
      labels[c] = RawUtf8.decode(b, start, p - start);
      p += 1 + 18;
    }
    columns = n;
    rows = 0;
  }

  /** DataRow: its values become the last row. */
  public void dataRow(byte[] b, int off, int len) {
    ensure(BackendDecoder.int2(b, off));
    values(b, off, row);
    rows++;
  }

  /** A DataRow's values as text, NULL as null, in a new array. */
  public static String[] values(byte[] b, int off) {
    String[] v = new String[BackendDecoder.int2(b, off)];
    values(b, off, v);
    return v;
  }

  /** A DataRow's values into {@code into} (as long as the row has columns). */
  private static void values(byte[] b, int off, String[] into) {
    int n = BackendDecoder.int2(b, off);
    int p = off + 2;
    for (int c = 0; c < n; c++) {
      int l = BackendDecoder.int4(b, p);
      p += 4;
      if (l < 0) {
        into[c] = null;
      } else {
        into[c] = RawUtf8.decode(b, p, l);
        p += l;
      }
    }
  }

  /** CommandComplete or EmptyQueryResponse: the result ends. */
  public void complete(ResultSink sink) {
    if (columns >= 0) {
      sink.rowResult(columns, labels, row, rows);
    } else {
      sink.statusResult();
    }
    columns = -1;
    rows = 0;
  }

  /** An error ended the result: nothing of it is reported. */
  public void discard() {
    columns = -1;
    rows = 0;
  }

  private void ensure(int n) {
    if (labels.length < n) {
      labels = new String[n];
      row = new String[n];
    }
  }
}
