package org.jpgbench.report;

import static org.jpgbench.cnum.CFormat.fixed;

import java.io.IOException;
import org.jpgbench.stats.StatsData;
import org.jpgbench.stats.TxStatus;

/**
 * The --aggregate-interval log (one file per pgbench thread): one line per interval, {@code
 * interval_start num_transactions sum_latency sum_latency_2 min_latency max_latency sum_lag
 * sum_lag_2 min_lag max_lag skipped retried retries serialization_failures deadlock_failures},
 * columns that do not apply printed as 0 (pgbench 15-18). Under --continue-on-error one more column
 * counts other failures, and under jpgbench's --reconnect the last one counts connection failures
 * (see {@link LogColumns}). Empty intervals in between are printed too. The interval in progress at
 * the end is not printed, as in pgbench. The caller serializes access.
 */
public final class AggregateLog {
  private final AsciiSink sink;
  private final long intervalMicros;
  private final LogColumns columns;
  private final StatsData agg = new StatsData();

  /**
   * @param startEpochMicros the run start, Unix epoch microseconds; the first interval begins at
   *     the whole second before it
   */
  public AggregateLog(
      AsciiSink sink, long startEpochMicros, int intervalSeconds, LogColumns columns) {
    this.sink = sink;
    this.intervalMicros = intervalSeconds * 1000000L;
    this.columns = columns;
    agg.reset(startEpochMicros / 1000000 * 1000000);
  }

  /** Accounts a transaction that ended at {@code nowEpochMicros}, first closing past intervals. */
  public void transaction(
      long nowEpochMicros, boolean skipped, double latency, double lag, TxStatus status, long tries)
      throws IOException {
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
      sink.append(agg.startTime / 1000000)
          .append(' ')
          .append(agg.cnt)
          .append(' ')
          .append(fixed(agg.latency.sum, 0))
          .append(' ')
          .append(fixed(agg.latency.sum2, 0))
          .append(' ')
          .append(fixed(agg.latency.min, 0))
          .append(' ')
          .append(fixed(agg.latency.max, 0));
      boolean detailed = columns.failuresDetailed();
      boolean retries = columns.retries();
      if (columns.throttled()) {
        sink.append(' ')
            .append(fixed(agg.lag.sum, 0))
            .append(' ')
            .append(fixed(agg.lag.sum2, 0))
            .append(' ')
            .append(fixed(agg.lag.min, 0))
            .append(' ')
            .append(fixed(agg.lag.max, 0));
      } else {
        sink.append(" 0 0 0 0");
      }
      sink.append(' ').append(columns.latencyLimit() ? agg.skipped : 0);
      sink.append(' ')
          .append(retries ? agg.retried : 0)
          .append(' ')
          .append(retries ? agg.retries : 0);
      sink.append(' ')
          .append(detailed ? agg.serializationFailures : 0)
          .append(' ')
          .append(detailed ? agg.deadlockFailures : 0);
      if (columns.otherFailures()) {
        sink.append(' ').append(detailed ? agg.otherFailures : 0);
      }
      if (columns.connectionFailures()) {
        sink.append(' ').append(agg.connectionFailures);
      }
      sink.append('\n');
      agg.reset(next);
    }
  }

  public void close() throws IOException {
    sink.close();
  }
}
