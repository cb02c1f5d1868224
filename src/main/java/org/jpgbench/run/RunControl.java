package org.jpgbench.run;

import java.util.concurrent.locks.LockSupport;

/**
 * Flags every client reads to know when to stop, and the wake-ups that go with them. {@link #stop}
 * is pgbench's timer_exceeded: set when -T expires, on Ctrl-C, and when --exit-on-abort fires.
 */
final class RunControl {
  /** No new transaction starts once this is set. */
  volatile boolean stop;
  /** Ctrl-C: clients also abandon what they are doing, quietly. */
  volatile boolean interrupted;
  /** --exit-on-abort fired in this pgbench thread (-1: not fired). */
  volatile int abortedThread = -1;

  private final Object waiter = new Object();
  private Client[] clients = new Client[0];
  private Thread main;

  void attach(Client[] all, Thread mainThread) {
    this.clients = all;
    this.main = mainThread;
  }

  void timerExpired() {
    stop = true;
  }

  /** First Ctrl-C: stop, wake sleepers, cancel queries in flight. */
  void interrupt() {
    interrupted = true;
    stop = true;
    for (Client c : clients) {
      c.wakeAndCancel();
    }
    wakeMain();
  }

  /** --exit-on-abort: a client of pgbench thread {@code tid} aborted. */
  void abortRun(int tid) {
    synchronized (waiter) {
      if (abortedThread < 0) {
        abortedThread = tid;
      }
    }
    stop = true;
    for (Client c : clients) {
      c.wakeAndCancel();
    }
    wakeMain();
  }

  void wakeMain() {
    Thread m = main;
    if (m != null) {
      LockSupport.unpark(m);
    }
  }
}
