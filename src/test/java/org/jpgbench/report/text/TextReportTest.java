package org.jpgbench.report.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpgbench.report.CommandSummary;
import org.jpgbench.report.Outage;
import org.jpgbench.report.Outages;
import org.jpgbench.report.RunSettings;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ScriptSummary;
import org.jpgbench.stats.StatsData;
import org.jpgbench.stats.StatsRecorder;
import org.jpgbench.stats.TxStatus;
import org.junit.jupiter.api.Test;

/**
 * Reports built from known figures; the expected texts have the shapes pgbench 15 printed for
 * {@code pgbench -n -t 3 -r} and {@code pgbench -n -t 6 -r -b se@2 -f a.sql --max-tries=2
 * --failures-detailed -R 500 -L 10} (numbers chosen here).
 */
class TextReportTest {
  private static RunSettings settings(
      String type,
      int threads,
      int maxTries,
      boolean detailed,
      long limit,
      boolean throttled,
      boolean perScript,
      boolean perCommand,
      boolean connect) {
    return RunSettings.builder()
        .transactionType(type)
        .scale(1)
        .queryMode("simple")
        .clients(1)
        .threads(threads)
        .maxTries(maxTries)
        .transactionsPerClient(3)
        .failuresDetailed(detailed)
        .latencyLimitMicros(limit)
        .throttled(throttled)
        .connectPerTransaction(connect)
        .perScriptStats(perScript)
        .reportPerCommand(perCommand)
        .build();
  }

  private static String render(RunSummary s) throws Exception {
    StringBuilder b = new StringBuilder();
    new TextReport().write(s, b);
    return b.toString();
  }

  private static StatsData ok(long... latencies) {
    StatsData d = new StatsData();
    for (long l : latencies) {
      d.accumulate(false, l, 0, TxStatus.OK, 1);
    }
    return d;
  }

  @Test
  void singleScriptWithPerCommandLatencies() throws Exception {
    StatsData total = ok(5000, 6000, 7000);
    List<CommandSummary> cmds =
        List.of(
            new CommandSummary("\\set aid random(1, 100000 * :scale)", 3, 15, 0, 0),
            new CommandSummary(
                "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;", 3, 17914, 0, 0));
    RunSummary s =
        new RunSummary(
            settings("<builtin: select only>", 1, 1, false, 0, false, false, true, false),
            total,
            0,
            17_920,
            0,
            41_288,
            List.of(new ScriptSummary("<builtin: select only>", 1, null, cmds)),
            1,
            StatsRecorder.newHistogram(),
            false,
            false);
    assertEquals(
        """
        transaction type: <builtin: select only>
        scaling factor: 1
        query mode: simple
        number of clients: 1
        number of threads: 1
        maximum number of tries: 1
        number of transactions per client: 3
        number of transactions actually processed: 3/3
        number of failed transactions: 0 (0.000%)
        latency average = 5.973 ms
        initial connection time = 41.288 ms
        tps = 167.410714 (without initial connection time)
        statement latencies in milliseconds and failures:
                 0.005           0  \\set aid random(1, 100000 * :scale)
                 5.971           0  SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
        """,
        render(s));
  }

  @Test
  void severalScriptsWithRetriesLimitAndRate() throws Exception {
    StatsData a = ok(2000, 3000);
    StatsData b = ok(500, 600, 700, 800);
    a.lag.reset();
    StatsData total = new StatsData();
    total.merge(a);
    total.merge(b);
    total.lag.add(300);
    total.lag.add(1061);
    ScriptSummary sa =
        new ScriptSummary(
            "<builtin: select only>",
            2,
            a,
            List.of(
                new CommandSummary("\\set aid random(1, 100000 * :scale)", 2, 12, 0, 0),
                new CommandSummary(
                    "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;", 2, 4884, 0, 0)));
    ScriptSummary sb =
        new ScriptSummary("a.sql", 1, b, List.of(new CommandSummary("SELECT 1;", 4, 1008, 0, 0)));
    RunSummary s =
        new RunSummary(
            RunSettings.builder()
                .transactionType("multiple scripts")
                .scale(1)
                .queryMode("simple")
                .clients(1)
                .threads(1)
                .maxTries(2)
                .transactionsPerClient(6)
                .failuresDetailed(true)
                .latencyLimitMicros(10_000)
                .throttled(true)
                .perScriptStats(true)
                .reportPerCommand(true)
                .build(),
            total,
            0,
            17_847,
            0,
            21_057,
            List.of(sa, sb),
            3,
            StatsRecorder.newHistogram(),
            false,
            false);
    assertEquals(
        """
        transaction type: multiple scripts
        scaling factor: 1
        query mode: simple
        number of clients: 1
        number of threads: 1
        maximum number of tries: 2
        number of transactions per client: 6
        number of transactions actually processed: 6/6
        number of failed transactions: 0 (0.000%)
        number of serialization failures: 0 (0.000%)
        number of deadlock failures: 0 (0.000%)
        number of transactions retried: 0 (0.000%)
        total number of retries: 0
        number of transactions skipped: 0 (0.000%)
        number of transactions above the 10.0 ms latency limit: 0/6 (0.000%)
        latency average = 1.267 ms
        latency stddev = 0.923 ms
        rate limit schedule lag: avg 0.227 (max 1.061) ms
        initial connection time = 21.057 ms
        tps = 336.190956 (without initial connection time)
        SQL script 1: <builtin: select only>
         - weight: 2 (targets 66.7% of total)
         - 2 transactions (33.3% of total, tps = 112.063652)
         - number of failed transactions: 0 (0.000%)
         - number of serialization failures: 0 (0.000%)
         - number of deadlock failures: 0 (0.000%)
         - number of transactions retried: 0 (0.000%)
         - total number of retries: 0
         - number of transactions skipped: 0 (0.000%)
         - latency average = 2.500 ms
         - latency stddev = 0.500 ms
         - statement latencies in milliseconds, failures and retries:
                 0.006           0           0  \\set aid random(1, 100000 * :scale)
                 2.442           0           0  SELECT abalance FROM pgbench_accounts \
        WHERE aid = :aid;
        SQL script 2: a.sql
         - weight: 1 (targets 33.3% of total)
         - 4 transactions (66.7% of total, tps = 224.127304)
         - number of failed transactions: 0 (0.000%)
         - number of serialization failures: 0 (0.000%)
         - number of deadlock failures: 0 (0.000%)
         - number of transactions retried: 0 (0.000%)
         - total number of retries: 0
         - number of transactions skipped: 0 (0.000%)
         - latency average = 0.650 ms
         - latency stddev = 0.112 ms
         - statement latencies in milliseconds, failures and retries:
                 0.252           0           0  SELECT 1;
        """,
        render(s));
  }

  @Test
  void nothingCompletedStopsAfterTheFailureLines() throws Exception {
    RunSummary s =
        new RunSummary(
            settings("d.sql", 1, 2, true, 1000, true, false, true, false),
            new StatsData(),
            0,
            1000,
            0,
            100,
            List.of(new ScriptSummary("d.sql", 1, null, List.of())),
            1,
            StatsRecorder.newHistogram(),
            true,
            false);
    assertEquals(
        """
        transaction type: d.sql
        scaling factor: 1
        query mode: simple
        number of clients: 1
        number of threads: 1
        maximum number of tries: 2
        number of transactions per client: 3
        number of transactions actually processed: 0/3
        number of failed transactions: 0 (NaN%)
        number of serialization failures: 0 (NaN%)
        number of deadlock failures: 0 (NaN%)
        number of transactions retried: 0 (NaN%)
        total number of retries: 0
        """,
        render(s));
  }

  @Test
  void connectModeDurationAndFailures() throws Exception {
    StatsData total = ok(1000, 1000, 1000);
    total.accumulate(false, 0, 0, TxStatus.SERIALIZATION, 1);
    RunSettings rs =
        RunSettings.builder()
            .transactionType("<builtin: TPC-B (sort of)>")
            .scale(5)
            .partitionMethod("range")
            .partitions(4)
            .queryMode("prepared")
            .clients(2)
            .threads(2)
            .maxTries(0)
            .durationSeconds(10)
            .connectPerTransaction(true)
            .build();
    RunSummary s =
        new RunSummary(
            rs,
            total,
            0,
            10_000_000,
            8_000,
            0,
            List.of(new ScriptSummary("<builtin: TPC-B (sort of)>", 1, null, List.of())),
            1,
            StatsRecorder.newHistogram(),
            false,
            false);
    assertEquals(
        """
        transaction type: <builtin: TPC-B (sort of)>
        scaling factor: 5
        partition method: range
        partitions: 4
        query mode: prepared
        number of clients: 2
        number of threads: 2
        duration: 10 s
        number of transactions actually processed: 3
        number of failed transactions: 1 (25.000%)
        number of transactions retried: 0 (0.000%)
        total number of retries: 0
        latency average = 5000.000 ms (including failures)
        average connection time = 2.000 ms
        tps = 0.300000 (including reconnection times)
        """,
        render(s));
  }

  @Test
  void reconnectLinesWithNoOutageAndWithOneNotOverAtTheEnd() throws Exception {
    StatsData total = ok(1000, 1000, 1000);
    total.accumulate(false, 0, 0, TxStatus.CONNECTION, 1);
    RunSettings rs =
        RunSettings.builder()
            .transactionType("<builtin: select only>")
            .scale(1)
            .queryMode("simple")
            .clients(2)
            .threads(1)
            .durationSeconds(10)
            .failuresDetailed(true)
            .reconnect(true)
            .build();
    RunSummary s =
        new RunSummary(
            rs,
            total,
            0,
            10_000_000,
            0,
            1_000,
            List.of(new ScriptSummary("<builtin: select only>", 1, null, List.of())),
            1,
            StatsRecorder.newHistogram(),
            false,
            false);
    String none = render(s.withOutages(new Outages(0, List.of())));
    assertTrue(
        none.contains(
            """
        number of failed transactions: 1 (25.000%)
        number of serialization failures: 0 (0.000%)
        number of deadlock failures: 0 (0.000%)
        number of connection failures: 1 (25.000%)
        connection failures: 1 (25.000%)
        outages: 0
        latency average"""),
        none);
    String open =
        render(
            s.withOutages(
                new Outages(
                    1_000_000, List.of(new Outage(8_000_000, 11_000_000, 2, 1, -1, true)))));
    assertTrue(
        open.contains(
            """
        outages: 1, total 3.000 s, longest 3.000 s (from 7.000 s to 10.000 s, not over at the end)
        time to first successful transaction after an outage: none completed
        """),
        open);
  }
}
