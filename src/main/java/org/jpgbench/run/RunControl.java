package org.jpgbench.run;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import org.jpgbench.io.Transport;
import org.jpgbench.report.SloStop;

/**
 * What stops a run early, from another thread than the loops': Ctrl-C, --exit-on-abort and
 * --slo-abort. Each sets {@link #halted}, cancels the queries in flight and wakes every loop, which
 * then stops all its clients where they are. (-T needs none of this: each loop reads its own
 * clock.)
 */
final class RunControl {
  /** Every client stops at once. */
  volatile boolean halted;

  /** Ctrl-C: the report of what ran is printed, marked as interrupted. */
  volatile boolean interrupted;

  /** --slo-abort: the threshold that stopped the run, or null. */
  volatile SloStop sloStop;

  /** --exit-on-abort fired in this pgbench thread (-1: not fired). */
  volatile int abortedThread = -1;

  private final Set<Transport> transports = ConcurrentHashMap.newKeySet();
  private final Object lock = new Object();

  /** Cancels the queries the clients have in flight (any thread); nothing before attach. */
  private Runnable cancelQueries = () -> {};

  private Thread main;

  /**
   * The run's clients are built: {@code cancel} cancels their queries in flight, and {@code
   * mainThread} is woken when the run stops.
   */
  void attach(Runnable cancel, Thread mainThread) {
    this.cancelQueries = cancel;
    this.main = mainThread;
  }

  /** A loop's transport, woken when the run stops. */
  void register(Transport t) {
    transports.add(t);
  }

  void unregister(Transport t) {
    transports.remove(t);
  }

  /** First Ctrl-C. */
  void interrupt() {
    interrupted = true;
    halt();
  }

  /** --slo-abort: a threshold failed on what was measured so far. */
  void stopForThreshold(SloStop s) {
    synchronized (lock) {
      if (sloStop == null) {
        sloStop = s;
      }
    }
    halt();
  }

  /** --exit-on-abort: a client of pgbench thread {@code tid} aborted. */
  void abortRun(int tid) {
    synchronized (lock) {
      if (abortedThread < 0) {
        abortedThread = tid;
      }
    }
    halt();
  }

  private void halt() {
    halted = true;
    cancelQueries.run();
    for (Transport t : transports) {
      t.wakeup();
    }
    wakeMain();
  }

  /** Wakes every loop (--reconnect: a client is connected again, the others may try now). */
  void wakeLoops() {
    for (Transport t : transports) {
      t.wakeup();
    }
  }

  void wakeMain() {
    Thread m = main;
    if (m != null) {
      LockSupport.unpark(m);
    }
  }
}
