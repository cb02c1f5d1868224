package org.jpgbench.run;

import java.time.Instant;

/**
 * The run's time base, pgbench's pg_time_usec_t: microseconds of the monotonic clock, plus the
 * shift that turns them into Unix epoch microseconds for logs and --progress-timestamp.
 */
final class RunClock {
  /** Epoch microseconds minus monotonic microseconds, measured once. */
  final long epochShift;

  RunClock() {
    Instant wall = Instant.now();
    long mono = now();
    epochShift = wall.getEpochSecond() * 1_000_000L + wall.getNano() / 1000 - mono;
  }

  /**
   * Waits until the monotonic clock reads {@code micros} (sleeping, then spinning for the last 200
   * µs, so that processes started for one instant start within a few µs of it); at once when it is
   * past.
   */
  static void sleepUntil(long micros) {
    long left;
    while ((left = micros - now()) > 200) {
      java.util.concurrent.locks.LockSupport.parkNanos((left - 200) * 1000);
    }
    while (now() < micros) {
      Thread.onSpinWait();
    }
  }

  /** Monotonic microseconds. */
  static long now() {
    return System.nanoTime() / 1000;
  }
}
