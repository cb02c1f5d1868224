package org.jpgbench.init;

import java.util.List;

/**
 * A failed initialization: the complete stderr lines to print (pgbench's wording), and the table
 * concerned when there is one. The runner adds the step and exits with status 1.
 */
final class InitError extends Exception {
  final List<String> lines;
  final String table;

  InitError(List<String> lines) {
    this(lines, null);
  }

  InitError(List<String> lines, String table) {
    super(lines.isEmpty() ? "init failed" : lines.get(0), null, false, false);
    this.lines = List.copyOf(lines);
    this.table = table;
  }
}
