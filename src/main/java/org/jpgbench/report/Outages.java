package org.jpgbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * jpgbench --reconnect: the outages the clients saw, in time order, and the moment the benchmark
 * began, which their times in the reports are counted from.
 *
 * @param benchStartEpochMicros the benchmark's start (Unix epoch µs)
 * @param windows the outages, in time order, none overlapping
 */
public record Outages(long benchStartEpochMicros, List<Outage> windows) {
  public Outages {
    windows = List.copyOf(windows);
  }

  public long totalMicros() {
    long t = 0;
    for (Outage o : windows) {
      t += o.durationMicros();
    }
    return t;
  }

  /** The longest window, or null when there was none. */
  public Outage longest() {
    return windows.stream().max(Comparator.comparingLong(Outage::durationMicros)).orElse(null);
  }

  /** The longest time to recover of any window, -1 when none recovered. */
  public long maxRecoverMicros() {
    long m = -1;
    for (Outage o : windows) {
      m = Math.max(m, o.recoverMicros());
    }
    return m;
  }

  /** Seconds from the benchmark's start to {@code epochMicros}. */
  public double seconds(long epochMicros) {
    return (epochMicros - benchStartEpochMicros) / 1e6;
  }

  /**
   * Several processes' outages as one run's: windows that overlap become one (their clients and
   * failures summed), counted from the earliest start.
   */
  public static Outages merge(List<Outages> all) {
    List<Outage> every = new ArrayList<>();
    long start = Long.MAX_VALUE;
    for (Outages o : all) {
      every.addAll(o.windows());
      start = Math.min(start, o.benchStartEpochMicros());
    }
    every.sort(Comparator.comparingLong(Outage::fromEpochMicros));
    List<Outage> merged = new ArrayList<>();
    for (Outage o : every) {
      int last = merged.size() - 1;
      if (last >= 0 && merged.get(last).overlaps(o)) {
        merged.set(last, merged.get(last).union(o));
      } else {
        merged.add(o);
      }
    }
    return new Outages(start == Long.MAX_VALUE ? 0 : start, merged);
  }
}
