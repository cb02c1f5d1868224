package org.jpgbench.log;

/**
 * pgbench's diagnostic line shapes (pg_log_error, pg_log_error_detail, pg_log_error_hint, ...):
 * "jpgbench: error: message", "jpgbench: detail: ...", info lines with the program name only. The
 * one place that builds them; the lines come without the trailing newline. A leaf: depends on
 * nothing.
 */
public final class PgLog {
  /** The program name every line starts with (pgbench prints "pgbench"). */
  public static final String PROGNAME = "jpgbench";

  private PgLog() {}

  /** "jpgbench: error: message". */
  public static String error(String message) {
    return line("error: ", message);
  }

  /** "jpgbench: warning: message". */
  public static String warning(String message) {
    return line("warning: ", message);
  }

  /** "jpgbench: detail: message". */
  public static String detail(String message) {
    return line("detail: ", message);
  }

  /** "jpgbench: debug: message". */
  public static String debug(String message) {
    return line("debug: ", message);
  }

  /** pg_log_info: "jpgbench: message", no level tag. */
  public static String info(String message) {
    return line("", message);
  }

  /** "jpgbench: " + level (e.g. "error: ", or "" for info) + message. */
  public static String line(String level, String message) {
    return PROGNAME + ": " + level + message;
  }
}
