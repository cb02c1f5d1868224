package org.jpgbench.wire;

/**
 * Receives the results of one command as they are decoded: one call per result (statement) in the
 * order the server sends them. Only what pgbench's \gset and \aset need is kept: the column names
 * and the last row of a result.
 */
public interface ResultSink {
  /**
   * A result that returned rows (possibly none).
   *
   * @param columns the number of columns
   * @param labels the column names ({@code columns} valid entries)
   * @param lastRow the last row's values as text, NULL as null ({@code columns} valid entries;
   *     stale when {@code rows} is 0)
   * @param rows the number of rows
   */
  void rowResult(int columns, String[] labels, String[] lastRow, int rows);

  /** A result without rows (a command status, or an empty query). */
  void statusResult();
}
