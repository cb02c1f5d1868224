package org.jpgbench.report.json;

import java.io.IOException;
import java.time.Instant;
import org.HdrHistogram.AbstractHistogram;
import org.jpgbench.report.ClientInfo;
import org.jpgbench.report.CommandSummary;
import org.jpgbench.report.HistogramCodec;
import org.jpgbench.report.IntervalSeries;
import org.jpgbench.report.Outage;
import org.jpgbench.report.Outages;
import org.jpgbench.report.PercentileLines;
import org.jpgbench.report.ReportFormat;
import org.jpgbench.report.RunDetails;
import org.jpgbench.report.RunSettings;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ScriptSummary;
import org.jpgbench.report.ServerInfo;
import org.jpgbench.stats.SimpleStats;
import org.jpgbench.stats.StatsData;

/**
 * --report-json: the whole report as one JSON document, schema {@value #SCHEMA} (documented in
 * docs/report-json.md): every figure of the text report with full precision, the settings and the
 * server's, percentiles and encoded histograms (run, scripts, commands), and the per-interval
 * series. Times are in milliseconds for latencies and lags, seconds for durations and interval
 * bounds.
 */
public final class JsonReport implements ReportFormat {
  public static final String SCHEMA = JsonSchema.ID;

  /** The percentiles written when --percentile was not given. */
  @Override
  public void write(RunSummary r, Appendable out) throws IOException {
    JsonWriter w = new JsonWriter(out);
    RunDetails d = r.details();
    w.beginObject();
    w.field(JsonSchema.SCHEMA, SCHEMA);
    w.field(JsonSchema.GENERATOR, "jpgbench " + (d.version() != null ? d.version() : "dev"));
    w.field(JsonSchema.START_TIME, time(d.startEpochMicros()));
    w.field(JsonSchema.END_TIME, time(d.endEpochMicros()));
    if (!d.inputs().isEmpty()) {
      w.name(JsonSchema.INPUTS).beginArray();
      for (String in : d.inputs()) {
        w.value(in);
      }
      w.endArray();
    }
    server(w, d.server());
    client(w, r);
    settings(w, r);
    results(w, r);
    scripts(w, r);
    outages(w, r);
    intervals(w, d);
    if (d.serverStats() != null) {
      ServerStatsJson.write(w, d.serverStats());
    }
    SloJson.write(w, r);
    if (d.workload() != null) {
      WorkloadJson.write(w, d.workload());
    }
    w.endObject();
    w.finish();
  }

  private static String time(long epochMicros) {
    if (epochMicros <= 0) {
      return null;
    }
    return Instant.ofEpochSecond(epochMicros / 1_000_000, epochMicros % 1_000_000 * 1000)
        .toString();
  }

  /** How the client worked and what it cost: transport, query path, CPU per transaction. */
  private static void client(JsonWriter w, RunSummary r) throws IOException {
    w.name(JsonSchema.CLIENT);
    ClientInfo c = r.details().client();
    if (c == null) {
      w.nullValue();
      return;
    }
    long tx = r.total().cnt + r.total().failures();
    w.beginObject()
        .field(JsonSchema.TRANSPORT, c.transport())
        .field(JsonSchema.QUERIES, c.queryPath())
        .field(JsonSchema.CPU_SECONDS, c.cpuSeconds())
        .field(JsonSchema.CPU_US_PER_TRANSACTION, tx > 0 ? c.cpuSeconds() * 1e6 / tx : 0.0);
    w.name(JsonSchema.THREAD_BUSY).beginArray();
    for (double b : c.threadBusy()) {
      w.value(b);
    }
    w.endArray().endObject();
  }

  private static void server(JsonWriter w, ServerInfo s) throws IOException {
    w.name(JsonSchema.SERVER);
    if (s == null) {
      w.nullValue();
      return;
    }
    w.beginObject().field(JsonSchema.VERSION, s.version()).name(JsonSchema.SETTINGS).beginObject();
    for (var e : s.settings().entrySet()) {
      w.field(e.getKey(), e.getValue());
    }
    w.endObject().endObject();
  }

  private static void settings(JsonWriter w, RunSummary r) throws IOException {
    RunSettings s = r.settings();
    RunDetails d = r.details();
    w.name(JsonSchema.SETTINGS).beginObject();
    w.field(JsonSchema.TRANSACTION_TYPE, s.transactionType());
    w.field(JsonSchema.SCALING_FACTOR, s.scale());
    w.field(JsonSchema.PARTITION_METHOD, s.partitionMethod());
    w.field(JsonSchema.PARTITIONS, s.partitions());
    w.field(JsonSchema.QUERY_MODE, s.queryMode());
    w.field(JsonSchema.CLIENTS, s.clients());
    w.field(JsonSchema.THREADS, s.threads());
    w.field(JsonSchema.MAX_TRIES, s.maxTries());
    w.field(JsonSchema.DURATION, s.durationSeconds());
    w.field(
        JsonSchema.TRANSACTIONS_PER_CLIENT,
        s.durationSeconds() > 0 ? 0 : s.transactionsPerClient());
    w.field(JsonSchema.RATE, d.rate());
    w.field(JsonSchema.LATENCY_LIMIT, s.latencyLimitMicros() / 1000.0);
    w.field(JsonSchema.PROGRESS, s.progress());
    w.field(JsonSchema.INTERVAL, d.intervalSeconds());
    w.field(JsonSchema.CONNECT_PER_TRANSACTION, s.connectPerTransaction());
    w.field(JsonSchema.FAILURES_DETAILED, s.failuresDetailed());
    w.field(JsonSchema.CONTINUE_ON_ERROR, s.continueOnError());
    w.field(JsonSchema.RECONNECT, s.reconnect());
    w.field(JsonSchema.REPORT_PER_COMMAND, s.reportPerCommand());
    w.field(JsonSchema.PER_SCRIPT_STATS, s.perScriptStats());
    w.name(JsonSchema.PERCENTILES).beginInlineArray();
    for (double p : d.percentiles()) {
      w.value(p);
    }
    w.endArray();
    w.endObject();
  }

  private static void results(JsonWriter w, RunSummary r) throws IOException {
    RunSettings s = r.settings();
    StatsData t = r.total();
    long of = t.total();
    w.name(JsonSchema.RESULTS).beginObject();
    w.field(JsonSchema.TRANSACTIONS, t.cnt);
    if (s.durationSeconds() <= 0) {
      w.field(JsonSchema.TRANSACTIONS_EXPECTED, s.transactionsPerClient() * s.clients());
    } else {
      w.name(JsonSchema.TRANSACTIONS_EXPECTED).nullValue();
    }
    counts(w, t, of);
    w.field(JsonSchema.LATENCY_LIMIT_EXCEEDED, r.latencyLate());
    w.field(
        JsonSchema.LATENCY_LIMIT_EXCEEDED_PERCENT,
        t.cnt > 0 ? 100.0 * r.latencyLate() / t.cnt : 0.0);
    w.name(JsonSchema.LATENCY);
    boolean measured = s.throttled() || s.progress() || s.latencyLimitMicros() > 0;
    double average = r.latencyAverageMillis();
    latency(w, t.latency, average, measured ? "measured" : "duration", r.latencies(), r.details());
    if (s.throttled()) {
      AbstractHistogram service = r.details().serviceLatencies();
      if (service != null) {
        w.name(JsonSchema.LATENCY_FROM_ACTUAL_START).beginObject();
        histogramFields(w, service, r.details());
        w.endObject();
      }
      w.name(JsonSchema.LAG).beginObject();
      w.field(JsonSchema.AVERAGE, 0.001 * t.lag.sum / t.cnt);
      w.field(JsonSchema.MAX, 0.001 * t.lag.max);
      w.field(JsonSchema.MIN, 0.001 * t.lag.min);
      w.endObject();
    }
    if (s.connectPerTransaction()) {
      w.name(JsonSchema.INITIAL_CONNECTION_TIME).nullValue();
      w.field(
          JsonSchema.AVERAGE_CONNECTION_TIME,
          0.001 * r.connectionMicros() / (t.cnt + t.failures()));
    } else {
      w.field(JsonSchema.INITIAL_CONNECTION_TIME, 0.001 * r.initialConnectionMicros());
      w.name(JsonSchema.AVERAGE_CONNECTION_TIME).nullValue();
    }
    w.field(JsonSchema.DURATION, r.benchMicros() / 1e6);
    w.field(JsonSchema.TPS, r.tps());
    w.field(JsonSchema.ABORTED, r.aborted());
    w.field(JsonSchema.INTERRUPTED, r.interrupted());
    w.endObject();
  }

  /**
   * --reconnect: the windows with at least one client disconnected (times in seconds from the
   * benchmark's start, and as timestamps for merging), null without --reconnect.
   */
  private static void outages(JsonWriter w, RunSummary r) throws IOException {
    w.name(JsonSchema.OUTAGES);
    Outages o = r.outages();
    if (o == null) {
      w.nullValue();
      return;
    }
    Outage longest = o.longest();
    long recover = o.maxRecoverMicros();
    w.beginObject();
    w.field(JsonSchema.BENCHMARK_START_TIME, time(o.benchStartEpochMicros()));
    w.field(JsonSchema.COUNT, o.windows().size());
    w.field(JsonSchema.TOTAL_DURATION, o.totalMicros() / 1e6);
    w.field(JsonSchema.LONGEST_DURATION, longest != null ? longest.durationMicros() / 1e6 : 0.0);
    w.name(JsonSchema.MAX_TIME_TO_RECOVER);
    if (recover >= 0) {
      w.value(recover / 1000.0);
    } else {
      w.nullValue();
    }
    w.name(JsonSchema.WINDOWS).beginArray();
    for (Outage x : o.windows()) {
      w.beginObject();
      w.field(JsonSchema.START, o.seconds(x.fromEpochMicros()));
      w.field(JsonSchema.END, o.seconds(x.toEpochMicros()));
      w.field(JsonSchema.DURATION, x.durationMicros() / 1e6);
      w.field(JsonSchema.START_TIME, time(x.fromEpochMicros()));
      w.field(JsonSchema.END_TIME, time(x.toEpochMicros()));
      w.field(JsonSchema.CLIENTS, x.clients());
      w.field(JsonSchema.FAILED_TRANSACTIONS, x.failedTransactions());
      w.name(JsonSchema.TIME_TO_RECOVER);
      if (x.recoverMicros() >= 0) {
        w.value(x.recoverMicros() / 1000.0);
      } else {
        w.nullValue();
      }
      w.field(JsonSchema.ONGOING, x.ongoing());
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }

  /** Failure, retry and skip counts with their percentages of {@code of}. */
  private static void counts(JsonWriter w, StatsData t, long of) throws IOException {
    w.field(JsonSchema.FAILED, t.failures());
    w.field(JsonSchema.FAILED_PERCENT, 100.0 * t.failures() / of);
    w.field(JsonSchema.SERIALIZATION_FAILURES, t.serializationFailures);
    w.field(JsonSchema.SERIALIZATION_FAILURES_PERCENT, 100.0 * t.serializationFailures / of);
    w.field(JsonSchema.DEADLOCK_FAILURES, t.deadlockFailures);
    w.field(JsonSchema.DEADLOCK_FAILURES_PERCENT, 100.0 * t.deadlockFailures / of);
    w.field(JsonSchema.OTHER_FAILURES, t.otherFailures);
    w.field(JsonSchema.OTHER_FAILURES_PERCENT, 100.0 * t.otherFailures / of);
    w.field(JsonSchema.CONNECTION_FAILURES, t.connectionFailures);
    w.field(JsonSchema.CONNECTION_FAILURES_PERCENT, 100.0 * t.connectionFailures / of);
    w.field(JsonSchema.RETRIED, t.retried);
    w.field(JsonSchema.RETRIED_PERCENT, 100.0 * t.retried / of);
    w.field(JsonSchema.RETRIES, t.retries);
    w.field(JsonSchema.SKIPPED, t.skipped);
    w.field(JsonSchema.SKIPPED_PERCENT, 100.0 * t.skipped / of);
  }

  private static void latency(
      JsonWriter w,
      SimpleStats st,
      double average,
      String source,
      AbstractHistogram h,
      RunDetails d)
      throws IOException {
    w.beginObject();
    w.field(JsonSchema.COUNT, st.count);
    w.field(JsonSchema.AVERAGE, average);
    w.field(JsonSchema.AVERAGE_SOURCE, source);
    w.field(JsonSchema.MEASURED_AVERAGE, st.count > 0 ? 0.001 * st.mean() : Double.NaN);
    w.field(JsonSchema.STDDEV, st.count > 0 ? 0.001 * st.stddev() : Double.NaN);
    w.field(JsonSchema.MIN, st.count > 0 ? 0.001 * st.min : Double.NaN);
    w.field(JsonSchema.MAX, st.count > 0 ? 0.001 * st.max : Double.NaN);
    histogramFields(w, h, d);
    w.endObject();
  }

  /** "percentiles" (ms, the last one, 100, is the max) and "histogram" (encoded, µs). */
  private static void histogramFields(JsonWriter w, AbstractHistogram h, RunDetails d)
      throws IOException {
    w.name(JsonSchema.PERCENTILES);
    if (h == null) {
      w.nullValue();
      w.name(JsonSchema.HISTOGRAM).nullValue();
      return;
    }
    w.beginArray();
    for (double p : PercentileLines.columns(d)) {
      w.beginInlineObject()
          .field(JsonSchema.PERCENTILE, p)
          .field(
              JsonSchema.VALUE, h.getTotalCount() > 0 ? PercentileLines.millis(h, p) : Double.NaN)
          .endObject();
    }
    w.endArray();
    w.field(JsonSchema.HISTOGRAM, HistogramCodec.encode(h));
  }

  private static void scripts(JsonWriter w, RunSummary r) throws IOException {
    w.name(JsonSchema.SCRIPTS).beginArray();
    int n = 0;
    double benchSeconds = r.benchMicros() / 1e6;
    for (ScriptSummary sc : r.scripts()) {
      n++;
      StatsData st = sc.stats() != null ? sc.stats() : r.total();
      w.beginObject();
      w.field(JsonSchema.NUMBER, n);
      w.field(JsonSchema.DESCRIPTION, sc.description());
      w.field(JsonSchema.WEIGHT, sc.weight());
      w.field(JsonSchema.WEIGHT_PERCENT, 100.0 * sc.weight() / r.totalWeight());
      w.field(JsonSchema.TRANSACTIONS, st.cnt);
      w.field(JsonSchema.TRANSACTIONS_PERCENT, 100.0 * st.cnt / r.total().cnt);
      w.field(JsonSchema.TPS, st.cnt / benchSeconds);
      counts(w, st, st.total());
      w.name(JsonSchema.LATENCY);
      latency(w, st.latency, 0.001 * st.latency.mean(), "measured", sc.latencies(), r.details());
      w.name(JsonSchema.COMMANDS).beginArray();
      int c = 0;
      for (CommandSummary cmd : sc.commands()) {
        w.beginObject();
        w.field(JsonSchema.NUMBER, c++);
        w.field(JsonSchema.TEXT, cmd.text());
        w.field(JsonSchema.EXECUTIONS, cmd.count());
        w.field(JsonSchema.LATENCY_AVERAGE, cmd.averageMillis());
        w.field(JsonSchema.FAILURES, cmd.failures());
        w.field(JsonSchema.RETRIES, cmd.retries());
        w.name(JsonSchema.LATENCY).beginObject();
        histogramFields(w, cmd.latencies(), r.details());
        w.endObject();
        w.endObject();
      }
      w.endArray();
      w.endObject();
    }
    w.endArray();
  }

  private static void intervals(JsonWriter w, RunDetails d) throws IOException {
    IntervalSeries s = d.intervals();
    w.name(JsonSchema.INTERVALS);
    if (s == null) {
      w.nullValue();
      return;
    }
    w.beginObject()
        .field(JsonSchema.LENGTH, d.intervalSeconds())
        .name(JsonSchema.ENTRIES)
        .beginArray();
    for (int i = 0; i < s.size(); i++) {
      w.beginInlineObject();
      w.field(JsonSchema.START, s.startMicros(i) / 1e6).field(JsonSchema.END, s.endMicros(i) / 1e6);
      w.field(JsonSchema.TRANSACTIONS, s.count(i)).field(JsonSchema.TPS, s.tps(i));
      w.field(JsonSchema.LATENCY_AVERAGE, s.latencyAverageMillis(i));
      w.field(JsonSchema.LATENCY_P50, ms(s.p50Micros(i)))
          .field(JsonSchema.LATENCY_P99, ms(s.p99Micros(i)));
      w.field(JsonSchema.LATENCY_MAX, ms(s.maxMicros(i)));
      w.field(JsonSchema.FAILURES, s.failures(i)).field(JsonSchema.SKIPPED, s.skipped(i));
      w.field(JsonSchema.LAG_AVERAGE, s.lagAverageMillis(i));
      w.endObject();
    }
    w.endArray().endObject();
  }

  private static double ms(long micros) {
    return micros < 0 ? Double.NaN : micros / 1000.0;
  }
}
