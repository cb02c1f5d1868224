package org.jpgbench.run;

import java.io.IOException;
import org.jpgbench.random.Distributions;
import org.jpgbench.random.Prng;
import org.jpgbench.report.AggregateLog;
import org.jpgbench.report.TransactionLog;
import org.jpgbench.stats.TxStatus;

/**
 * A pgbench "thread" (-j; pgbench's TState): the clients it runs share its random generators
 * (script choice, --rate schedule, log sampling), its throttling schedule and its log file. Its
 * clients run on one event loop when the transport multiplexes them; on the blocking streams each
 * client has a loop (and a platform thread) of its own, so these shared parts are used under this
 * object's lock. ("Group" is --group's word: several processes.)
 */
final class PgbenchThread {
  final int tid;
  private final Prng chooseRandom;
  private final Prng throttleRandom;
  private final Prng sampleRandom;
  private final int[] weights;
  private final long totalWeight;

  /** Per-thread mean delay between scheduled transactions, µs (pgbench's throttle_delay). */
  private final double throttleDelay;

  private final double samplingRate;
  private long throttleTrigger;
  private TransactionLog txLog;
  private AggregateLog aggLog;
  private boolean logFailed;
  private final Console console;

  PgbenchThread(
      int tid,
      Prng chooseRandom,
      Prng throttleRandom,
      Prng sampleRandom,
      int[] weights,
      double throttleDelay,
      double samplingRate,
      Console console) {
    this.tid = tid;
    this.chooseRandom = chooseRandom;
    this.throttleRandom = throttleRandom;
    this.sampleRandom = sampleRandom;
    this.weights = weights;
    long w = 0;
    for (int x : weights) {
      w += x;
    }
    this.totalWeight = w;
    this.throttleDelay = throttleDelay;
    this.samplingRate = samplingRate;
    this.console = console;
  }

  void setLogs(TransactionLog tx, AggregateLog agg) {
    this.txLog = tx;
    this.aggLog = agg;
  }

  /** The benchmark start of this group: the throttling schedule starts there. */
  synchronized void startSchedule(long nowMicros) {
    throttleTrigger = nowMicros;
  }

  /** pgbench's chooseScript: a weighted choice with the group's generator. */
  int chooseScript() {
    if (weights.length == 1) {
      return 0;
    }
    long w;
    synchronized (this) {
      w = Distributions.getrand(chooseRandom, 0, totalWeight - 1);
    }
    int i = 0;
    do {
      w -= weights[i++];
    } while (w >= 0);
    return i - 1;
  }

  /** Advances the group's schedule by a Poisson-distributed delay; the new slot, µs. */
  synchronized long nextScheduledStart() {
    throttleTrigger += Distributions.poisson(throttleRandom, throttleDelay);
    return throttleTrigger;
  }

  /** Logs one transaction (-l), subject to --sampling-rate. */
  synchronized void log(
      int clientId,
      long txNo,
      boolean skipped,
      TxStatus status,
      double latency,
      double lag,
      int script,
      long tries,
      long nowEpochMicros) {
    if (logFailed) {
      return;
    }
    if (samplingRate != 0.0 && sampleRandom.nextDouble() > samplingRate) {
      return;
    }
    try {
      if (aggLog != null) {
        aggLog.transaction(nowEpochMicros, skipped, latency, lag, status, tries);
      } else if (txLog != null) {
        txLog.transaction(
            clientId,
            txNo,
            skipped,
            status,
            (long) latency,
            script,
            nowEpochMicros,
            (long) lag,
            tries);
      }
    } catch (IOException e) {
      logFailed = true;
      console.error("could not write to log file: " + e.getMessage());
    }
  }

  /** Ends the log: pending complete intervals are written, the file is flushed and closed. */
  synchronized void closeLog(long nowEpochMicros) {
    try {
      if (aggLog != null) {
        aggLog.finish(nowEpochMicros);
        aggLog.close();
      } else if (txLog != null) {
        txLog.close();
      }
    } catch (IOException e) {
      console.error("could not write to log file: " + e.getMessage());
    }
    aggLog = null;
    txLog = null;
  }

  /** Writes what is buffered (Ctrl-C, abort) without closing. */
  synchronized void flushLog() {
    try {
      if (txLog != null) {
        txLog.flush();
      }
    } catch (IOException e) {
      console.error("could not write to log file: " + e.getMessage());
    }
  }
}
