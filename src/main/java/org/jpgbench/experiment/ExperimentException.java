package org.jpgbench.experiment;

/** An experiment that cannot go on: bad input, files that are not reports; the message says why. */
public final class ExperimentException extends Exception {
  private static final long serialVersionUID = 1L;

  ExperimentException(String message) {
    super(message);
  }
}
