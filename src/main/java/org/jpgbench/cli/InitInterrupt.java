package org.jpgbench.cli;

import java.io.PrintStream;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.init.Initializer;
import org.jpgbench.sigint.CtrlC;

/**
 * Ctrl-C during {@code -i}, as pgbench: the first SIGINT prints "Cancel request sent" and asks the
 * server to cancel what the init connections run; the step then fails with pgbench's lines (e.g.
 * {@code query failed: ERROR: canceling statement due to user request}) and the exit status is 1,
 * with the loading transactions rolled back. A second SIGINT (or one that arrives while no
 * initialization is running) ends the process at once with status 130. With --embedded, that exit
 * runs the shutdown hooks, so that the throwaway server is stopped and removed.
 */
final class InitInterrupt {
  private InitInterrupt() {}

  /**
   * The options of an initialization that precedes a benchmark (--embedded, sweep --init): the
   * run's, in init mode, the run's --report-json left to the run.
   */
  static org.jpgbench.config.OptionsBuilder before(Options run) {
    org.jpgbench.config.OptionsBuilder init = run.toBuilder();
    init.mode = Options.Mode.INIT;
    init.reportJson = null;
    return init;
  }

  static int run(Options options, ConnectionFactory db, PrintStream out, PrintStream err) {
    return run(options, db, out, err, false);
  }

  /**
   * @param shutdownHooks whether a second SIGINT ends the process through its shutdown hooks
   *     (--embedded: they stop the server) rather than at once
   */
  static int run(
      Options options,
      ConnectionFactory db,
      PrintStream out,
      PrintStream err,
      boolean shutdownHooks) {
    try (CtrlC sigint = CtrlC.during(() -> Initializer.interrupt(err), shutdownHooks)) {
      return Initializer.run(options, db, out, err);
    }
  }
}
