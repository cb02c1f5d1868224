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

  /** Monotonic microseconds. */
  static long now() {
    return System.nanoTime() / 1000;
  }
}
