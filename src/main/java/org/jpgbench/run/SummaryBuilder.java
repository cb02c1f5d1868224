package org.jpgbench.run;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.jpgbench.config.Options;
import org.jpgbench.report.CommandSummary;
import org.jpgbench.report.RunSettings;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ScriptSummary;
import org.jpgbench.stats.CommandStats;
import org.jpgbench.stats.StatsData;
import org.jpgbench.stats.StatsRecorder;

/** Merges every client's statistics into the report model once the clients have ended. */
final class SummaryBuilder {
  private SummaryBuilder() {}

  static RunSummary build(
      Options o,
      RunContext run,
      Client[] clients,
      Preflight.TableInfo table,
      int scale,
      int nthreads,
      long nxacts,
      long benchMicros,
      long initialConnectionMicros,
      boolean aborted,
      boolean interrupted) {
    StatsData total = new StatsData();
    Histogram latencies = StatsRecorder.newHistogram();
    long late = 0;
    long connection = 0;
    for (Client c : clients) {
      total.merge(c.stats.total());
      latencies.add(c.stats.latencies());
      late += c.stats.latencyLate();
      connection += c.stats.connectionMicros();
    }
    List<ScriptSummary> scripts = new ArrayList<>();
    long totalWeight = 0;
    for (int s = 0; s < run.scripts.length; s++) {
      totalWeight += run.scripts[s].weight();
      StatsData scriptStats = run.perScriptStats ? new StatsData() : null;
      List<CommandSummary> commands = new ArrayList<>();
      for (int i = 0; i < run.commands[s].length; i++) {
        CommandStats sum = new CommandStats();
        for (Client c : clients) {
          sum.merge(c.stats.command(s, i));
        }
        commands.add(
            new CommandSummary(
                run.commands[s][i].displayText,
                sum.count,
                sum.sumMicros,
                sum.failures,
                sum.retries));
      }
      if (scriptStats != null) {
        for (Client c : clients) {
          scriptStats.merge(c.stats.script(s));
        }
      }
      scripts.add(
          new ScriptSummary(
              run.scripts[s].description(), run.scripts[s].weight(), scriptStats, commands));
    }
    RunSettings settings =
        RunSettings.builder()
            .transactionType(
                run.scripts.length == 1 ? run.scripts[0].description() : "multiple scripts")
            .scale(scale)
            .partitionMethod(table != null ? table.partitionMethod() : null)
            .partitions(table != null ? table.partitions() : 0)
            .queryMode(o.run().queryMode().word())
            .clients(o.run().clients())
            .threads(nthreads)
            .maxTries(o.run().maxTries())
            .durationSeconds(o.run().durationSeconds())
            .transactionsPerClient(nxacts)
            .failuresDetailed(o.run().failuresDetailed())
            .latencyLimitMicros(o.run().latencyLimitMicros())
            .throttled(o.run().rate() > 0)
            .progress(o.outputs().progressSeconds() > 0)
            .connectPerTransaction(o.run().connectPerTransaction())
            .perScriptStats(run.perScriptStats)
            .reportPerCommand(o.outputs().reportPerCommand())
            .continueOnError(o.run().continueOnError())
            .reconnect(o.run().reconnect())
            .thresholds(o.outputs().thresholds())
            .build();
    return new RunSummary(
        settings,
        total,
        late,
        benchMicros,
        connection,
        initialConnectionMicros,
        scripts,
        totalWeight,
        latencies,
        aborted,
        interrupted);
  }
}
