package org.jpgbench.run;

import java.util.ArrayList;
import java.util.List;
import org.jpgbench.cnum.CFormat;

/**
 * The client's CPU time during the benchmark and each event loop's share of it, and the warning
 * pgbench users need and pgbench never gives: that a thread of the client was busy nearly all the
 * time, so the client may have limited the result.
 */
final class ClientCpu {
  /** A thread busier than this share of the benchmark may have limited it. */
  static final double BUSY = 0.90;

  /** Runs shorter than this (µs) are too short for the busy warning to mean anything. */
  static final long MIN_WARN_MICROS = 1_000_000L;

  final double cpuSeconds;
  final List<Double> busy;
  private final boolean multiplexed;

  private ClientCpu(double cpuSeconds, List<Double> busy, boolean multiplexed) {
    this.cpuSeconds = cpuSeconds;
    this.busy = busy;
    this.multiplexed = multiplexed;
  }

  static ClientCpu of(long processCpuNanos, EventLoop[] loops, boolean multiplexed) {
    List<Double> busy = new ArrayList<>(loops.length);
    for (EventLoop l : loops) {
      long wall = l.wallMicros;
      busy.add(wall <= 0 ? 0.0 : Math.min(1.0, l.cpuNanos / 1000.0 / wall));
    }
    return new ClientCpu(processCpuNanos / 1e9, busy, multiplexed);
  }

  /** After the report: warns on stderr when a thread was busy more than {@link #BUSY}. */
  void warnIfBusy(Console console, long benchMicros) {
    if (benchMicros < MIN_WARN_MICROS) {
      return;
    }
    for (int i = 0; i < busy.size(); i++) {
      double b = busy.get(i);
      if (b > BUSY) {
        console.warning(
            Messages.f(
                multiplexed ? Messages.THREAD_BUSY : Messages.CLIENT_BUSY,
                i,
                CFormat.fixed(100 * b, 0)));
        return;
      }
    }
  }
}
