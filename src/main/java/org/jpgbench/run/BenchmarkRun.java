package org.jpgbench.run;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.random.SeedPlan;
import org.jpgbench.report.IntervalCollector;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.TextReport;
import org.jpgbench.script.DeepStack;
import org.jpgbench.script.Script;
import org.jpgbench.script.ScriptException;
import org.jpgbench.script.ScriptParser;
import org.jpgbench.sigint.CtrlC;

/**
 * One benchmark run, in pgbench's order: setup connection (banner, table info, vacuum), clients and
 * their variables, log files, then the clients start together, -T/-P/Ctrl-C are watched while they
 * run, and the report and exit status come last.
 */
final class BenchmarkRun {
  private static final int DEFAULT_TRANSACTIONS = 10;

  private final Options o;
  private final List<Script> scriptList;
  private final SymbolTable symbols;
  private final ConnectionFactory db;
  private final PrintStream out;
  private final Console console;
  private final RunClock clock = new RunClock();

  /** jpgbench's extra reports (percentiles, JSON, HTML, --hdr-log); idle unless asked for. */
  final ReportOutputs reports;

  private final RunPlan plan;

  /** --group: the other processes of this benchmark; null when the run is alone. */
  private final Coordinator group;

  BenchmarkRun(
      Options o,
      List<Script> scripts,
      SymbolTable symbols,
      ConnectionFactory db,
      PrintStream out,
      Console console,
      Coordinator group) {
    this.o = o;
    this.group = group;
    this.scriptList = scripts;
    this.symbols = symbols;
    this.db = db;
    this.out = out;
    this.console = console;
    this.plan = RunPlan.of(o, scripts.size() > 1);
    this.reports = new ReportOutputs(o, plan);
  }

  int execute() {
    if (o.run().queryMode() != Options.QueryMode.SIMPLE && !checkParameterCounts()) {
      return 1;
    }
    long nxacts =
        o.run().transactionsPerClient() > 0
            ? o.run().transactionsPerClient()
            : o.run().durationSeconds() > 0 ? 0 : DEFAULT_TRANSACTIONS;
    SeedPlan seeds =
        SeedPlan.of(
            seed(),
            o.run().clients(),
            o.run().threads(),
            o.run().defines().containsKey("default_seed"));

    // ---- the setup connection ----
    SetupConnection.Result setup =
        new SetupConnection(o, db, plan, console, out).run(reports, nxacts, builtinScriptUsed());
    if (setup == null) {
      return 1;
    }
    Engine engine = setup.engine();
    Preflight.TableInfo table = setup.table();
    int scale = setup.scale();

    // ---- clients, in pgbench threads, on event loops ----
    Script[] scripts = scriptList.toArray(new Script[0]);
    int nthreads = seeds.threads();
    int nloops = engine.multiplexes() ? nthreads : o.run().clients();
    RunContext run =
        new RunContext(
            o,
            plan,
            scripts,
            SqlPlan.forScripts(scripts),
            symbols,
            db,
            engine.transports(),
            engine.jdbcOnly(),
            console,
            clock,
            nxacts,
            nloops);
    run.shellOutput = out == System.out ? null : out;
    ClientGroup[] groups = new ClientGroup[nthreads];
    Client[] clients = new Client[o.run().clients()];
    EventLoop[] loops = new EventLoop[nloops];
    int[] weights = new int[scripts.length];
    for (int s = 0; s < scripts.length; s++) {
      weights[s] = scripts[s].weight();
    }
    double throttleDelay = o.run().rate() > 0 ? 1_000_000.0 / o.run().rate() * nthreads : 0;
    for (int t = 0; t < nthreads; t++) {
      groups[t] =
          new ClientGroup(
              t,
              seeds.chooseRandom(t),
              seeds.throttleRandom(t),
              seeds.sampleRandom(t),
              weights,
              throttleDelay,
              o.outputs().samplingRate(),
              console);
      int first = seeds.firstClient(t);
      int count = seeds.clientCount(t);
      for (int c = first; c < first + count; c++) {
        clients[c] =
            new Client(
                c,
                groups[t],
                run,
                ClientVariables.of(o, symbols, c, scale, seeds),
                seeds.clientRandom(c));
      }
      if (engine.multiplexes()) {
        loops[t] =
            new EventLoop(t, java.util.Arrays.copyOfRange(clients, first, first + count), run);
      }
    }
    if (!engine.multiplexes()) {
      for (int c = 0; c < clients.length; c++) {
        loops[c] = new EventLoop(c, new Client[] {clients[c]}, run);
      }
    }
    LogFiles logFiles = new LogFiles(o, console, nthreads);
    if (o.outputs().log() && !logFiles.open()) {
      return 1;
    }
    reports.attach(clients, scripts.length);
    reports.engine(engine);
    if (!reports.openHdrLog(console)) {
      logFiles.close();
      return 1;
    }

    // ---- run ----
    Thread[] threads = new Thread[loops.length];
    for (int i = 0; i < loops.length; i++) {
      // deep enough for the evaluators of expressions nested as far as the parser allows
      threads[i] = new Thread(null, loops[i], "jpgbench-thread-" + i, DeepStack.STACK_BYTES);
      threads[i].setDaemon(true);
    }
    run.control.attach(clients, Thread.currentThread());
    CtrlC sigint =
        CtrlC.during(
            () -> {
              run.control.interrupt();
              return true;
            },
            o.embedded());
    try {
      long start = RunClock.now();
      for (Thread t : threads) {
        t.start();
      }
      awaitQuietly(run.connected);
      for (Client c : clients) {
        if (c.connectError != null) {
          console.error(PgError.connectionMessage(c.connectError));
          console.error(Messages.f(Messages.CLIENT_CONNECTION, c.id));
          return abandonStart(run, logFiles, 1);
        }
      }
      long connected = RunClock.now();
      long benchStart = connected;
      if (group != null) {
        try {
          long at = group.awaitStart(() -> run.control.halted) - clock.epochShift;
          benchStart = Math.max(at, RunClock.now());
        } catch (Coordinator.GroupFailure e) {
          console.error(e.getMessage());
          return abandonStart(run, logFiles, run.control.interrupted ? CtrlC.EXIT_STATUS : 1);
        }
      }
      // a group's intervals and -P ticks count from the common start, so that they line up
      long base = group == null ? start : benchStart;
      IntervalCollector intervals = reports.startIntervals(clients, base, clock.epochShift);
      if (intervals != null && group != null && group.intervals() != null) {
        intervals.listen(group.intervals());
      }
      if (o.run().durationSeconds() > 0) {
        run.endTime = benchStart + o.run().durationSeconds() * 1_000_000L;
      }
      for (ClientGroup g : groups) {
        g.startSchedule(benchStart);
      }
      if (o.outputs().log()) {
        logFiles.attach(groups, benchStart + clock.epochShift);
      }
      long cpuStart = CpuTime.process();
      if (group != null) {
        RunClock.sleepUntil(benchStart); // everything above prepared, so the clients go at once
      }
      run.go.countDown();
      ProgressReporter progress = null;
      if (o.outputs().progressSeconds() > 0 || intervals != null) {
        progress =
            new ProgressReporter(
                run,
                clients,
                o.outputs().progressSeconds() > 0 ? o.outputs().progressSeconds() : 1,
                base,
                o.run().latencyLimitMicros() > 0,
                o.run().maxTries() != 1,
                o.outputs().progressTimestamp());
        // the group's leader prints the group's lines instead of its own
        progress.withIntervals(
            intervals, o.outputs().progressSeconds() > 0 && (group == null || !group.leads()));
        progress.start();
      }
      awaitQuietly(run.finished);
      long end = RunClock.now();
      long cpu = CpuTime.process() - cpuStart;
      if (progress != null) {
        progress.stop();
      }
      for (ClientGroup g : groups) {
        g.closeLog(end + clock.epochShift);
      }
      if (run.control.abortedThread >= 0) {
        reports.abandon(end);
        if (group != null) {
          group.abandon(2);
        }
        console.error(Messages.f(Messages.THREAD_ABORTED, run.control.abortedThread));
        return 2;
      }
      ClientCpu usage = ClientCpu.of(cpu, loops, engine.multiplexes());
      reports.clientCpu(usage);
      int status =
          report(run, clients, table, scale, nthreads, nxacts, connected - start, benchStart, end);
      usage.warnIfBusy(console, end - benchStart);
      return status;
    } finally {
      sigint.close();
    }
  }

  private int report(
      RunContext run,
      Client[] clients,
      Preflight.TableInfo table,
      int scale,
      int nthreads,
      long nxacts,
      long connectMicros,
      long benchStart,
      long end) {
    boolean aborted = false;
    boolean interrupted = run.control.interrupted;
    for (Client c : clients) {
      aborted |= c.end == Client.End.ABORTED;
    }
    RunSummary summary =
        SummaryBuilder.build(
            o,
            run,
            clients,
            table,
            scale,
            nthreads,
            nxacts,
            end - benchStart,
            connectMicros,
            aborted,
            interrupted);
    if (run.outages != null) {
      summary = summary.withOutages(run.outages.finish(benchStart, end, clock.epochShift));
    }
    summary = reports.complete(summary, clients, end, clock.epochShift, console);
    int outcome = aborted ? 2 : interrupted ? CtrlC.EXIT_STATUS : 0;
    boolean uncoordinated = false;
    if (group != null && group.leads()) {
      int status = group.finish(summary, outcome);
      if (status != Coordinator.UNCOORDINATED) {
        return status;
      }
      uncoordinated = true; // no group report: this run's own, so that nothing measured is lost
    }
    try {
      new TextReport().write(summary, out);
    } catch (IOException e) {
      throw new IllegalStateException(e); // a PrintStream does not throw
    }
    out.flush();
    boolean written = reports.write(summary, console);
    if (aborted) {
      console.error(Messages.RUN_ABORTED);
    }
    if (interrupted) {
      console.warning(Messages.RUN_INTERRUPTED);
    }
    int status = uncoordinated ? 2 : outcome != 0 ? outcome : written ? 0 : 1;
    return group == null || uncoordinated ? status : group.finish(summary, status);
  }

  /** The clients could not all start: they are let go, the outputs closed, the group told. */
  private int abandonStart(RunContext run, LogFiles logFiles, int status) {
    run.startFailed = true;
    run.go.countDown();
    awaitQuietly(run.finished);
    logFiles.close();
    reports.abandon(RunClock.now());
    if (group != null) {
      group.abandon(status);
    }
    return status;
  }

  /** The base seed: --random-seed/PGBENCH_RANDOM_SEED as the command line resolved it, or time. */
  private long seed() {
    return o.run().randomSeed() != null ? o.run().randomSeed() : System.nanoTime() / 1000;
  }

  /**
   * pgbench's check, before connecting, that under -M extended/prepared no SQL command has more
   * than 255 parameters.
   */
  private boolean checkParameterCounts() {
    try {
      ScriptParser.checkParameterCounts(scriptList);
      return true;
    } catch (ScriptException e) {
      console.error(e.getMessage());
      return false;
    }
  }

  /** Whether a builtin script runs (then the scale comes from pgbench_branches). */
  private boolean builtinScriptUsed() {
    return scriptList.stream().anyMatch(Script::builtin);
  }

  private static void awaitQuietly(java.util.concurrent.CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
