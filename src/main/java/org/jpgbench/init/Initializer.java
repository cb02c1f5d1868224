package org.jpgbench.init;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;

/** Initialization mode (-i), the package's entry point: the -I steps, their hooks and Ctrl-C. */
public final class Initializer {
  /**
   * How long an exit during -i waits for the cancelled step to report and close (shutdown hook).
   */
  private static final int CANCEL_WAIT_SECONDS = 5;

  private static volatile Jobs running;

  private Initializer() {}

  /** Runs the -I steps; messages to err as pgbench; returns the exit status. */
  public static int run(Options options, ConnectionFactory db, PrintStream out, PrintStream err) {
    InitPlan plan;
    InitHooks hooks;
    try {
      plan = InitPlan.parse(options.init().initSteps());
      hooks = InitHooks.load(options.run().scripts(), options.run().scriptTexts());
    } catch (InitError e) {
      e.lines.forEach(err::println);
      return 1;
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
      return new StepRunner(options, jobs, hooks, plan, err).run();
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

    int run() {
      InitContext ctx;
      try {
        jobs.openMain();
        ctx = new InitContext(options, jobs, err, Terminal.isTerminal(err));
      } catch (InitError e) {
        e.lines.forEach(err::println);
        return 1;
      }
      for (InitPlan.Action a : plan.actions) {
        if (!runHooks(ctx, true, a.step()) || !runStep(ctx, a) || !runHooks(ctx, false, a.step())) {
          return 1;
        }
      }
      err.println(timings.doneLine());
      return 0;
    }

    private boolean runStep(InitContext ctx, InitPlan.Action a) {
      long start = System.nanoTime();
      try {
        jobs.checkCanceled();
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
      } catch (InitError e) {
        e.lines.forEach(err::println);
        err.println(InitMessages.failedStep(a.step().letter, a.step().label, e.table));
        return false;
      }
      timings.add(a.step().label, (System.nanoTime() - start) / 1e9);
      return true;
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
      timings.add(InitTimings.HOOKS, (System.nanoTime() - start) / 1e9);
      return true;
    }
  }
}
