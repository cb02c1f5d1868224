package org.jpgbench.report;

import static org.jpgbench.report.CFormat.fixed;

import java.io.IOException;

/**
 * The --aggregate-interval log (one file per pgbench thread): one line per interval, {@code
 * interval_start num_transactions sum_latency sum_latency_2 min_latency max_latency sum_lag
 * sum_lag_2 min_lag max_lag skipped retried retries serialization_failures deadlock_failures},
 * columns that do not apply printed as 0 (pgbench 15-18). Under --continue-on-error a last column
 * counts other failures. Empty intervals in between are printed too. The interval in progress at
 * the end is not printed, as in pgbench. The caller serializes access.
 */
public final class AggregateLog {
  private final AsciiSink sink;
  private final long intervalMicros;
  private final boolean throttled;
  private final boolean latencyLimit;
  private final boolean retries;
  private final boolean failuresDetailed;
  private final boolean otherColumn;
  private final StatsData agg = new StatsData();

  /**
   * @param startEpochMicros the run start, Unix epoch microseconds; the first interval begins at
   *     the whole second before it
   */
  public AggregateLog(AsciiSink sink, long startEpochMicros, int intervalSeconds, boolean throttled,
      boolean latencyLimit, boolean retries, boolean failuresDetailed, boolean otherColumn) {
    this.sink = sink;
    this.intervalMicros = intervalSeconds * 1000000L;
    this.throttled = throttled;
    this.latencyLimit = latencyLimit;
    this.retries = retries;
    this.failuresDetailed = failuresDetailed;
    this.otherColumn = otherColumn;
    agg.reset(startEpochMicros / 1000000 * 1000000);
  }

  /** Accounts a transaction that ended at {@code nowEpochMicros}, first closing past intervals. */
  public void transaction(long nowEpochMicros, boolean skipped, double latency, double lag,
      TxStatus status, long tries) throws IOException {
    closeIntervals(nowEpochMicros);
    agg.accumulate(skipped, latency, lag, status, tries);
  }

  /** Prints every interval that ended by {@code nowEpochMicros}; the one in progress is dropped. */
  public void finish(long nowEpochMicros) throws IOException {
    closeIntervals(nowEpochMicros);
    sink.flush();
  }

  private void closeIntervals(long now) throws IOException {
    long next;
    while ((next = agg.startTime + intervalMicros) <= now) {
      sink.append(agg.startTime / 1000000).append(' ').append(agg.cnt).append(' ')
          .append(fixed(agg.latency.sum, 0)).append(' ').append(fixed(agg.latency.sum2, 0))
          .append(' ').append(fixed(agg.latency.min, 0)).append(' ')
          .append(fixed(agg.latency.max, 0));
      if (throttled) {
        sink.append(' ').append(fixed(agg.lag.sum, 0)).append(' ').append(fixed(agg.lag.sum2, 0))
            .append(' ').append(fixed(agg.lag.min, 0)).append(' ').append(fixed(agg.lag.max, 0));
      } else {
        sink.append(" 0 0 0 0");
      }
      sink.append(' ').append(latencyLimit ? agg.skipped : 0);
      sink.append(' ').append(retries ? agg.retried : 0).append(' ')
          .append(retries ? agg.retries : 0);
      sink.append(' ').append(failuresDetailed ? agg.serializationFailures : 0).append(' ')
          .append(failuresDetailed ? agg.deadlockFailures : 0);
      if (otherColumn) {
        sink.append(' ').append(failuresDetailed ? agg.otherFailures : 0);
      }
      sink.append('\n');
      agg.reset(next);
    }
  }

  public void close() throws IOException {
    sink.close();
  }
}
