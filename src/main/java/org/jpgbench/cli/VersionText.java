package org.jpgbench.cli;

import org.jpgbench.log.PgLog;

/** The -V/--version line: the pgbench release jpgbench follows, then jpgbench's own version. */
final class VersionText {
  private VersionText() {}

  /** The PostgreSQL major version whose pgbench jpgbench reproduces. */
  static final String PGBENCH_COMPATIBLE = "18";

  /** The PostgreSQL release -V names when run as pgbench (what pgbench 18.1 prints). */

  /** Used when the classes do not come from the jar (e.g. in tests). */

  /**
   * As jpgbench: "jpgbench (PostgreSQL) 18 compatible, jpgbench 0.1.0". Under pgbench's name, the
   * line starts as pgbench's does, so that what parses it keeps working: "pgbench (PostgreSQL) 18.1
   * (jpgbench 0.1.0)".
   */
  static String line() {
    String p = CliMessages.progname();
    if (p.equals(PgLog.JPGBENCH)) {
      return p
          + " (PostgreSQL) "
          + PGBENCH_COMPATIBLE
          + " compatible, "
          + p
          + " "
          + PgLog.version();
    }
    return p
        + " (PostgreSQL) "
        + PgLog.PGBENCH_RELEASE
        + " ("
        + PgLog.JPGBENCH
        + " "
        + PgLog.version()
        + ")";
  }
}
