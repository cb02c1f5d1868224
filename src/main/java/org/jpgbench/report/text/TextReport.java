package org.jpgbench.report.text;

import static org.jpgbench.cnum.CFormat.fixed;
import static org.jpgbench.cnum.CFormat.fixed6;
import static org.jpgbench.cnum.CFormat.integer;

import java.io.IOException;
import org.jpgbench.report.CommandSummary;
import org.jpgbench.report.Outage;
import org.jpgbench.report.Outages;
import org.jpgbench.report.PercentileLines;
import org.jpgbench.report.ReportFormat;
import org.jpgbench.report.RunSettings;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ScriptSummary;
import org.jpgbench.stats.SimpleStats;
import org.jpgbench.stats.StatsData;

/**
 * The final report exactly as pgbench 17/18 prints it on stdout (printResults): header, totals,
 * failures and retries, latency, lag, connection time, tps, then per-script blocks and -r
 * per-command lines. Stops after the failure/retry lines when no transaction completed, as pgbench
 * does. jpgbench's --percentile lines ({@link PercentileLines}) follow the latency lines they
 * belong to, only when the option is given.
 */
public final class TextReport implements ReportFormat {
  @Override
  public void write(RunSummary r, Appendable out) throws IOException {
    RunSettings s = r.settings();
    StatsData total = r.total();
    long failures = total.failures();
    long totalCnt = total.total();
    double benchSeconds = r.benchMicros() / 1e6;
    double tps = r.tps(); // total.cnt / benchSeconds, or a merge's sum

    line(out, "transaction type: " + s.transactionType());
    line(out, "scaling factor: " + s.scale());
    if (s.partitionMethod() != null) {
      line(out, "partition method: " + s.partitionMethod());
      line(out, "partitions: " + s.partitions());
    }
    line(out, "query mode: " + s.queryMode());
    line(out, "number of clients: " + s.clients());
    line(out, "number of threads: " + s.threads());
    if (s.maxTries() != 0) {
      line(out, "maximum number of tries: " + s.maxTries());
    }
    if (s.durationSeconds() <= 0) {
      line(out, "number of transactions per client: " + s.transactionsPerClient());
      line(
          out,
          "number of transactions actually processed: "
              + total.cnt
              + "/"
              + s.transactionsPerClient() * s.clients());
    } else {
      line(out, "duration: " + s.durationSeconds() + " s");
      line(out, "number of transactions actually processed: " + total.cnt);
    }
    line(
        out, "number of failed transactions: " + failures + " (" + pct3(failures, totalCnt) + "%)");
    if (s.failuresDetailed()) {
      failureKinds(out, "", total, totalCnt, s);
    }
    if (s.maxTries() != 1) {
      line(
          out,
          "number of transactions retried: "
              + total.retried
              + " ("
              + pct3(total.retried, totalCnt)
              + "%)");
      line(out, "total number of retries: " + total.retries);
    }
    if (s.reconnect()) {
      outages(out, r, total, totalCnt);
    }
    // the remaining figures are meaningless when nothing ran
    if (total.cnt + total.skipped <= 0) {
      return;
    }
    if (s.throttled() && s.latencyLimitMicros() > 0) {
      line(
          out,
          "number of transactions skipped: "
              + total.skipped
              + " ("
              + pct3(total.skipped, totalCnt)
              + "%)");
    }
    if (s.latencyLimitMicros() > 0) {
      line(
          out,
          "number of transactions above the "
              + fixed(s.latencyLimitMicros() / 1000.0, 1)
              + " ms latency limit: "
              + r.latencyLate()
              + "/"
              + total.cnt
              + " ("
              + fixed(total.cnt > 0 ? 100.0 * r.latencyLate() / total.cnt : 0.0, 3)
              + "%)");
    }
    if (s.throttled() || s.progress() || s.latencyLimitMicros() > 0) {
      simpleStats(out, "latency", total.latency);
    } else {
      // no per-transaction measurement: the average comes from the run time
      line(
          out,
          "latency average = "
              + fixed(0.001 * r.benchMicros() * s.clients() / totalCnt, 3)
              + " ms"
              + (failures > 0 ? " (including failures)" : ""));
    }
    PercentileLines.total(r, out);
    if (s.throttled()) {
      line(
          out,
          "rate limit schedule lag: avg "
              + fixed(0.001 * total.lag.sum / total.cnt, 3)
              + " (max "
              + fixed(0.001 * total.lag.max, 3)
              + ") ms");
    }
    if (s.connectPerTransaction()) {
      line(
          out,
          "average connection time = "
              + fixed(0.001 * r.connectionMicros() / (total.cnt + failures), 3)
              + " ms");
      line(out, "tps = " + fixed6(tps) + " (including reconnection times)");
    } else {
      line(
          out,
          "initial connection time = " + fixed(0.001 * r.initialConnectionMicros(), 3) + " ms");
      line(out, "tps = " + fixed6(tps) + " (without initial connection time)");
    }
    if (s.perScriptStats() || s.reportPerCommand()) {
      int i = 0;
      for (ScriptSummary script : r.scripts()) {
        i++;
        if (s.perScriptStats()) {
          scriptBlock(out, s, r, script, i, benchSeconds);
        }
        if (s.reportPerCommand()) {
          commandLines(out, s, script);
          PercentileLines.commands(r, script, out);
        }
      }
    }
  }

  private static void scriptBlock(
      Appendable out,
      RunSettings s,
      RunSummary r,
      ScriptSummary script,
      int number,
      double benchSeconds)
      throws IOException {
    StatsData st = script.stats();
    long failures = st.failures();
    long scriptTotal = st.total();
    line(out, "SQL script " + number + ": " + script.description());
    line(
        out,
        " - weight: "
            + script.weight()
            + " (targets "
            + fixed(100.0 * script.weight() / r.totalWeight(), 1)
            + "% of total)");
    line(
        out,
        " - "
            + st.cnt
            + " transactions ("
            + fixed(100.0 * st.cnt / r.total().cnt, 1)
            + "% of total, tps = "
            + fixed6(st.cnt / benchSeconds)
            + ")");
    line(
        out,
        " - number of failed transactions: "
            + failures
            + " ("
            + pct3(failures, scriptTotal)
            + "%)");
    if (s.failuresDetailed()) {
      failureKinds(out, " - ", st, scriptTotal, s);
    }
    if (s.maxTries() != 1) {
      line(
          out,
          " - number of transactions retried: "
              + st.retried
              + " ("
              + pct3(st.retried, scriptTotal)
              + "%)");
      line(out, " - total number of retries: " + st.retries);
    }
    if (s.throttled() && s.latencyLimitMicros() > 0 && scriptTotal > 0) {
      line(
          out,
          " - number of transactions skipped: "
              + st.skipped
              + " ("
              + pct3(st.skipped, scriptTotal)
              + "%)");
    }
    simpleStats(out, " - latency", st.latency);
    PercentileLines.script(r, script, out);
  }

  private static void commandLines(Appendable out, RunSettings s, ScriptSummary script)
      throws IOException {
    boolean retries = s.maxTries() != 1;
    line(
        out,
        (s.perScriptStats() ? " - " : "")
            + "statement latencies in milliseconds"
            + (retries ? ", failures and retries" : " and failures")
            + ":");
    for (CommandSummary c : script.commands()) {
      StringBuilder b = new StringBuilder(64);
      b.append("   ").append(fixed(c.averageMillis(), 11, 3));
      b.append("  ").append(integer(c.failures(), 10));
      if (retries) {
        b.append("  ").append(integer(c.retries(), 10));
      }
      b.append("  ").append(c.text());
      line(out, b.toString());
    }
  }

  private static void failureKinds(
      Appendable out, String prefix, StatsData st, long of, RunSettings s) throws IOException {
    line(
        out,
        prefix
            + "number of serialization failures: "
            + st.serializationFailures
            + " ("
            + pct3(st.serializationFailures, of)
            + "%)");
    line(
        out,
        prefix
            + "number of deadlock failures: "
            + st.deadlockFailures
            + " ("
            + pct3(st.deadlockFailures, of)
            + "%)");
    if (s.continueOnError()) {
      line(
          out,
          prefix
              + "number of other failures: "
              + st.otherFailures
              + " ("
              + pct3(st.otherFailures, of)
              + "%)");
    }
    if (s.reconnect()) {
      line(
          out,
          prefix
              + "number of connection failures: "
              + st.connectionFailures
              + " ("
              + pct3(st.connectionFailures, of)
              + "%)");
    }
  }

  /**
   * jpgbench --reconnect: the transactions lost with their connection, the outages (windows with at
   * least one client disconnected; times from the benchmark's start) and how long the clients took
   * to complete a transaction again.
   */
  private static void outages(Appendable out, RunSummary r, StatsData total, long of)
      throws IOException {
    line(
        out,
        "connection failures: "
            + total.connectionFailures
            + " ("
            + pct3(total.connectionFailures, of)
            + "%)");
    Outages o = r.outages();
    if (o == null || o.windows().isEmpty()) {
      line(out, "outages: 0");
      return;
    }
    Outage longest = o.longest();
    line(
        out,
        "outages: "
            + o.windows().size()
            + ", total "
            + fixed(o.totalMicros() / 1e6, 3)
            + " s, longest "
            + fixed(longest.durationMicros() / 1e6, 3)
            + " s (from "
            + fixed(o.seconds(longest.fromEpochMicros()), 3)
            + " s to "
            + fixed(o.seconds(longest.toEpochMicros()), 3)
            + " s"
            + (longest.ongoing() ? ", not over at the end" : "")
            + ")");
    long recover = o.maxRecoverMicros();
    line(
        out,
        "time to first successful transaction after an outage: "
            + (recover < 0 ? "none completed" : fixed(recover / 1000.0, 3) + " ms (max)"));
  }

  /** pgbench's printSimpleStats: average and stddev in ms, nothing when empty. */
  private static void simpleStats(Appendable out, String prefix, SimpleStats ss)
      throws IOException {
    if (ss.count > 0) {
      line(out, prefix + " average = " + fixed(0.001 * ss.mean(), 3) + " ms");
      line(out, prefix + " stddev = " + fixed(0.001 * ss.stddev(), 3) + " ms");
    }
  }

  private static String pct3(long part, long of) {
    return fixed(100.0 * part / of, 3);
  }

  private static void line(Appendable out, String text) throws IOException {
    out.append(text).append('\n');
  }
}
