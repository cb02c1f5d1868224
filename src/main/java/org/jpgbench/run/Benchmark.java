package org.jpgbench.run;

import java.io.PrintStream;
import java.util.List;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.script.Script;

/** Run mode entry point. CONTRACT (skeleton): the run work owns the body. */
public final class Benchmark {
  private Benchmark() {}

  /**
   * Runs the benchmark and prints pgbench's report to out (errors and progress to err).
   *
   * @param scripts parsed, with weights; variables resolved against {@code symbols}
   * @return 0 success, 1 setup failure (e.g. cannot connect), 2 some client aborted
   */
  public static int run(Options options, List<Script> scripts, SymbolTable symbols,
      ConnectionFactory db, PrintStream out, PrintStream err) {
    err.println("jpgbench: error: run mode not yet implemented");
    return 1;
  }
}
