package org.jpgbench.report;

import java.io.IOException;
import org.jpgbench.stats.TxStatus;

/**
 * The -l per-transaction log (one file per pgbench thread): {@code client_id transaction_no time
 * script_no time_epoch time_us [schedule_lag] [retries]}, with "skipped", "failed" (or the failure
 * kind under --failures-detailed: serialization, deadlock, other, and jpgbench's connection) in the
 * time field for transactions that did not complete. Formats without allocating; the caller
 * serializes access.
 */
public final class TransactionLog {
  private final AsciiSink sink;
  private final boolean throttled;
  private final boolean retries;
  private final boolean failuresDetailed;

  /** -R appends the schedule lag, --max-tries other than 1 the number of retries. */
  public TransactionLog(AsciiSink sink, LogColumns columns) {
    this.sink = sink;
    this.throttled = columns.throttled();
    this.retries = columns.retries();
    this.failuresDetailed = columns.failuresDetailed();
  }

  /**
   * @param transactionNo the client's transaction count, this one included
   * @param latencyMicros 0 unless completed
   * @param nowEpochMicros when the transaction ended, Unix epoch microseconds
   */
  public void transaction(
      int clientId,
      long transactionNo,
      boolean skipped,
      TxStatus status,
      long latencyMicros,
      int script,
      long nowEpochMicros,
      long lagMicros,
      long tries)
      throws IOException {
    sink.append(clientId).append(' ').append(transactionNo).append(' ');
    if (!skipped && status == TxStatus.OK) {
      sink.append(latencyMicros);
    } else {
      sink.append(resultString(skipped, status));
    }
    sink.append(' ')
        .append(script)
        .append(' ')
        .append(nowEpochMicros / 1000000)
        .append(' ')
        .append(nowEpochMicros % 1000000);
    if (throttled) {
      sink.append(' ').append(lagMicros);
    }
    if (retries) {
      sink.append(' ').append(tries - 1);
    }
    sink.append('\n');
  }

  private String resultString(boolean skipped, TxStatus status) {
    if (skipped) {
      return "skipped";
    }
    if (!failuresDetailed) {
      return "failed";
    }
    return switch (status) {
      case SERIALIZATION -> "serialization";
      case DEADLOCK -> "deadlock";
      case CONNECTION -> "connection";
      default -> "other";
    };
  }

  public void flush() throws IOException {
    sink.flush();
  }

  public void close() throws IOException {
    sink.close();
  }
}
