package org.jpgbench.cli;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.init.Initializer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C during {@code -i}, as pgbench: the first SIGINT prints "Cancel request sent" and asks the
 * server to cancel what the init connections run; the step then fails with pgbench's lines (e.g.
 * {@code query failed: ERROR:  canceling statement due to user request}) and the exit status is 1,
 * with the loading transactions rolled back. A second SIGINT (or one that arrives while no
 * initialization is running) ends the process at once with status 130, what a shell reports for a
 * process that SIGINT killed. The handler is installed for the initialization only, and the
 * previous one restored after it. With --embedded, that second SIGINT runs the shutdown hooks, so
 * that the throwaway server is stopped and removed.
 */
final class InitInterrupt {
  private static final Signal SIGINT = new Signal("INT");
  /** 128 + SIGINT: what a shell reports for a process that SIGINT killed. */
  static final int EXIT_INTERRUPTED = 130;

  private InitInterrupt() {}

  static int run(Options options, ConnectionFactory db, PrintStream out, PrintStream err) {
    return run(options, db, out, err, false);
  }

  /**
   * @param shutdownHooks whether a second SIGINT ends the process through its shutdown hooks
   *     (--embedded: they stop the server) rather than at once
   */
  static int run(Options options, ConnectionFactory db, PrintStream out, PrintStream err,
      boolean shutdownHooks) {
    AtomicInteger count = new AtomicInteger();
    SignalHandler previous;
    try {
      previous = Signal.handle(SIGINT,
          sig -> onInterrupt(count.incrementAndGet(), err, shutdownHooks));
    } catch (IllegalArgumentException | IllegalStateException e) {
      return Initializer.run(options, db, out, err); // SIGINT is not ours to handle (e.g. java -Xrs)
    }
    try {
      return Initializer.run(options, db, out, err);
    } finally {
      Signal.handle(SIGINT, previous);
    }
  }

  private static void onInterrupt(int count, PrintStream err, boolean shutdownHooks) {
    if (count == 1 && Initializer.interrupt(err)) {
      return;
    }
    err.flush();
    System.out.flush();
    if (shutdownHooks) {
      System.exit(EXIT_INTERRUPTED);
    }
    Runtime.getRuntime().halt(EXIT_INTERRUPTED);
  }
}
