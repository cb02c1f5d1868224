package org.jpgbench.merge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.jpgbench.report.ClientInfo;
import org.jpgbench.report.CommandSummary;
import org.jpgbench.report.IntervalSeries;
import org.jpgbench.report.Outages;
import org.jpgbench.report.ReportMessages;
import org.jpgbench.report.RunDetails;
import org.jpgbench.report.RunSettings;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ScriptSummary;
import org.jpgbench.stats.ClientHistograms;
import org.jpgbench.stats.StatsData;

/**
 * Combines the runs of several jpgbench processes into one summary: counts and sums add up, tps is
 * the sum of the processes' tps, histograms are merged (percentiles are never averaged), the
 * interval series is re-bucketed on the wall clock (the processes' clocks are assumed in sync), and
 * interval percentiles come from the merged HdrHistogram logs when logs are given.
 */
final class SummaryMerger {
  private SummaryMerger() {}

  /**
   * @param reports the JSON reports' summaries (may be empty when only logs are merged)
   * @param logs HdrHistogram interval logs: the interval percentiles, and with no report the totals
   * @param warn told about figures left out
   */
  static RunSummary merge(
      List<RunSummary> reports,
      List<MergeInputs.HdrLog> logs,
      List<Double> percentiles,
      List<String> inputs,
      Consumer<String> warn)
      throws IOException {
    long start = Long.MAX_VALUE;
    long end = 0;
    int intervalSeconds = 1;
    for (RunSummary r : reports) {
      start = Math.min(start, r.details().startEpochMicros());
      end = Math.max(end, r.details().endEpochMicros());
      intervalSeconds = Math.max(intervalSeconds, r.details().intervalSeconds());
    }
    for (MergeInputs.HdrLog l : logs) {
      start = Math.min(start, l.startMillis() * 1000);
      end = Math.max(end, l.endMillis() * 1000);
      if (reports.isEmpty()) {
        intervalSeconds = Math.max(intervalSeconds, (int) Math.round(l.intervalMillis() / 1000.0));
      }
    }
    IntervalSeries series =
        SeriesMerger.series(reports, logs, start, end, intervalSeconds * 1_000_000L);
    return reports.isEmpty()
        ? fromLogs(logs, series, percentiles, inputs, start, end, intervalSeconds)
        : fromReports(reports, series, percentiles, inputs, start, end, intervalSeconds, warn);
  }

  private static RunSummary fromReports(
      List<RunSummary> reports,
      IntervalSeries series,
      List<Double> percentiles,
      List<String> inputs,
      long start,
      long end,
      int interval,
      Consumer<String> warn) {
    RunSummary first = reports.get(0);
    StatsData total = new StatsData();
    Histogram latencies = new Histogram(3);
    Histogram service = null;
    long late = 0;
    long connection = 0;
    long initial = 0;
    long duration = 0;
    int clients = 0;
    int threads = 0;
    double tps = 0;
    double rate = 0;
    boolean aborted = false;
    boolean interrupted = false;
    boolean sameScripts = true;
    boolean reconnect = false;
    List<Outages> outages = new ArrayList<>();
    String type = first.settings().transactionType();
    for (RunSummary r : reports) {
      reconnect |= r.settings().reconnect();
      if (r.outages() != null) {
        outages.add(r.outages());
      }
      total.merge(r.total());
      if (r.latencies() != null) {
        latencies.add(r.latencies());
      }
      if (r.details().serviceLatencies() != null) {
        service = service != null ? service : new Histogram(3);
        service.add(r.details().serviceLatencies());
      }
      late += r.latencyLate();
      connection += r.connectionMicros();
      initial = Math.max(initial, r.initialConnectionMicros());
      duration = Math.max(duration, r.settings().durationSeconds());
      clients += r.settings().clients();
      threads += r.settings().threads();
      tps += r.tps();
      rate += r.details().rate();
      aborted |= r.aborted();
      interrupted |= r.interrupted();
      sameScripts &= describe(r).equals(describe(first));
      if (!r.settings().transactionType().equals(type)) {
        type = "multiple scripts";
      }
    }
    List<ScriptSummary> scripts = sameScripts ? scripts(reports) : List.of();
    if (!sameScripts) {
      warn.accept(ReportMessages.MERGE_SCRIPTS);
    }
    RunSettings f = first.settings();
    // latency figures of a merge are always the measured ones (progress = true)
    RunSettings settings =
        RunSettings.builder()
            .transactionType(type)
            .scale(f.scale())
            .partitionMethod(f.partitionMethod())
            .partitions(f.partitions())
            .queryMode(f.queryMode())
            .clients(clients)
            .threads(threads)
            .maxTries(f.maxTries())
            .durationSeconds(duration)
            .transactionsPerClient(f.transactionsPerClient())
            .failuresDetailed(f.failuresDetailed())
            .latencyLimitMicros(f.latencyLimitMicros())
            .throttled(f.throttled())
            .progress(true)
            .connectPerTransaction(f.connectPerTransaction())
            .perScriptStats(sameScripts && f.perScriptStats())
            .reportPerCommand(sameScripts && f.reportPerCommand())
            .continueOnError(f.continueOnError())
            .reconnect(reconnect)
            .build();
    // the benchmark time that makes the merged tps the sum of the processes' tps
    long bench = tps > 0 ? Math.round(total.cnt * 1e6 / tps) : duration * 1_000_000L;
    long weight = 0;
    for (ScriptSummary s : scripts) {
      weight += s.weight();
    }
    RunDetails details =
        new RunDetails(
            percentiles,
            service,
            series,
            first.details().server(),
            rate,
            interval,
            start,
            end,
            first.details().version(),
            inputs,
            tps,
            client(reports));
    // --server-stats: the server is one, sampled once (a group's leader) or alike by every input;
    // the first input's series, on the merged timeline
    for (RunSummary r : reports) {
      if (r.details().serverStats() != null) {
        double shift = (r.details().startEpochMicros() - start) / 1e6;
        details = details.withServerStats(r.details().serverStats().shifted(shift));
        break;
      }
    }
    // -b tpcc: one database, so its orders are counted once, over the merged run
    details =
        details.withWorkload(
            org.jpgbench.report.Workload.merged(
                reports.stream().map(r -> r.details().workload()).toList(),
                total.cnt,
                Math.max(bench, 1) / 1e6));
    return new RunSummary(
        settings,
        total,
        late,
        Math.max(bench, 1),
        connection,
        initial,
        scripts,
        weight,
        latencies,
        aborted,
        interrupted,
        details,
        reconnect ? Outages.merge(outages) : null);
  }

  /**
   * The processes' client figures together: CPU seconds summed, every thread's busy share, the
   * transport when they all used the same ("mixed" otherwise); null when a process has none.
   */
  private static ClientInfo client(List<RunSummary> runs) {
    double cpu = 0;
    List<Double> busy = new ArrayList<>();
    String transport = null;
    String path = null;
    for (RunSummary r : runs) {
      ClientInfo c = r.details().client();
      if (c == null) {
        return null;
      }
      cpu += c.cpuSeconds();
      busy.addAll(c.threadBusy());
      transport = transport == null || transport.equals(c.transport()) ? c.transport() : "mixed";
      path = path == null || path.equals(c.queryPath()) ? c.queryPath() : "mixed";
    }
    return new ClientInfo(transport, path, cpu, busy);
  }

  /** Script descriptions, weights and command texts: what must match to merge per script. */
  private static String describe(RunSummary r) {
    StringBuilder b = new StringBuilder();
    for (ScriptSummary s : r.scripts()) {
      b.append(s.description()).append('@').append(s.weight()).append('{');
      for (CommandSummary c : s.commands()) {
        b.append(c.text()).append('\n');
      }
      b.append('}');
    }
    return b.toString();
  }

  private static List<ScriptSummary> scripts(List<RunSummary> reports) {
    List<ScriptSummary> out = new ArrayList<>();
    int n = reports.get(0).scripts().size();
    for (int s = 0; s < n; s++) {
      ScriptSummary base = reports.get(0).scripts().get(s);
      StatsData stats = base.stats() != null ? new StatsData() : null;
      Histogram h = new Histogram(3);
      List<CommandSummary> commands = new ArrayList<>();
      for (int c = 0; c < base.commands().size(); c++) {
        long count = 0;
        long sum = 0;
        long failures = 0;
        long retries = 0;
        Histogram ch = null;
        for (RunSummary r : reports) {
          CommandSummary cs = r.scripts().get(s).commands().get(c);
          count += cs.count();
          sum += cs.sumMicros();
          failures += cs.failures();
          retries += cs.retries();
          if (cs.latencies() != null) {
            ch = ch != null ? ch : new Histogram(ClientHistograms.COMMAND_DIGITS);
            ch.add(cs.latencies());
          }
        }
        commands.add(
            new CommandSummary(base.commands().get(c).text(), count, sum, failures, retries, ch));
      }
      for (RunSummary r : reports) {
        ScriptSummary one = r.scripts().get(s);
        if (stats != null && one.stats() != null) {
          stats.merge(one.stats());
        }
        if (one.latencies() != null) {
          h.add(one.latencies());
        }
      }
      out.add(new ScriptSummary(base.description(), base.weight(), stats, commands, h));
    }
    return out;
  }

  private static RunSummary fromLogs(
      List<MergeInputs.HdrLog> logs,
      IntervalSeries series,
      List<Double> percentiles,
      List<String> inputs,
      long start,
      long end,
      int interval) {
    Histogram latencies = new Histogram(3);
    double tps = 0;
    for (MergeInputs.HdrLog l : logs) {
      latencies.add(l.total());
      tps += l.tps();
    }
    StatsData total = new StatsData();
    long n = latencies.getTotalCount();
    total.cnt = n;
    if (n > 0) {
      double mean = latencies.getMean();
      double sd = latencies.getStdDeviation();
      total.latency.count = n;
      total.latency.sum = mean * n;
      total.latency.sum2 = n * (sd * sd + mean * mean);
      total.latency.min = latencies.getMinValue();
      total.latency.max = latencies.getMaxValue();
    }
    long duration = (end - start + 500_000) / 1_000_000;
    RunSettings settings =
        RunSettings.builder()
            .transactionType("HdrHistogram logs")
            .queryMode("unknown")
            .maxTries(1)
            .durationSeconds(duration)
            .progress(true)
            .build();
    long bench = tps > 0 ? Math.round(n * 1e6 / tps) : Math.max(1, end - start);
    RunDetails details =
        new RunDetails(
            percentiles, null, series, null, 0, interval, start, end, null, inputs, tps, null);
    return new RunSummary(
        settings, total, 0, bench, 0, 0, List.of(), 0, latencies, false, false, details, null);
  }
}
