package org.jpgbench.report;

import java.io.IOException;

/**
 * A way to present the final report of a run. The text format is pgbench's; JSON, HTML and
 * percentile reports (issue 5) implement this same interface over the same {@link RunSummary}.
 */
public interface ReportFormat {
  /** Writes the report of {@code summary} to {@code out}. */
  void write(RunSummary summary, Appendable out) throws IOException;
}
