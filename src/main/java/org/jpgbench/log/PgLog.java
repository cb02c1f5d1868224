package org.jpgbench.log;

/**
 * pgbench's diagnostic line shapes (pg_log_error, pg_log_error_detail, pg_log_error_hint, ...):
 * "jpgbench: error: message", "jpgbench: detail: ...", info lines with the program name only. The
 * one place that builds them; the lines come without the trailing newline. A leaf: depends on
 * nothing.
 */
public final class PgLog {
  /** The program's own name. */
  public static final String JPGBENCH = "jpgbench";

  /** The PostgreSQL release whose pgbench jpgbench follows (-V and the banner under that name). */
  public static final String PGBENCH_RELEASE = "18.1";

  /** jpgbench's version when not run from its jar (no manifest). */
  public static final String DEV_VERSION = "0.1.0-dev";

  /** jpgbench's own version: the jar manifest's Implementation-Version. */
  public static String version() {
    String v = PgLog.class.getPackage().getImplementationVersion();
    return v == null || v.isBlank() ? DEV_VERSION : v;
  }

  /**
   * The name every line starts with and messages name the program by: "jpgbench", or what it was
   * installed as ("pgbench" through a link), set once as the process starts, as pgbench's progname
   * is taken from argv[0].
   */
  private static volatile String name = JPGBENCH;

  private PgLog() {}

  /** The program's name in messages. */
  public static String progname() {
    return name;
  }

  /** Whether the program runs under pgbench's name (a drop-in install). */
  public static boolean asPgbench() {
    return name.equals("pgbench");
  }

  /**
   * Sets the name messages use: the launcher's own name when it is not "jpgbench" (a link named
   * pgbench), passed as JPGBENCH_PROGNAME; "jpgbench" when null or not a plain file name.
   */
  public static void progname(String invokedAs) {
    name = invokedAs != null && invokedAs.matches("[A-Za-z0-9._+-]{1,64}") ? invokedAs : JPGBENCH;
  }

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

  /** "jpgbench: hint: message". */
  public static String hint(String message) {
    return line("hint: ", message);
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
    return name + ": " + level + message;
  }
}
