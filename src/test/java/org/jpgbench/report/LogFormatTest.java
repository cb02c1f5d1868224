package org.jpgbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.jpgbench.stats.TxStatus;
import org.junit.jupiter.api.Test;

/** Line shapes copied from pgbench 15 logs (-l, with -R/--max-tries/--failures-detailed). */
class LogFormatTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final AsciiSink sink = new AsciiSink(bytes, 16);

  private String text() throws Exception {
    sink.flush();
    return bytes.toString(StandardCharsets.US_ASCII);
  }

  @Test
  void plainTransactionLine() throws Exception {
    TransactionLog log = new TransactionLog(sink, columns(false, false, false));
    log.transaction(0, 1, false, TxStatus.OK, 4738, 0, 1796001500213563L, 0, 1);
    assertEquals("0 1 4738 0 1796001500 213563\n", text());
  }

  @Test
  void lagAndRetriesColumns() throws Exception {
    TransactionLog log = new TransactionLog(sink, columns(true, true, false));
    log.transaction(0, 2, false, TxStatus.OK, 1546, 0, 1796001500214079L, 1063, 1);
    log.transaction(3, 7, true, TxStatus.OK, 0, 1, 1796001500000042L, 0, 1);
    assertEquals("0 2 1546 0 1796001500 214079 1063 0\n3 7 skipped 1 1796001500 42 0 0\n", text());
  }

  @Test
  void failedTransactions() throws Exception {
    new TransactionLog(sink, columns(false, false, false))
        .transaction(1, 1, false, TxStatus.SERIALIZATION, 0, 0, 1796001690826965L, 0, 1);
    new TransactionLog(sink, columns(false, true, true))
        .transaction(0, 1, false, TxStatus.SERIALIZATION, 0, 0, 1796001690826965L, 0, 2);
    assertEquals(
        "1 1 failed 0 1796001690 826965\n0 1 serialization 0 1796001690 826965 1\n", text());
  }

  @Test
  void aggregateLinesIncludingEmptyIntervals() throws Exception {
    AggregateLog agg =
        new AggregateLog(
            sink, 1796001498_400000L, 1, new LogColumns(true, true, true, false, false, false));
    agg.transaction(1796001498_500000L, false, 170, 39, TxStatus.OK, 1);
    agg.transaction(1796001498_600000L, false, 7427, 2329, TxStatus.OK, 1);
    agg.transaction(1796001498_700000L, true, 0, 0, TxStatus.OK, 1);
    agg.transaction(1796001500_100000L, false, 100, 0, TxStatus.OK, 2);
    agg.finish(1796001500_900000L);
    assertEquals(
        "1796001498 2 7597 55189229 170 7427 2368 5425762 39 2329 1 0 0 0 0\n"
            + "1796001499 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
        text());
  }

  @Test
  void aggregateColumnsThatDoNotApplyAreZero() throws Exception {
    AggregateLog agg =
        new AggregateLog(
            sink, 1796001498_000000L, 2, new LogColumns(false, false, false, false, false, false));
    agg.transaction(1796001498_500000L, false, 300, 12, TxStatus.OK, 3);
    agg.finish(1796001500_000000L);
    assertEquals("1796001498 1 300 90000 300 300 0 0 0 0 0 0 0 0 0\n", text());
  }

  @Test
  void connectionFailuresUnderReconnect() throws Exception {
    TransactionLog log = new TransactionLog(sink, columns(false, false, true));
    log.transaction(2, 7, false, TxStatus.CONNECTION, 0, 0, 1796001690_826965L, 0, 1);
    AggregateLog agg =
        new AggregateLog(
            sink, 1796001498_000000L, 1, new LogColumns(false, false, false, true, true, true));
    agg.transaction(1796001498_100000L, false, 0, 0, TxStatus.CONNECTION, 1);
    agg.transaction(1796001498_200000L, false, 0, 0, TxStatus.CONNECTION, 1);
    agg.transaction(1796001498_300000L, false, 0, 0, TxStatus.OTHER, 1);
    agg.finish(1796001499_000000L);
    assertEquals(
        "2 7 connection 0 1796001690 826965\n" + "1796001498 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 2\n",
        text());
  }

  private static LogColumns columns(boolean throttled, boolean retries, boolean detailed) {
    return new LogColumns(throttled, false, retries, detailed, false, false);
  }
}
