package org.jpgbench.run;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.report.IntervalCollector;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ServerStats;
import org.jpgbench.report.SloCheck;
import org.jpgbench.report.SloStop;
import org.jpgbench.report.SloWatch;
import org.jpgbench.report.Workload;
import org.jpgbench.report.text.ServerStatsText;
import org.jpgbench.report.text.TextReport;
import org.jpgbench.sigint.CtrlC;
import org.jpgbench.telemetry.BehindPooler;
import org.jpgbench.telemetry.Monitor;
import org.jpgbench.telemetry.MonitorTarget;

/**
 * A run from the clients' start to its report, built complete once the setup connection has done
 * its work and the clients, log files and reports are ready. Its phases are methods, called once
 * each by {@link #run()}: {@link #start()} (the loops connect, the group agrees on a start, the
 * clients go), {@link #measure} (until they end), then {@link #report}.
 */
final class Execution {
  /** When the clients started and how long connecting took (monotonic µs). */
  private record Timeline(long start, long connected, long benchStart) {}

  /** When the clients ended, and the client's CPU time from their start (ns). */
  private record Ending(long end, long cpuNanos, ReportOutputs.Recording recording) {}

  private final Options o;
  private final RunContext run;
  private final Crew crew;
  private final LogFiles logFiles;
  private final ReportOutputs reports;
  private final SetupConnection.Result setup;
  private final Coordinator group;
  private final PrintStream out;
  private final long nxacts;

  /** --metrics-listen: told of the run while it lasts; null when nothing watches. */
  private final RunObserver observer;

  /** --server-stats: the monitor while the run lasts, and what it sampled. */
  private Monitor monitor;

  private ServerStats serverStats;

  Execution(
      Options o,
      RunContext run,
      Crew crew,
      LogFiles logFiles,
      ReportOutputs reports,
      SetupConnection.Result setup,
      Coordinator group,
      PrintStream out,
      long nxacts,
      RunObserver observer) {
    this.o = o;
    this.run = run;
    this.crew = crew;
    this.logFiles = logFiles;
    this.reports = reports;
    this.setup = setup;
    this.group = group;
    this.out = out;
    this.nxacts = nxacts;
    this.observer = observer;
  }

  /** Runs the phases under a Ctrl-C handler; every loop's thread has ended when it returns. */
  RunResult run() {
    run.control.attach(crew::cancelQueries, Thread.currentThread());
    CtrlC sigint =
        CtrlC.during(
            () -> {
              run.control.interrupt();
              return true;
            },
            o.embedded());
    monitor = openMonitor();
    try {
      Timeline t = start();
      if (t == null) {
        return RunResult.failed(run.control.interrupted ? CtrlC.EXIT_STATUS : 1);
      }
      Ending e = measure(t);
      if (run.control.abortedThread >= 0) {
        e.recording().abandon(e.end());
        if (group != null) {
          group.abandon(2);
        }
        run.console.error(Messages.f(Messages.THREAD_ABORTED, run.control.abortedThread));
        return RunResult.failed(2);
      }
      ClientCpu usage = ClientCpu.of(e.cpuNanos(), crew.loops, setup.engine().multiplexes());
      RunResult result = report(t, e, usage);
      usage.warnIfBusy(run.console, e.end() - t.benchStart());
      return result;
    } finally {
      sigint.close();
      crew.join();
      if (monitor != null) {
        monitor.close();
      }
      if (observer != null) {
        observer.ended();
      }
    }
  }

  /**
   * --server-stats: the monitoring session, connected before the clients; null when off or when it
   * cannot connect (the run goes on without it, saying so).
   */
  private Monitor openMonitor() {
    int seconds = o.outputs().serverStatsSeconds();
    if (seconds <= 0) {
      return null;
    }
    // --server-stats-conninfo: the server itself, where the run may go through a pooler
    ConnectionFactory target = run.db.serverStats();
    boolean own = target == run.db;
    try {
      Engine engine = setup.engine();
      return Monitor.open(
          own ? run::open : () -> target.openSession(o.run().queryMode()),
          engine.jdbcOnly() ? null : engine.transports(),
          run.backends,
          RunClock::now,
          seconds,
          o.outputs().waitSamplingHz(),
          new MonitorTarget(
              own ? null : run.db.applicationName(),
              setup.tpccOrders() >= 0 ? TpccCounts.MONITORED : Map.of()));
    } catch (BehindPooler e) {
      run.console.warning(Messages.f(Messages.MONITOR_BEHIND_POOLER, e.getMessage()));
      return null;
    } catch (SQLException e) {
      run.console.warning(Messages.f(Messages.MONITOR_FAILED, e.getMessage()));
      return null;
    }
  }

  /**
   * The loops connect their clients; then (--group) the members agree on a common start. Returns
   * null when the run cannot start (the error printed, the loops let go).
   */
  private Timeline start() {
    long start = RunClock.now();
    crew.start();
    Uninterruptibly.await(run.connected);
    Client failed = crew.connectFailure();
    if (failed != null) {
      run.console.error(PgError.connectionMessage(failed.connectError));
      run.console.error(Messages.f(Messages.CLIENT_CONNECTION, failed.id));
      abandonStart(1);
      return null;
    }
    long connected = RunClock.now();
    long benchStart = connected;
    if (group != null) {
      try {
        long at = group.awaitStart(() -> run.control.halted) - run.clock.epochShift;
        benchStart = Math.max(at, RunClock.now());
      } catch (Coordinator.GroupFailure e) {
        run.console.error(e.getMessage());
        abandonStart(run.control.interrupted ? CtrlC.EXIT_STATUS : 1);
        return null;
      }
    }
    return new Timeline(start, connected, benchStart);
  }

  /** The clients go, -P ticks and the series' intervals are kept until every client has ended. */
  private Ending measure(Timeline t) {
    // a group's intervals and -P ticks count from the common start, so that they line up
    long base = group == null ? t.start() : t.benchStart();
    long epochShift = run.clock.epochShift;
    ReportOutputs.Recording recording = reports.start(crew.clients, base, epochShift);
    IntervalCollector intervals = recording.intervals();
    if (intervals != null && group != null && group.intervals() != null) {
      intervals.listen(group.intervals());
    }
    if (o.outputs().sloAbort()) { // RunPlan keeps intervals for it
      intervals.listen(new SloWatch(o.outputs().thresholds(), this::stopForThreshold));
    }
    if (monitor != null && group != null && !group.leads()) {
      // a group's leader samples the server once for the group (merge carries its series)
      monitor.close();
      monitor = null;
    }
    if (monitor != null) {
      monitor.begin(base, new ClientsDone(crew.clients));
    }
    crew.startSchedules(t.benchStart());
    if (o.outputs().log()) {
      logFiles.attach(crew.pgbenchThreads, t.benchStart() + epochShift);
    }
    long cpuStart = CpuTime.process();
    if (observer != null) {
      observer.started(live(cpuStart));
    }
    if (group != null) {
      RunClock.sleepUntil(t.benchStart()); // everything above prepared, so the clients go at once
    }
    long duration = o.run().durationSeconds();
    run.gate.open(duration > 0 ? t.benchStart() + duration * 1_000_000L : 0);
    ProgressReporter progress = null;
    int seconds = o.outputs().progressSeconds();
    if (seconds > 0 || intervals != null) {
      progress =
          new ProgressReporter(
              run,
              crew.clients,
              seconds > 0 ? seconds : 1,
              base,
              o.run().latencyLimitMicros() > 0,
              o.run().maxTries() != 1,
              o.outputs().progressTimestamp(),
              intervals,
              // the group's leader prints the group's lines instead of its own
              seconds > 0 && (group == null || !group.leads()));
      progress.start();
    }
    Uninterruptibly.await(run.finished);
    long end = RunClock.now();
    long cpu = CpuTime.process() - cpuStart;
    if (monitor != null) {
      // a last interval shorter than half (the read after the backends exited) joins the one before
      serverStats = monitor.finish(end).withShortTailFolded();
    }
    if (progress != null) {
      progress.stop();
    }
    crew.closeLogs(end + epochShift);
    return new Ending(end, cpu, recording);
  }

  /** What the observer may read of the run while it lasts. */
  private LiveRun live(long cpuStart) {
    List<String> names = new java.util.ArrayList<>();
    for (org.jpgbench.script.Script s : run.scripts) {
      names.add(s.name());
    }
    return new LiveRun(
        names,
        crew.clients,
        crew.loops,
        run.outages,
        monitor,
        group != null ? group.memberNumber() : 0,
        cpuStart);
  }

  /**
   * --slo-abort, on the progress thread (before the interval's -P line): the run stops as under
   * Ctrl-C, but not as interrupted; the report says why.
   */
  private void stopForThreshold(SloStop stop) {
    if (run.finished.getCount() == 0) {
      return; // the last interval, closed after the clients ended: the final check judges it
    }
    run.control.stopForThreshold(stop);
  }

  /** pgbench's report, then jpgbench's; the group's leader reports for the group. */
  private RunResult report(Timeline t, Ending e, ClientCpu cpu) {
    boolean aborted = crew.aborted();
    boolean interrupted = run.control.interrupted;
    RunSummary summary =
        SummaryBuilder.build(
            o,
            run,
            crew.clients,
            setup.table(),
            setup.scale(),
            crew.pgbenchThreads.length,
            nxacts,
            e.end() - t.benchStart(),
            t.connected() - t.start(),
            aborted,
            interrupted);
    if (run.outages != null) {
      summary =
          summary.withOutages(run.outages.finish(t.benchStart(), e.end(), run.clock.epochShift));
    }
    summary = e.recording().complete(summary, cpu, e.end(), run.clock.epochShift, run.console);
    if (serverStats != null) {
      summary = summary.withDetails(summary.details().withServerStats(serverStats));
    }
    if (setup.tpccOrders() >= 0) {
      long after = TpccCounts.orders(run.db);
      if (after >= 0) {
        summary =
            summary.withDetails(
                summary
                    .details()
                    .withWorkload(
                        new Workload(
                            "tpcc",
                            setup.scale(),
                            setup.tpccOrders(),
                            after,
                            summary.total().cnt,
                            summary.benchMicros() / 1e6)));
      }
    }
    SloStop sloStop = run.control.sloStop;
    if (sloStop != null) {
      summary = summary.withDetails(summary.details().withSloStop(sloStop));
      run.console.warning(Messages.f(Messages.SLO_ABORT, sloStop.text()));
    }
    int outcome = aborted ? 2 : interrupted ? CtrlC.EXIT_STATUS : 0;
    boolean uncoordinated = false;
    if (group != null && group.leads()) {
      int status = group.finish(summary, outcome);
      if (status != Coordinator.UNCOORDINATED) {
        return new RunResult(status, summary);
      }
      uncoordinated = true; // no group report: this run's own, so that nothing measured is lost
    }
    printText(summary);
    if (summary.details().workload() != null) {
      out.print(summary.details().workload().line());
      out.flush();
    }
    if (serverStats != null) {
      out.print(ServerStatsText.block(serverStats));
      out.flush();
    }
    boolean written = reports.write(summary, run.console);
    if (aborted) {
      run.console.error(Messages.RUN_ABORTED);
    }
    if (interrupted) {
      run.console.warning(Messages.RUN_INTERRUPTED);
    } else if (sloStop != null) {
      run.console.warning(Messages.RUN_STOPPED_BY_SLO);
    }
    int status = uncoordinated ? 2 : outcome != 0 ? outcome : written ? 0 : 1;
    // a group's thresholds are the group report's (the leader checks them), not each member's
    if (!o.outputs().thresholds().isEmpty() && (group == null || uncoordinated)) {
      List<SloCheck.Result> slo = SloCheck.evaluate(summary);
      out.print(SloCheck.lines(slo));
      out.flush();
      if (status == 0 && (!SloCheck.allMet(slo) || sloStop != null)) {
        status = SloCheck.EXIT_STATUS;
      }
    }
    if (group != null && !uncoordinated) {
      status = group.finish(summary, status);
    }
    return new RunResult(status, summary);
  }

  private void printText(RunSummary summary) {
    try {
      new TextReport().write(summary, out);
    } catch (IOException e) {
      throw new IllegalStateException(e); // a PrintStream does not throw
    }
    out.flush();
  }

  /** The clients could not all start: they are let go, the outputs closed, the group told. */
  private void abandonStart(int status) {
    run.gate.refuse();
    Uninterruptibly.await(run.finished);
    logFiles.close();
    reports.abandon();
    if (group != null) {
      group.abandon(status);
    }
  }
}
