package org.jpgbench.run;

import java.io.OutputStream;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.concurrent.locks.LockSupport;
import org.jpgbench.expr.EvalContext;
import org.jpgbench.expr.Variables;
import org.jpgbench.random.Prng;
import org.jpgbench.report.StatsRecorder;
import org.jpgbench.report.TxStatus;

/**
 * One pgbench client: a connection driven by its own platform thread through pgbench's state
 * machine (choose a script, maybe wait for its --rate slot or skip it, run the commands with {@link
 * TransactionRunner}, account the transaction, start over). Its variables, function generator and
 * statistics are its own; what it shares with the other clients of its pgbench thread is in
 * {@link ClientGroup}. In the steady state a transaction allocates nothing here.
 */
final class Client implements Runnable, EvalContext {
  /** How the client ended. */
  enum End { FINISHED, ABORTED, INTERRUPTED }

  final int id;
  final ClientGroup group;
  final StatsRecorder stats;
  final RunContext run;
  final Variables vars;
  final Prng random;
  /** The function generator as the transaction found it, restored for a retry. */
  final Prng savedRandom;
  private final TransactionRunner runner;
  volatile SqlSession session;
  private volatile Thread thread;
  volatile End end;
  /** The connection error when the initial connection failed. */
  volatile SQLException connectError;

  /** Transactions accounted (successful, failed and skipped), pgbench's st->cnt. */
  private long cnt;
  // ---- the transaction in progress (shared with the TransactionRunner) ----
  int script;
  long txnScheduled;
  long txnBegin;
  int tries;
  TxStatus status;
  /** The meta-command being executed, for debug(). */
  int currentPc;
  /** When the previous transaction ended (µs), its successor's start when chained; -1: read the clock. */
  private long ended;

  Client(int id, ClientGroup group, RunContext run, Variables vars, Prng random) {
    this.id = id;
    this.group = group;
    this.run = run;
    this.vars = vars;
    this.random = random;
    this.savedRandom = random.copy();
    this.stats = new StatsRecorder(run.commandCounts, run.perScriptStats);
    this.runner = new TransactionRunner(this);
  }

  @Override
  public Variables variables() {
    return vars;
  }

  @Override
  public Prng random() {
    return random;
  }

  /** The running script's index, printed by debug(). */
  @Override
  public int scriptIndex() {
    return script;
  }

  /** The running command's 0-based index, printed by debug() (plus one). */
  @Override
  public int commandIndex() {
    return currentPc;
  }

  /** Where debug() writes: the run's stderr. */
  @Override
  public PrintStream err() {
    return run.console.stream();
  }

  /** Where \shell output goes: null (inherit stdout) unless the run prints elsewhere. */
  @Override
  public OutputStream shellOutput() {
    return run.shellOutput;
  }

  @Override
  public void run() {
    thread = Thread.currentThread();
    End e = End.ABORTED;
    try {
      if (!run.connectPerTransaction) {
        try {
          session = run.connect();
        } catch (SQLException ex) {
          connectError = ex;
        }
      }
      run.connected.countDown();
      run.go.await();
      if (run.startFailed) {
        e = End.FINISHED;
        return;
      }
      e = loop();
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      e = End.INTERRUPTED;
    } catch (RuntimeException ex) {
      run.console.error("client " + id + " aborted: " + ex);
      e = End.ABORTED;
    } finally {
      end = e;
      closeSession();
      if (e == End.ABORTED && run.exitOnAbort) {
        run.control.abortRun(group.tid);
      }
      run.finished.countDown();
      run.control.wakeMain();
    }
  }

  /** From another thread: wake the client if it sleeps, cancel its query if one runs. */
  void wakeAndCancel() {
    Thread t = thread;
    if (t != null) {
      LockSupport.unpark(t);
    }
    SqlSession s = session;
    if (s != null) {
      s.cancel();
    }
  }

  private End loop() {
    ended = run.measureLatency ? -1 : 0;
    while (true) {
      End e = transaction();
      if (e != null) {
        return e;
      }
    }
  }

  /**
   * One transaction, from choosing its script to accounting it (the body of the loop, a method of
   * its own so that the JIT compiles it as such instead of replacing the loop on the stack).
   *
   * @return how the client ends, or null to go on
   */
  private End transaction() {
    RunControl control = run.control;
    // Unthrottled and without -C, a transaction starts right where the previous one ended: its end
    // time is the next start time, so a transaction reads the clock once (-1: read it). When nothing
    // shows per-transaction latencies, it does not read the clock at all (times are 0).
    boolean measure = run.measureLatency;
    boolean chain = !run.throttled && !run.connectPerTransaction;
    // choose the script
    script = run.scripts.length == 1 ? 0 : group.chooseScript();
    status = TxStatus.OK;
    tries = 1;
    if (run.console.debugEnabled) {
      run.console.debug(Messages.f(Messages.DEBUG_SCRIPT, id, run.scripts[script].description()));
    }
    if (control.stop) {
      return quitEnd();
    }
    if (run.throttled) {
      // take the next slot of the schedule, skipping those already too late under -L
      while (true) {
        txnScheduled = group.nextScheduledStart();
        if (run.latencyLimit > 0) {
          long now = RunClock.now();
          if (txnScheduled < now - run.latencyLimit) {
            account(now, true);
            if (control.stop
                || (run.transactionsPerClient > 0 && cnt >= run.transactionsPerClient)) {
              return quitEnd();
            }
            continue;
          }
        }
        break;
      }
      if (run.endTime > 0 && txnScheduled > run.endTime) {
        return quitEnd();
      }
      if (!sleepUntil(txnScheduled) || control.stop) {
        return quitEnd();
      }
    }
    // start the transaction
    long now = ended >= 0 ? ended : RunClock.now();
    ended = measure ? -1 : 0;
    if (session == null) {
      now = RunClock.now(); // -C: always measured
      try {
        session = run.connect();
      } catch (SQLException ex) {
        run.console.error(PgError.connectionMessage(ex));
        run.console.error(Messages.f(Messages.CONNECT_ABORTED, id));
        return End.ABORTED;
      }
      long after = RunClock.now();
      stats.addConnectionTime(after - now);
      now = after;
    }
    savedRandom.restore(random);
    txnBegin = now;
    if (!run.throttled) {
      txnScheduled = now;
    }
    TransactionRunner.Step outcome = runner.run(now);
    if (outcome == TransactionRunner.Step.ABORT) {
      return End.ABORTED;
    }
    if (outcome == TransactionRunner.Step.QUIT) {
      return quitEnd();
    }
    // end of transaction
    long end = measure ? RunClock.now() : 0;
    account(end, false);
    if (run.hasSql[script]) { // without SQL the session's state cannot have changed
      SqlSession.TxState tx = session.transactionState();
      if (tx == SqlSession.TxState.IN_BLOCK) {
        run.console.error(Messages.f(Messages.TX_OPEN_AT_END, id));
        return End.ABORTED;
      } else if (tx == SqlSession.TxState.BROKEN) {
        run.console.error(Messages.BACKEND_DIED);
        run.console.error(Messages.f(Messages.TX_STATUS_ABORTED, id));
        return End.ABORTED;
      }
    }
    if (chain) {
      ended = end;
    }
    if (run.connectPerTransaction) {
      long start = RunClock.now();
      closeSession();
      stats.addConnectionTime(RunClock.now() - start);
    }
    if ((run.durationSeconds <= 0 && cnt >= run.transactionsPerClient) || control.stop) {
      return quitEnd();
    }
    return null;
  }

  private End quitEnd() {
    return run.control.interrupted ? End.INTERRUPTED : End.FINISHED;
  }

  // ---------------------------------------------------------------- accounting

  /** pgbench's processXactStats. */
  private void account(long now, boolean skipped) {
    double latency = 0;
    double lag = 0;
    if (!skipped && status == TxStatus.OK) {
      latency = now - txnScheduled;
      lag = txnBegin - txnScheduled;
    }
    boolean late = run.latencyLimit > 0 && latency > run.latencyLimit;
    cnt++;
    stats.transaction(script, skipped, latency, lag, status, tries, late);
    if (run.log) {
      group.log(id, cnt, skipped, status, latency, lag, script, tries, now + run.clock.epochShift);
    }
  }

  /** Waits until {@code deadline} (monotonic µs); false when interrupted by Ctrl-C. */
  boolean sleepUntil(long deadline) {
    while (true) {
      if (run.control.interrupted) {
        return false;
      }
      long remaining = deadline - RunClock.now();
      if (remaining <= 0) {
        return true;
      }
      LockSupport.parkNanos(this, remaining * 1000);
    }
  }

  private void closeSession() {
    SqlSession s = session;
    session = null;
    if (s != null) {
      s.close();
    }
  }
}
