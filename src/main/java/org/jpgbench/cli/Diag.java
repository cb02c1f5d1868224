package org.jpgbench.cli;

import org.jpgbench.log.PgLog;

/**
 * pgbench's log line shapes ("jpgbench: error: ...", "jpgbench: detail: ...", ...), newline-ended.
 */
final class Diag {
  private Diag() {}

  static String error(String format, Object... args) {
    return line("error: ", format, args);
  }

  static String detail(String format, Object... args) {
    return line("detail: ", format, args);
  }

  static String hint(String format, Object... args) {
    return line("hint: ", format, args);
  }

  /** pg_log_info: no level tag. */
  static String info(String format, Object... args) {
    return line("", format, args);
  }

  private static String line(String level, String format, Object... args) {
    String text = args.length == 0 ? format : String.format(java.util.Locale.ROOT, format, args);
    return PgLog.line(level, text) + "\n";
  }
}
