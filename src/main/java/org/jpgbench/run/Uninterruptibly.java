package org.jpgbench.run;

import java.util.concurrent.CountDownLatch;

/**
 * Waits that an interrupt does not cut short: the run ends through its own control (Ctrl-C, -T,
 * --exit-on-abort), never by a thread interrupt; an interrupt that came meanwhile is kept on the
 * thread for whoever looks next.
 */
final class Uninterruptibly {
  private Uninterruptibly() {}

  static void await(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  static void join(Thread t) {
    boolean interrupted = false;
    while (t.isAlive()) {
      try {
        t.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
