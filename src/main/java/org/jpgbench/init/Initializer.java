package org.jpgbench.init;

import java.io.PrintStream;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;

/** Init mode (-i) entry point. CONTRACT (skeleton): the init work owns the body. */
public final class Initializer {
  private Initializer() {}

  /** Runs the -I steps; messages to err as pgbench; returns the exit status. */
  public static int run(Options options, ConnectionFactory db, PrintStream out, PrintStream err) {
    err.println("jpgbench: error: init mode not yet implemented");
    return 1;
  }
}
