package org.jpgbench.experiment;

/** An experiment that cannot go on: bad input, files that are not reports; the message says why. */
public final class ExperimentException extends Exception {
  private static final long serialVersionUID = 1L;

  ExperimentException(String message) {
    super(message);
  }

  /** Why a file could not be written or read, in pgbench's words where it has them. */
  static String reason(Exception e) {
    return e instanceof java.nio.file.NoSuchFileException
        ? "No such file or directory"
        : e instanceof java.nio.file.AccessDeniedException
            ? "Permission denied"
            : String.valueOf(e.getMessage());
  }
}
