package org.jpgbench.telemetry;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jpgbench.report.ServerStats;

/**
 * What the closed intervals add up to so far, for a live reader (--metrics-listen).
 *
 * @param counters each counter's growth summed over the intervals that are not gaps
 * @param waits wait-event samples per "type:event" (and "CPU", "ClientRead")
 * @param waitSamples how many samples were taken
 * @param checkpoints intervals in which a checkpoint was seen running or completing
 * @param gaps intervals the monitor could not read
 * @param connected whether the monitoring session is connected now
 * @param checkpointing whether the last interval saw a checkpoint
 * @param autovacuum the autovacuum workers the last interval saw
 */
public record ServerTotals(
    Map<String, Long> counters,
    Map<String, Long> waits,
    long waitSamples,
    long checkpoints,
    long gaps,
    boolean connected,
    boolean checkpointing,
    int autovacuum) {
  public ServerTotals {
    counters = Map.copyOf(counters);
    waits = Map.copyOf(waits);
  }

  /** Nothing closed yet. */
  static final ServerTotals NONE = new ServerTotals(Map.of(), Map.of(), 0, 0, 0, true, false, 0);

  /** These totals with interval {@code i} added; {@code connected} the session's state now. */
  ServerTotals plus(ServerStats.Interval i, boolean connected) {
    Map<String, Long> sum = new LinkedHashMap<>(counters);
    i.counters().forEach((k, v) -> sum.merge(k, v, Long::sum));
    Map<String, Long> waitTotals = new LinkedHashMap<>(waits);
    i.waits().forEach((k, v) -> waitTotals.merge(k, v, Long::sum));
    return new ServerTotals(
        sum,
        waitTotals,
        waitSamples + i.waitSamples(),
        checkpoints + (i.checkpoint() ? 1 : 0),
        gaps + (i.gap() ? 1 : 0),
        connected,
        i.checkpoint(),
        i.autovacuum().size());
  }
}
