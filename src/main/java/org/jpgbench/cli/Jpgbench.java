package org.jpgbench.cli;

import java.io.PrintStream;

/**
 * The whole program behind {@code main}: takes its streams, returns an exit status (0 ok, 1 bad input
 * or setup failure, 2 a run with errors, as pgbench). CONTRACT (skeleton): the cli work owns the body.
 */
public final class Jpgbench {
  private final PrintStream out;
  private final PrintStream err;

  public Jpgbench(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public int run(String[] args) {
    err.println("jpgbench: error: not yet implemented");
    return 1;
  }
}
