package org.jpgbench.init;

import java.io.PrintStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.log.PgLog;
import org.jpgbench.report.ReportMessages;
import org.jpgbench.report.ServerInfo;

/** Initialization mode (-i), the package's entry point: the -I steps, their hooks and Ctrl-C. */
public final class Initializer {
  /**
   * How long an exit during -i waits for the cancelled step to report and close (shutdown hook).
   */
  private static final int CANCEL_WAIT_SECONDS = 5;

  private static volatile Jobs running;

  private Initializer() {}

  /**
   * Runs the -I steps; messages to err as pgbench; with --report-json, the report (its path checked
   * before the first step); returns the exit status.
   */
  public static int run(Options options, ConnectionFactory db, PrintStream out, PrintStream err) {
    String path = options.outputs().reportJson();
    String problem = org.jpgbench.report.ReportPaths.problem(path);
    if (problem != null) {
      err.println(PgLog.error(ReportMessages.f(ReportMessages.WRITE_REPORT, path, problem)));
      return 1;
    }
    Outcome o = measure(options, db, err, path != null);
    if (path != null && o.report() != null) {
      problem = InitReport.write(o.report(), path, out);
      if (problem != null) {
        err.println(PgLog.error(problem));
        return o.status() == 0 ? 1 : o.status();
      }
    }
    return o.status();
  }

  /**
   * An initialization's exit status, and its report (docs/report-json.md, {@value
   * InitReport#SCHEMA}) when one was asked for and a step began: a failed one says which step.
   */
  public record Outcome(int status, Map<String, Object> report) {}

  /**
   * Runs the -I steps as {@link #run} does, without writing a report.
   *
   * @param report whether to build the report (it reads the server's settings first)
   */
  public static Outcome measure(
      Options options, ConnectionFactory db, PrintStream err, boolean report) {
    InitPlan plan;
    InitHooks hooks;
    try {
      plan = InitPlan.parse(options.init().initSteps(), options.init().tpcc());
      hooks = InitHooks.load(options.run().scripts(), options.run().scriptTexts());
    } catch (InitError e) {
      e.lines.forEach(err::println);
      return new Outcome(1, null);
    }
    for (InitHooks.Hook h : hooks.hooks) {
      if (!plan.contains(InitStep.of(h.step()))) {
        err.println(InitMessages.hookNotRun(h.where(), String.valueOf(h.step())));
      }
    }
    Jobs jobs = new Jobs(db, err, options.debug(), options.init().initJobs());
    CountDownLatch finished = new CountDownLatch(1);
    Thread onInterrupt =
        new Thread(
            () -> {
              jobs.cancelAll();
              try {
                // let the failing step report and close its connections
                finished.await(CANCEL_WAIT_SECONDS, TimeUnit.SECONDS);
              } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
              }
            },
            "jpgbench-init-cancel");
    boolean hooked = addShutdownHook(onInterrupt);
    running = jobs;
    try {
      return new StepRunner(options, jobs, hooks, plan, err).run(report);
    } finally {
      running = null;
      jobs.close();
      finished.countDown();
      if (hooked) {
        removeShutdownHook(onInterrupt);
      }
    }
  }

  /**
   * Ctrl-C, for the caller's SIGINT handler. When an initialization is running: prints pgbench's
   * "Cancel request sent", asks the server to cancel what each init connection runs (and stops
   * every later statement), and returns true; {@link #run} then prints the failed step as pgbench
   * does and returns 1, its transactions rolled back. Returns false when none is running.
   */
  public static boolean interrupt(PrintStream err) {
    Jobs j = running;
    if (j == null) {
      return false;
    }
    err.println(InitMessages.CANCEL_SENT); // first: the failing step prints its lines after it
    err.flush();
    j.cancelAll();
    return true;
  }

  private static boolean addShutdownHook(Thread t) {
    try {
      Runtime.getRuntime().addShutdownHook(t);
      return true;
    } catch (IllegalStateException | SecurityException e) {
      return false;
    }
  }

  private static void removeShutdownHook(Thread t) {
    try {
      Runtime.getRuntime().removeShutdownHook(t);
    } catch (IllegalStateException | SecurityException ignored) {
      // shutting down already
    }
  }

  /** Runs the steps and hooks in order and prints the closing line. */
  private static final class StepRunner {
    private final Options options;
    private final Jobs jobs;
    private final InitHooks hooks;
    private final InitPlan plan;
    private final PrintStream err;
    private final InitTimings timings = new InitTimings();

    StepRunner(Options options, Jobs jobs, InitHooks hooks, InitPlan plan, PrintStream err) {
      this.options = options;
      this.jobs = jobs;
      this.hooks = hooks;
      this.plan = plan;
      this.err = err;
    }

    Outcome run(boolean report) {
      InitContext ctx;
      try {
        jobs.openMain();
        ctx = new InitContext(options, jobs, err, Terminal.isTerminal(err));
      } catch (InitError e) {
        e.lines.forEach(err::println);
        return new Outcome(1, null);
      }
      ServerInfo server = report ? server(ctx) : null;
      Instant start = Instant.now();
      for (InitPlan.Action a : plan.actions) {
        if (!runHooks(ctx, true, a.step()) || !runStep(ctx, a) || !runHooks(ctx, false, a.step())) {
          return new Outcome(
              1,
              report
                  ? InitReport.document(
                      options, timings, a.step().label, server, start, Instant.now())
                  : null);
        }
      }
      err.println(timings.doneLine());
      return new Outcome(
          0,
          report
              ? InitReport.document(options, timings, null, server, start, Instant.now())
              : null);
    }

    /** The server's version and the settings reports show; null when they cannot be read. */
    private static ServerInfo server(InitContext ctx) {
      try {
        Map<String, String> settings = new LinkedHashMap<>();
        for (List<String> row : ctx.main().queryRows(ServerInfo.settingsQuery(), null)) {
          settings.put(row.get(0), row.get(1));
        }
        String version =
            ctx.main().queryValue("SELECT pg_catalog.current_setting('server_version')", null);
        return new ServerInfo(version, settings);
      } catch (InitError e) {
        return null;
      }
    }

    private boolean runStep(InitContext ctx, InitPlan.Action a) {
      long start = System.nanoTime();
      try {
        jobs.checkCanceled();
        if (options.init().tpcc()) {
          tpccStep(ctx, a.step());
        } else {
          pgbenchStep(ctx, a);
        }
      } catch (InitError e) {
        e.lines.forEach(err::println);
        err.println(InitMessages.failedStep(a.step().letter, a.step().label, e.table));
        return false;
      }
      timings.add(a.step(), (System.nanoTime() - start) / 1e9);
      return true;
    }

    /** A step of --workload=tpcc (the plan holds no other). */
    private static void tpccStep(InitContext ctx, InitStep step) throws InitError {
      switch (step) {
        case DROP -> TpccTables.drop(ctx);
        case CREATE_TABLES -> TpccTables.create(ctx);
        case CLIENT_TEXT -> TpccLoader.client(ctx);
        case SERVER_SERIES -> TpccLoader.server(ctx);
        case VACUUM -> TpccTables.vacuum(ctx);
        case PRIMARY_KEYS -> TpccTables.keys(ctx);
        case FOREIGN_KEYS -> TpccTables.foreignKeys(ctx);
        case CHECK -> TpccCheck.run(ctx);
        default -> throw new IllegalStateException("tpcc step " + step);
      }
    }

    private static void pgbenchStep(InitContext ctx, InitPlan.Action a) throws InitError {
      switch (a.step()) {
        case DROP -> DropTables.run(ctx);
        case CREATE_TABLES -> CreateTables.run(ctx);
        case CLIENT_TEXT -> ClientSideGenerator.run(ctx, false, a.perUnit());
        case CLIENT_BINARY -> ClientSideGenerator.run(ctx, true, a.perUnit());
        case SERVER_SERIES -> ServerSideGenerator.run(ctx, false, a.perUnit());
        case SERVER_UNNEST -> ServerSideGenerator.run(ctx, true, a.perUnit());
        case VACUUM -> Vacuum.run(ctx);
        case PRIMARY_KEYS -> PrimaryKeys.run(ctx);
        case FOREIGN_KEYS -> ForeignKeys.run(ctx);
        default -> throw new IllegalStateException("mode switch " + a.step());
      }
    }

    private boolean runHooks(InitContext ctx, boolean before, InitStep step) {
      List<InitHooks.Hook> list = hooks.at(before, step.letter);
      if (list.isEmpty()) {
        return true;
      }
      long start = System.nanoTime();
      for (InitHooks.Hook h : list) {
        try {
          jobs.checkCanceled();
          ctx.main().exec(InitHooks.sqlFor(h, options.init().scale()), null);
        } catch (InitError e) {
          e.lines.forEach(err::println);
          err.println(InitMessages.hookFailed(h.where(), before, step.letter));
          return false;
        }
      }
      timings.addHooks((System.nanoTime() - start) / 1e9);
      return true;
    }
  }
}
