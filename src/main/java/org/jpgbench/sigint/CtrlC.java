package org.jpgbench.sigint;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) while a phase of the program runs, as pgbench treats it: the first press asks the
 * phase to stop where it is (a run prints the report of what ran, an initialization cancels its
 * statements), a second press — or a first one the phase declines — ends the process at once with
 * status {@value #EXIT_STATUS}. The handler is installed for the phase only and the previous one is
 * restored when it is closed.
 *
 * <p>When the process must clean up on its way out (--embedded: the shutdown hooks stop and remove
 * the throwaway server), the exit goes through {@link System#exit}; otherwise through {@link
 * Runtime#halt}, which cannot wait on a thread stuck in a system call. Where SIGINT cannot be
 * handled (the JVM started with {@code -Xrs}, or the signal is in use), installing does nothing and
 * Ctrl-C keeps the JVM's default behaviour.
 */
public final class CtrlC implements AutoCloseable {
  /** 128 + SIGINT: what a shell reports for a process that SIGINT killed. */
  public static final int EXIT_STATUS = 130;

  private static final Signal SIGINT = new Signal("INT");

  private final SignalHandler previous;

  private CtrlC(SignalHandler previous) {
    this.previous = previous;
  }

  /**
   * Handles SIGINT until {@link #close}.
   *
   * @param firstPress run on the signal thread at the first press; false when the phase has nothing
   *     to stop (then the process ends at once)
   * @param runShutdownHooks whether ending the process runs its shutdown hooks
   */
  public static CtrlC during(BooleanSupplier firstPress, boolean runShutdownHooks) {
    AtomicInteger presses = new AtomicInteger();
    try {
      return new CtrlC(
          Signal.handle(
              SIGINT,
              sig -> {
                if (presses.incrementAndGet() == 1 && firstPress.getAsBoolean()) {
                  return;
                }
                System.err.flush();
                System.out.flush();
                if (runShutdownHooks) {
                  System.exit(EXIT_STATUS);
                }
                Runtime.getRuntime().halt(EXIT_STATUS);
              }));
    } catch (IllegalArgumentException | IllegalStateException e) {
      return new CtrlC(null);
    }
  }

  @Override
  public void close() {
    if (previous != null) {
      try {
        Signal.handle(SIGINT, previous);
      } catch (IllegalArgumentException | IllegalStateException ignored) {
        // the JVM is shutting down: nothing to restore
      }
    }
  }
}
