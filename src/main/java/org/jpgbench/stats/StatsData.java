package org.jpgbench.stats;

/**
 * pgbench's StatsData: transaction counters and latency/lag sums for a run, a script, a client or
 * an aggregate log's interval. Every started transaction is either successful ({@link #cnt}) or
 * failed (the failure counters); skipped ones were never started. Mutable, not thread-safe,
 * allocation-free.
 */
public final class StatsData {
  /** Interval start (epoch microseconds), for aggregate logs only. */
  public long startTime;

  public long cnt;
  public long skipped;

  /** Retries over all transactions (successful or not). */
  public long retries;

  /** Transactions that needed at least one retry. */
  public long retried;

  public long serializationFailures;
  public long deadlockFailures;
  public long otherFailures;

  /** jpgbench --reconnect: transactions whose connection was lost. */
  public long connectionFailures;

  /** Latencies of successful transactions, microseconds. */
  public final SimpleStats latency = new SimpleStats();

  /** Schedule lags of successful transactions, microseconds. */
  public final SimpleStats lag = new SimpleStats();

  /** pgbench's accumStats. */
  public void accumulate(boolean skip, double lat, double lagValue, TxStatus status, long tries) {
    if (skip) {
      skipped++;
      return;
    }
    if (tries > 1) {
      retries += tries - 1;
      retried++;
    }
    switch (status) {
      case OK -> {
        cnt++;
        latency.add(lat);
        lag.add(lagValue);
      }
      case SERIALIZATION -> serializationFailures++;
      case DEADLOCK -> deadlockFailures++;
      case OTHER -> otherFailures++;
      case CONNECTION -> connectionFailures++;
    }
  }

  public long failures() {
    return serializationFailures + deadlockFailures + otherFailures + connectionFailures;
  }

  /** Successful + skipped + failed: every transaction the run accounted for. */
  public long total() {
    return cnt + skipped + failures();
  }

  public void merge(StatsData o) {
    cnt += o.cnt;
    skipped += o.skipped;
    retries += o.retries;
    retried += o.retried;
    serializationFailures += o.serializationFailures;
    deadlockFailures += o.deadlockFailures;
    otherFailures += o.otherFailures;
    connectionFailures += o.connectionFailures;
    latency.merge(o.latency);
    lag.merge(o.lag);
  }

  public void reset(long start) {
    startTime = start;
    cnt = skipped = retries = retried = 0;
    serializationFailures = deadlockFailures = otherFailures = connectionFailures = 0;
    latency.reset();
    lag.reset();
  }

  public void copyFrom(StatsData o) {
    startTime = o.startTime;
    cnt = o.cnt;
    skipped = o.skipped;
    retries = o.retries;
    retried = o.retried;
    serializationFailures = o.serializationFailures;
    deadlockFailures = o.deadlockFailures;
    otherFailures = o.otherFailures;
    connectionFailures = o.connectionFailures;
    latency.copyFrom(o.latency);
    lag.copyFrom(o.lag);
  }
}
