package org.jpgbench.run;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import org.jpgbench.config.Options;
import org.jpgbench.log.PgLog;
import org.jpgbench.report.ClientInfo;
import org.jpgbench.report.HdrIntervalLog;
import org.jpgbench.report.IntervalCollector;
import org.jpgbench.report.ReportFormat;
import org.jpgbench.report.ReportMessages;
import org.jpgbench.report.RunDetails;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ServerInfo;
import org.jpgbench.report.SummaryHistograms;
import org.jpgbench.report.html.HtmlReport;
import org.jpgbench.report.json.JsonReport;
import org.jpgbench.stats.ClientHistograms;
import org.jpgbench.stats.StatsRecorder;

/**
 * The engine's side of jpgbench's extra reports: what to record (per-script, per-command and
 * interval histograms), the server settings, the --hdr-log file, the interval collector driven by
 * the progress thread, and writing the JSON and HTML reports after pgbench's text. Nothing here is
 * used, nor anything recorded beyond pgbench's figures, unless one of the options asks for it.
 *
 * <p>The order is in the types: {@link #open} before the clients start, {@link #start} when they
 * do, giving the {@link Recording}, whose {@code complete} makes the summary that {@link #write}
 * writes; a run abandoned ends its recording, or the outputs when it never started.
 */
final class ReportOutputs {
  private final Options o;
  private final RunPlan plan;
  private final boolean histograms;
  private final boolean intervals;
  private final ServerInfo server;
  private final HdrIntervalLog hdrLog;
  private final String transport;
  private final String queryPath;
  private final int scriptCount;

  /** Where "--report-json=-" writes (the process's stdout). */
  private final PrintStream stdout;

  private ReportOutputs(
      Options o,
      RunPlan plan,
      PrintStream stdout,
      SetupConnection.Result setup,
      HdrIntervalLog hdrLog,
      int scriptCount) {
    this.o = o;
    this.scriptCount = scriptCount;
    this.plan = plan;
    this.histograms = plan.histograms();
    this.intervals = plan.intervals();
    this.stdout = stdout;
    this.server = setup.server();
    this.transport = setup.engine().transports().name();
    this.queryPath = setup.engine().path();
    this.hdrLog = hdrLog;
  }

  /**
   * The reports of a run whose clients are built but not started: attaches the extra histograms
   * each client records and creates the --hdr-log file.
   *
   * @param stdout where "--report-json=-" writes
   * @return null when the --hdr-log file cannot be created (the error printed)
   */
  static ReportOutputs open(
      Options o,
      RunPlan plan,
      PrintStream stdout,
      SetupConnection.Result setup,
      Client[] clients,
      int scriptCount,
      Console console) {
    HdrIntervalLog hdrLog = null;
    if (o.outputs().hdrLog() != null) {
      try {
        hdrLog = HdrIntervalLog.open(o.outputs().hdrLog());
      } catch (IOException e) {
        console.error(
            ReportMessages.f(
                ReportMessages.OPEN_HDR_LOG, o.outputs().hdrLog(), ReportMessages.reason(e)));
        return null;
      }
    }
    if (plan.latencyBuckets()) {
      for (Client c : clients) {
        c.stats.countBuckets();
      }
    }
    if (plan.histograms()) {
      for (Client c : clients) {
        c.stats.attach(
            new ClientHistograms(
                scriptCount, o.outputs().reportPerCommand(), o.run().rate() > 0, plan.intervals()));
      }
    }
    return new ReportOutputs(o, plan, stdout, setup, hdrLog, scriptCount);
  }

  /** Whether the progress thread must run (for the series or --hdr-log) even without -P. */
  boolean wantsIntervals() {
    return intervals;
  }

  /**
   * The run starts (before the clients go): the interval collector the progress thread feeds, if
   * any, begins. What the run then records is ended by the recording's {@code complete} or {@code
   * abandon}.
   */
  Recording start(Client[] clients, long startMicros, long epochShiftMicros) {
    return new Recording(clients, startMicros, epochShiftMicros);
  }

  /** The run is abandoned before it started (the clients could not all connect). */
  void abandon() {
    if (hdrLog != null) {
      try {
        hdrLog.close();
      } catch (IOException ignored) {
        // the run failed already
      }
    }
  }

  /** What the reports record while the clients run, from its start to its complete or abandon. */
  final class Recording {
    private final Client[] clients;
    private final long startEpochMicros;

    /** The collector the progress thread feeds; null when no report needs the intervals. */
    private final IntervalCollector collector;

    private Recording(Client[] clients, long startMicros, long epochShiftMicros) {
      this.clients = clients;
      this.startEpochMicros = startMicros + epochShiftMicros;
      if (!intervals) {
        this.collector = null;
        return;
      }
      if (hdrLog != null) {
        hdrLog.begin(
            startEpochMicros / 1000, "jpgbench " + PgLog.version() + " latency histogram log");
      }
      this.collector =
          new IntervalCollector(
              recorders(),
              startMicros,
              epochShiftMicros,
              hdrLog,
              plan.p99InProgress(),
              scriptCount);
    }

    /** The collector the progress thread feeds, or null. */
    IntervalCollector intervals() {
      return collector;
    }

    private StatsRecorder[] recorders() {
      StatsRecorder[] recorders = new StatsRecorder[clients.length];
      for (int i = 0; i < clients.length; i++) {
        recorders[i] = clients[i].stats;
      }
      return recorders;
    }

    /** The run is abandoned (a thread aborted): the last interval closes the --hdr-log file. */
    void abandon(long endMicros) {
      if (collector != null) {
        collector.finish(endMicros);
      } else {
        ReportOutputs.this.abandon();
      }
    }

    /** After the clients ended: the last interval, and the details merged into the summary. */
    RunSummary complete(
        RunSummary base, ClientCpu cpu, long endMicros, long epochShiftMicros, Console console) {
      if (collector != null) {
        collector.finish(endMicros);
        if (collector.logError() != null) {
          console.error(
              ReportMessages.f(
                  ReportMessages.WRITE_HDR_LOG,
                  o.outputs().hdrLog(),
                  ReportMessages.reason(collector.logError())));
        }
      }
      if (!histograms) {
        return base;
      }
      RunDetails d =
          new RunDetails(
                  o.outputs().percentiles(),
                  null,
                  collector != null ? collector.series() : null,
                  server,
                  o.run().rate(),
                  o.outputs().progressSeconds() > 0 ? o.outputs().progressSeconds() : 1,
                  startEpochMicros,
                  endMicros + epochShiftMicros,
                  PgLog.version(),
                  List.of())
              .withClient(new ClientInfo(transport, queryPath, cpu.cpuSeconds, cpu.busy));
      return SummaryHistograms.attach(base, recorders(), d);
    }
  }

  /**
   * Writes the JSON and HTML reports.
   *
   * @return false when a report could not be written (error printed)
   */
  boolean write(RunSummary summary, Console console) {
    boolean ok = true;
    if (o.outputs().reportJson() != null) {
      ok &= write(new JsonReport(), summary, o.outputs().reportJson(), stdout, console);
    }
    if (o.outputs().reportHtml() != null) {
      ok &= write(new HtmlReport(), summary, o.outputs().reportHtml(), null, console);
    }
    return ok;
  }

  static boolean write(
      ReportFormat format, RunSummary summary, String path, PrintStream stdout, Console console) {
    String problem = format.writeTo(summary, path, stdout);
    if (problem != null) {
      console.error(problem);
    }
    return problem == null;
  }
}
