package org.jpgbench.report;

/**
 * The error texts of jpgbench's extra reports and of {@code jpgbench merge}, in pgbench's style.
 */
public final class ReportMessages {
  private ReportMessages() {}

  public static final String OPEN_HDR_LOG = "could not open histogram log file \"%s\": %s";
  public static final String WRITE_HDR_LOG = "could not write histogram log file \"%s\": %s";
  public static final String WRITE_REPORT = "could not write report file \"%s\": %s";
  public static final String MERGE_USAGE = "merge: no input file given";
  public static final String MERGE_USAGE_DETAIL =
      "Usage: %s merge [--percentile[=LIST]] [--report-json=FILE] [--report-html=FILE] FILE...";
  public static final String MERGE_OPTION = "merge: unrecognized option \"%s\"";
  public static final String MERGE_READ = "merge: could not read file \"%s\": %s";
  public static final String MERGE_FORMAT =
      "merge: file \"%s\" is neither a jpgbench JSON report nor an HdrHistogram log";
  public static final String MERGE_SCHEMA = "merge: file \"%s\" has unsupported schema \"%s\"";
  public static final String MERGE_BAD = "merge: file \"%s\": %s";
  public static final String MERGE_SCRIPTS =
      "merge: the inputs ran different scripts; per-script figures are left out";

  /** {@code String.format} in the root locale. */
  public static String f(String format, Object... args) {
    return String.format(java.util.Locale.ROOT, format, args);
  }

  /** The reason of an I/O error as pgbench's %m would say it, without Java's decorations. */
  public static String reason(Exception e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "No such file or directory";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "Permission denied";
    }
    String m = e.getMessage();
    int paren = m == null ? -1 : m.lastIndexOf(" (");
    return paren >= 0 && m.endsWith(")")
        ? m.substring(paren + 2, m.length() - 1)
        : String.valueOf(m);
  }
}
