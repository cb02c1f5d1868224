package org.jpgbench.report;

import java.util.List;
import org.jpgbench.stats.StatsData;

/**
 * One script's figures for the whole run.
 *
 * @param description as pgbench prints it ("<builtin: select only>" or the file name)
 * @param stats per-script sums; only meaningful when the run kept them (several scripts)
 * @param commands per-command figures, in script order
 * @param latencies jpgbench: this script's successful transaction latencies (µs), or null when not
 *     kept
 */
public record ScriptSummary(
    String description,
    int weight,
    StatsData stats,
    List<CommandSummary> commands,
    org.HdrHistogram.Histogram latencies) {
  public ScriptSummary {
    commands = List.copyOf(commands);
  }

  public ScriptSummary(
      String description, int weight, StatsData stats, List<CommandSummary> commands) {
    this(description, weight, stats, commands, null);
  }
}
