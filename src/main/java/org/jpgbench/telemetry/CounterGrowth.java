package org.jpgbench.telemetry;

import java.util.LinkedHashMap;
import java.util.Map;

/** An interval's figures: how much each of the server's cumulative counters grew in it. */
final class CounterGrowth {
  private CounterGrowth() {}

  /**
   * Each counter's growth from {@code previous} to {@code now}, the monitor's own commits taken
   * out; null when the interval is a gap: either reading missing, or a counter that went down (a
   * crash restart or pg_stat_reset(): unknown, not negative).
   *
   * @param ownCommits the monitor's own transactions, which the server counts as commits
   */
  static Map<String, Long> between(
      Map<String, Long> previous, Map<String, Long> now, long ownCommits) {
    if (previous == null || now == null) {
      return null;
    }
    Map<String, Long> growth = new LinkedHashMap<>();
    for (Map.Entry<String, Long> e : now.entrySet()) {
      Long before = previous.get(e.getKey());
      if (before != null && e.getValue() != null) {
        growth.put(e.getKey(), e.getValue() - before);
      }
    }
    growth.computeIfPresent("commits", (k, v) -> Math.max(0, v - ownCommits));
    return growth.values().stream().anyMatch(v -> v < 0) ? null : growth;
  }
}
