package org.jpgbench.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One way to present an experiment's outcome as a file, as {@code report.ReportFormat} is for a
 * run: a sweep's JSON, page and CSV, a comparison's CSV (for compare, ab and ab -i), and the JSON
 * documents and pages that compare and ab build. The formats name this interface, not the other way
 * round.
 *
 * @param <R> what is presented
 */
@FunctionalInterface
interface ExperimentFormat<R> {
  /**
   * Where an experiment's lines and tables go: stderr when one of its reports ({@code paths}, null
   * when off) is written to stdout ("-"), else {@code out}.
   */
  static java.io.PrintStream textStream(PrintStream out, PrintStream err, String... paths) {
    for (String p : paths) {
      if ("-".equals(p)) {
        return err;
      }
    }
    return out;
  }

  /** The file's whole text for {@code outcome}. */
  String render(R outcome);

  /** Writes the text to {@code path} ("-": {@code stdout}, UTF-8); an error names the file. */
  default void writeTo(R outcome, String path, PrintStream stdout) throws ExperimentException {
    String text = render(outcome);
    if ("-".equals(path)) {
      stdout.print(text);
      stdout.flush();
      return;
    }
    try {
      Files.writeString(Path.of(path), text, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      throw new ExperimentException(
          "could not write file \"" + path + "\": " + ExperimentException.reason(e));
    }
  }
}
