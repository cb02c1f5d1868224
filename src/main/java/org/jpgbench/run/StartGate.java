package org.jpgbench.run;

import java.util.concurrent.CountDownLatch;

/**
 * The moment the clients start, as one object: the main thread either opens it with the run's end
 * (then every loop goes) or refuses it (a client could not connect: every loop ends without
 * running). What the opener writes before opening is seen by every loop after it waited.
 */
final class StartGate {
  private final CountDownLatch latch = new CountDownLatch(1);
  private long endTime;
  private boolean refused;

  /**
   * Lets the clients go.
   *
   * @param endTimeMicros -T: no transaction is scheduled after this (monotonic µs); 0 without -T
   */
  void open(long endTimeMicros) {
    endTime = endTimeMicros;
    latch.countDown();
  }

  /** Lets the loops end without running a transaction. */
  void refuse() {
    refused = true;
    latch.countDown();
  }

  /**
   * Waits (uninterruptibly: a loop ends only through the run's control) until the gate opens or is
   * refused.
   *
   * @return whether the clients run
   */
  boolean await() {
    Uninterruptibly.await(latch);
    return !refused;
  }

  /** -T's end in monotonic µs, 0 without -T; read after {@link #await()} returned true. */
  long endTime() {
    return endTime;
  }
}
