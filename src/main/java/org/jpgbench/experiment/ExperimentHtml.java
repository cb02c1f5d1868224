package org.jpgbench.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes an experiment's page; an error names the file. */
final class ExperimentHtml {
  private ExperimentHtml() {}

  static void write(String page, String path) throws ExperimentException {
    try {
      Files.writeString(Path.of(path), page, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      throw new ExperimentException(
          "could not write file \"" + path + "\": " + ExperimentJson.reason(e));
    }
  }
}
