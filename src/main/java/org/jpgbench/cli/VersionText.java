package org.jpgbench.cli;

/** The -V/--version line: the pgbench release jpgbench follows, then jpgbench's own version. */
final class VersionText {
  private VersionText() {}

  /** The PostgreSQL major version whose pgbench jpgbench reproduces. */
  static final String PGBENCH_COMPATIBLE = "18";

  /** Used when the classes do not come from the jar (e.g. in tests). */
  static final String FALLBACK_VERSION = "0.1.0-dev";

  static String line() {
    return CliMessages.PROGNAME + " (PostgreSQL) " + PGBENCH_COMPATIBLE + " compatible, "
        + CliMessages.PROGNAME + " " + version();
  }

  /** Implementation-Version from the jar manifest, or the fallback. */
  static String version() {
    String v = VersionText.class.getPackage().getImplementationVersion();
    return v == null || v.isBlank() ? FALLBACK_VERSION : v;
  }
}
