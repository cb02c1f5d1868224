package org.jpgbench.init;

import java.io.PrintStream;

/**
 * pgbench's data-loading progress for one table: a line per 100,000 rows, or with -q one every 5
 * seconds (and at the end); on a terminal the line is rewritten in place with '\r' and cleared at
 * the end. Shared by the loaders of a table (parallel partitions): rows are counted together and
 * the lines come out in order.
 */
final class InitProgress {
  private static final long LINE_EVERY = 100_000;
  private static final double LOG_STEP_SECONDS = 5.0;

  private final PrintStream err;
  private final String table;
  private final long total;
  private final boolean quiet;
  private final boolean terminal;
  private long start = -1;
  private long done;
  private int logInterval = 1;
  private int chars;
  private int prevChars;

  InitProgress(PrintStream err, String table, long total, boolean quiet, boolean terminal) {
    this.err = err;
    this.table = table;
    this.total = total;
    this.quiet = quiet;
    this.terminal = terminal;
  }

  /** Starts the clock (pgbench: once the table's COPY has begun); later calls change nothing. */
  synchronized void begin() {
    if (start < 0) {
      start = System.nanoTime();
    }
  }

  /** Counts {@code rows} more rows as loaded, printing the lines pgbench would have printed. */
  synchronized void advance(long rows) {
    if (rows <= 0) {
      return;
    }
    begin();
    long before = done;
    done += rows;
    if (!quiet) {
      for (long j = (before / LINE_EVERY + 1) * LINE_EVERY; j <= done; j += LINE_EVERY) {
        print(j);
      }
    } else {
      double elapsed = elapsed();
      // pgbench looks every 100 rows; its end-of-table line needs a row count divisible by 100
      boolean atEnd = done == total && total % 100 == 0;
      if (atEnd || elapsed >= logInterval * LOG_STEP_SECONDS) {
        print(done);
        logInterval = (int) Math.ceil(elapsed / LOG_STEP_SECONDS);
      }
    }
  }

  /** On a terminal, clears the progress line, as pgbench does once a table is loaded. */
  synchronized void finish() {
    if (chars != 0 && terminal) {
      err.print(" ".repeat(chars) + "\r");
      err.flush();
    }
  }

  private void print(long j) {
    double elapsed = elapsed();
    double remaining = (double) (total - j) * elapsed / j;
    String line = InitMessages.progress(j, total, table, elapsed, remaining);
    chars = line.length();
    StringBuilder b = new StringBuilder(line);
    if (prevChars > chars) {
      b.append(" ".repeat(prevChars - chars));
    }
    b.append(terminal ? '\r' : '\n');
    err.print(b);
    err.flush();
    prevChars = chars;
  }

  private double elapsed() {
    return (System.nanoTime() - start) / 1e9;
  }
}
