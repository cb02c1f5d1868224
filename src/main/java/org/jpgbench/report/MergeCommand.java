package org.jpgbench.report;

import java.io.PrintStream;

/**
 * {@code jpgbench merge FILE...}: combines the JSON reports of several runs. CONTRACT (skeleton): the
 * report work owns the body; the cli dispatches here when the first argument is "merge".
 */
public final class MergeCommand {
  private MergeCommand() {}

  /**
   * @param args the arguments after "merge"
   * @return the exit status
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    err.println("jpgbench: error: merge: not yet implemented");
    return 1;
  }
}
