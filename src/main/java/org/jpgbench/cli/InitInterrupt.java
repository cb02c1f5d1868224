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
 * previous one restored after it.
 */
final class InitInterrupt {
  private static final Signal SIGINT = new Signal("INT");
  /** 128 + SIGINT: what a shell reports for a process that SIGINT killed. */
  static final int EXIT_INTERRUPTED = 130;

  private InitInterrupt() {}

  static int run(Options options, ConnectionFactory db, PrintStream out, PrintStream err) {
    AtomicInteger count = new AtomicInteger();
    SignalHandler previous;
    try {
      previous = Signal.handle(SIGINT, sig -> onInterrupt(count.incrementAndGet(), err));
    } catch (IllegalArgumentException | IllegalStateException e) {
      return Initializer.run(options, db, out, err); // SIGINT is not ours to handle (e.g. java -Xrs)
    }
    try {
      return Initializer.run(options, db, out, err);
    } finally {
      Signal.handle(SIGINT, previous);
    }
  }

  private static void onInterrupt(int count, PrintStream err) {
    if (count == 1 && Initializer.interrupt(err)) {
      return;
    }
    err.flush();
    System.out.flush();
    Runtime.getRuntime().halt(EXIT_INTERRUPTED);
  }
}
