package org.jpgbench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * A way to present the final report of a run: {@link TextReport} (pgbench's, with {@link
 * PercentileLines} inside it), {@link JsonReport} and {@link HtmlReport} implement it over the same
 * {@link RunSummary}.
 */
public interface ReportFormat {
  /** Writes the report of {@code summary} to {@code out}. */
  void write(RunSummary summary, Appendable out) throws IOException;

  /**
   * Writes the report to the file {@code path} (UTF-8), or to {@code stdout} when the path is "-"
   * and stdout is not null.
   *
   * @return null when written, else the error text for a "jpgbench: error: " line
   */
  default String writeTo(RunSummary summary, String path, PrintStream stdout) {
    try {
      if (stdout != null && path.equals("-")) {
        write(summary, stdout);
        stdout.flush();
      } else {
        try (Writer w = Files.newBufferedWriter(Path.of(path), StandardCharsets.UTF_8)) {
          write(summary, w);
        }
      }
      return null;
    } catch (IOException | InvalidPathException e) {
      return ReportMessages.f(
          ReportMessages.WRITE_REPORT,
          path,
          e instanceof IOException io ? ReportMessages.reason(io) : e.getMessage());
    }
  }
}
