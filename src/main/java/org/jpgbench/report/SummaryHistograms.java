package org.jpgbench.report;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.jpgbench.stats.ClientHistograms;
import org.jpgbench.stats.StatsRecorder;

/**
 * After the run: merges every client's {@link ClientHistograms} into the summary (per-script and
 * per-command histograms, latencies from the actual start) together with the run's details.
 */
public final class SummaryHistograms {
  private SummaryHistograms() {}

  /**
   * @param base the summary pgbench's figures were merged into
   * @param recorders every client's statistics (with or without extra histograms)
   * @param details what else the reports need; its serviceLatencies is filled here under -R
   */
  public static RunSummary attach(RunSummary base, StatsRecorder[] recorders, RunDetails details) {
    List<ScriptSummary> scripts = new ArrayList<>();
    int nscripts = base.scripts().size();
    Histogram service = null;
    for (int s = 0; s < nscripts; s++) {
      ScriptSummary script = base.scripts().get(s);
      Histogram scriptHist;
      if (nscripts == 1) {
        scriptHist = base.latencies();
      } else {
        scriptHist = StatsRecorder.newHistogram();
        for (StatsRecorder r : recorders) {
          if (r.extra() != null && r.extra().script(s) != null) {
            scriptHist.add(r.extra().script(s));
          }
        }
      }
      List<CommandSummary> commands = new ArrayList<>();
      for (int c = 0; c < script.commands().size(); c++) {
        CommandSummary cs = script.commands().get(c);
        Histogram h = null;
        for (StatsRecorder r : recorders) {
          AbstractHistogram one = r.command(s, c).latencies;
          if (one != null) {
            if (h == null) {
              h = new Histogram(ClientHistograms.COMMAND_DIGITS);
            }
            h.add(one);
          }
        }
        commands.add(
            new CommandSummary(
                cs.text(), cs.count(), cs.sumMicros(), cs.failures(), cs.retries(), h));
      }
      scripts.add(
          new ScriptSummary(
              script.description(), script.weight(), script.stats(), commands, scriptHist));
    }
    for (StatsRecorder r : recorders) {
      if (r.extra() != null && r.extra().service() != null) {
        if (service == null) {
          service = StatsRecorder.newHistogram();
        }
        service.add(r.extra().service());
      }
    }
    RunDetails d = details.withServiceLatencies(service);
    return new RunSummary(
        base.settings(),
        base.total(),
        base.latencyLate(),
        base.benchMicros(),
        base.connectionMicros(),
        base.initialConnectionMicros(),
        scripts,
        base.totalWeight(),
        base.latencies(),
        base.aborted(),
        base.interrupted(),
        d,
        base.outages());
  }
}
