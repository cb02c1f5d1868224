package org.jpgbench.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * A text table whose columns are as wide as their widest cell, so that it stays aligned whatever
 * the figures (a p99 of seconds, a change of thousands of percent). A row may end in a free-text
 * tail that no column measures ("not run", "failed (2 of its runs failed)").
 */
final class TextTable {
  private final boolean[] left;
  private final List<String[]> rows = new ArrayList<>();
  private final List<String> tails = new ArrayList<>();

  /**
   * @param alignment one letter per column: 'l' left-aligned, 'r' right-aligned
   */
  TextTable(String alignment) {
    left = new boolean[alignment.length()];
    for (int i = 0; i < left.length; i++) {
      left[i] = alignment.charAt(i) == 'l';
    }
  }

  /** A row of cells (fewer than the columns: the rest are blank). */
  TextTable row(String... cells) {
    return row(cells, "");
  }

  /** A row of cells, then {@code tail} after them. */
  TextTable row(String[] cells, String tail) {
    if (cells.length > left.length) {
      throw new IllegalArgumentException(cells.length + " cells for " + left.length + " columns");
    }
    rows.add(cells);
    tails.add(tail);
    return this;
  }

  /** The rows, columns separated by {@code gap} spaces, without trailing blanks. */
  String render(int gap) {
    int[] width = new int[left.length];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    StringBuilder b = new StringBuilder();
    for (int n = 0; n < rows.size(); n++) {
      String[] r = rows.get(n);
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        if (i > 0) {
          line.repeat(' ', gap);
        }
        int pad = width[i] - r[i].length();
        if (!left[i]) {
          line.repeat(' ', pad);
        }
        line.append(r[i]);
        if (left[i]) {
          line.repeat(' ', pad);
        }
      }
      String tail = tails.get(n);
      if (!tail.isEmpty()) {
        line.repeat(' ', gap).append(tail);
      }
      int end = line.length();
      while (end > 0 && line.charAt(end - 1) == ' ') {
        end--;
      }
      b.append(line, 0, end).append('\n');
    }
    return b.toString();
  }
}
