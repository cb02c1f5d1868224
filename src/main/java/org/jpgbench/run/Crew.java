package org.jpgbench.run;

import java.util.Arrays;
import org.jpgbench.config.Options;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.random.SeedPlan;
import org.jpgbench.script.DeepStack;

/**
 * A run's clients, built complete before any of them connects: each pgbench thread's {@link
 * PgbenchThread} (its schedule, random streams and logs), the {@link Client}s, the event loops that
 * carry them (one per pgbench thread when the transport multiplexes, else one per client) and the
 * loops' threads, not yet started.
 */
final class Crew {
  final PgbenchThread[] pgbenchThreads;
  final Client[] clients;
  final EventLoop[] loops;
  private final Thread[] loopThreads;

  Crew(Options o, RunContext run, SymbolTable symbols, SeedPlan seeds, int scale, boolean mux) {
    int nthreads = seeds.threads();
    pgbenchThreads = new PgbenchThread[nthreads];
    clients = new Client[o.run().clients()];
    loops = new EventLoop[mux ? nthreads : clients.length];
    int[] weights = new int[run.scripts.length];
    for (int s = 0; s < weights.length; s++) {
      weights[s] = run.scripts[s].weight();
    }
    double throttleDelay = o.run().rate() > 0 ? 1_000_000.0 / o.run().rate() * nthreads : 0;
    for (int t = 0; t < nthreads; t++) {
      pgbenchThreads[t] =
          new PgbenchThread(
              t,
              seeds.chooseRandom(t),
              seeds.throttleRandom(t),
              seeds.sampleRandom(t),
              weights,
              throttleDelay,
              o.outputs().samplingRate(),
              run.console);
      int first = seeds.firstClient(t);
      int count = seeds.clientCount(t);
      for (int c = first; c < first + count; c++) {
        clients[c] =
            new Client(
                c,
                pgbenchThreads[t],
                run,
                ClientVariables.of(o, symbols, c, scale, seeds),
                seeds.clientRandom(c));
      }
      if (mux) {
        loops[t] = new EventLoop(t, Arrays.copyOfRange(clients, first, first + count), run);
      }
    }
    if (!mux) {
      for (int c = 0; c < clients.length; c++) {
        loops[c] = new EventLoop(c, new Client[] {clients[c]}, run);
      }
    }
    loopThreads = new Thread[loops.length];
    for (int i = 0; i < loops.length; i++) {
      // deep enough for the evaluators of expressions nested as far as the parser allows
      loopThreads[i] = new Thread(null, loops[i], "jpgbench-thread-" + i, DeepStack.STACK_BYTES);
      loopThreads[i].setDaemon(true);
    }
  }

  /** Starts the loops: each connects its clients, then waits at the run's {@link StartGate}. */
  void start() {
    for (Thread t : loopThreads) {
      t.start();
    }
  }

  /** Waits (uninterruptibly) until every loop's thread has ended. */
  void join() {
    for (Thread t : loopThreads) {
      Uninterruptibly.join(t);
    }
  }

  /** The first client that could not connect, or null. */
  Client connectFailure() {
    for (Client c : clients) {
      if (c.connectError != null) {
        return c;
      }
    }
    return null;
  }

  /** Asks the server to cancel each client's query in flight (any thread; best effort). */
  void cancelQueries() {
    for (Client c : clients) {
      Link l = c.link;
      if (l != null) {
        l.cancel();
      }
    }
  }

  /** Whether some client aborted (pgbench's exit status 2). */
  boolean aborted() {
    for (Client c : clients) {
      if (c.end == Client.End.ABORTED) {
        return true;
      }
    }
    return false;
  }

  /** pgbench's per-thread schedules (-R) and log files start at the benchmark's start. */
  void startSchedules(long benchStartMicros) {
    for (PgbenchThread g : pgbenchThreads) {
      g.startSchedule(benchStartMicros);
    }
  }

  /** Closes each pgbench thread's -l log at the run's end (epoch µs). */
  void closeLogs(long endEpochMicros) {
    for (PgbenchThread g : pgbenchThreads) {
      g.closeLog(endEpochMicros);
    }
  }
}
