package org.jpgbench.report;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
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
  public static final String SCHEMA = "jpgbench-report/1";

  /** The percentiles written when --percentile was not given. */
  @Override
  public void write(RunSummary r, Appendable out) throws IOException {
    JsonWriter w = new JsonWriter(out);
    RunDetails d = r.details();
    w.beginObject();
    w.field("schema", SCHEMA);
    w.field("generator", "jpgbench " + (d.version() != null ? d.version() : "dev"));
    w.field("start_time", time(d.startEpochMicros()));
    w.field("end_time", time(d.endEpochMicros()));
    if (!d.inputs().isEmpty()) {
      w.name("inputs").beginArray();
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
    w.endObject();
    w.finish();
  }

  static List<Double> percentiles(RunDetails d) {
    return PercentileLines.withMax(
        d.percentiles().isEmpty() ? PercentileLines.DEFAULT : d.percentiles());
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
    w.name("client");
    ClientInfo c = r.details().client();
    if (c == null) {
      w.nullValue();
      return;
    }
    long tx = r.total().cnt + r.total().failures();
    w.beginObject()
        .field("transport", c.transport())
        .field("queries", c.queryPath())
        .field("cpu_seconds", c.cpuSeconds())
        .field("cpu_us_per_transaction", tx > 0 ? c.cpuSeconds() * 1e6 / tx : 0.0);
    w.name("thread_busy").beginArray();
    for (double b : c.threadBusy()) {
      w.value(b);
    }
    w.endArray().endObject();
  }

  private static void server(JsonWriter w, ServerInfo s) throws IOException {
    w.name("server");
    if (s == null) {
      w.nullValue();
      return;
    }
    w.beginObject().field("version", s.version()).name("settings").beginObject();
    for (var e : s.settings().entrySet()) {
      w.field(e.getKey(), e.getValue());
    }
    w.endObject().endObject();
  }

  private static void settings(JsonWriter w, RunSummary r) throws IOException {
    RunSettings s = r.settings();
    RunDetails d = r.details();
    w.name("settings").beginObject();
    w.field("transaction_type", s.transactionType());
    w.field("scaling_factor", s.scale());
    w.field("partition_method", s.partitionMethod());
    w.field("partitions", s.partitions());
    w.field("query_mode", s.queryMode());
    w.field("clients", s.clients());
    w.field("threads", s.threads());
    w.field("max_tries", s.maxTries());
    w.field("duration", s.durationSeconds());
    w.field("transactions_per_client", s.durationSeconds() > 0 ? 0 : s.transactionsPerClient());
    w.field("rate", d.rate());
    w.field("latency_limit", s.latencyLimitMicros() / 1000.0);
    w.field("progress", s.progress());
    w.field("interval", d.intervalSeconds());
    w.field("connect_per_transaction", s.connectPerTransaction());
    w.field("failures_detailed", s.failuresDetailed());
    w.field("continue_on_error", s.continueOnError());
    w.field("reconnect", s.reconnect());
    w.field("report_per_command", s.reportPerCommand());
    w.field("per_script_stats", s.perScriptStats());
    w.name("percentiles").beginInlineArray();
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
    w.name("results").beginObject();
    w.field("transactions", t.cnt);
    if (s.durationSeconds() <= 0) {
      w.field("transactions_expected", s.transactionsPerClient() * s.clients());
    } else {
      w.name("transactions_expected").nullValue();
    }
    counts(w, t, of);
    w.field("latency_limit_exceeded", r.latencyLate());
    w.field("latency_limit_exceeded_percent", t.cnt > 0 ? 100.0 * r.latencyLate() / t.cnt : 0.0);
    w.name("latency");
    boolean measured = s.throttled() || s.progress() || s.latencyLimitMicros() > 0;
    double average =
        measured ? 0.001 * t.latency.mean() : 0.001 * r.benchMicros() * s.clients() / of;
    latency(w, t.latency, average, measured ? "measured" : "duration", r.latencies(), r.details());
    if (s.throttled()) {
      AbstractHistogram service = r.details().serviceLatencies();
      if (service != null) {
        w.name("latency_from_actual_start").beginObject();
        histogramFields(w, service, r.details());
        w.endObject();
      }
      w.name("lag").beginObject();
      w.field("average", 0.001 * t.lag.sum / t.cnt);
      w.field("max", 0.001 * t.lag.max);
      w.field("min", 0.001 * t.lag.min);
      w.endObject();
    }
    if (s.connectPerTransaction()) {
      w.name("initial_connection_time").nullValue();
      w.field("average_connection_time", 0.001 * r.connectionMicros() / (t.cnt + t.failures()));
    } else {
      w.field("initial_connection_time", 0.001 * r.initialConnectionMicros());
      w.name("average_connection_time").nullValue();
    }
    w.field("duration", r.benchMicros() / 1e6);
    w.field("tps", r.tps());
    w.field("aborted", r.aborted());
    w.field("interrupted", r.interrupted());
    w.endObject();
  }

  /**
   * --reconnect: the windows with at least one client disconnected (times in seconds from the
   * benchmark's start, and as timestamps for merging), null without --reconnect.
   */
  private static void outages(JsonWriter w, RunSummary r) throws IOException {
    w.name("outages");
    Outages o = r.outages();
    if (o == null) {
      w.nullValue();
      return;
    }
    Outage longest = o.longest();
    long recover = o.maxRecoverMicros();
    w.beginObject();
    w.field("benchmark_start_time", time(o.benchStartEpochMicros()));
    w.field("count", o.windows().size());
    w.field("total_duration", o.totalMicros() / 1e6);
    w.field("longest_duration", longest != null ? longest.durationMicros() / 1e6 : 0.0);
    w.name("max_time_to_recover");
    if (recover >= 0) {
      w.value(recover / 1000.0);
    } else {
      w.nullValue();
    }
    w.name("windows").beginArray();
    for (Outage x : o.windows()) {
      w.beginObject();
      w.field("start", o.seconds(x.fromEpochMicros()));
      w.field("end", o.seconds(x.toEpochMicros()));
      w.field("duration", x.durationMicros() / 1e6);
      w.field("start_time", time(x.fromEpochMicros()));
      w.field("end_time", time(x.toEpochMicros()));
      w.field("clients", x.clients());
      w.field("failed_transactions", x.failedTransactions());
      w.name("time_to_recover");
      if (x.recoverMicros() >= 0) {
        w.value(x.recoverMicros() / 1000.0);
      } else {
        w.nullValue();
      }
      w.field("ongoing", x.ongoing());
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }

  /** Failure, retry and skip counts with their percentages of {@code of}. */
  private static void counts(JsonWriter w, StatsData t, long of) throws IOException {
    w.field("failed", t.failures());
    w.field("failed_percent", 100.0 * t.failures() / of);
    w.field("serialization_failures", t.serializationFailures);
    w.field("serialization_failures_percent", 100.0 * t.serializationFailures / of);
    w.field("deadlock_failures", t.deadlockFailures);
    w.field("deadlock_failures_percent", 100.0 * t.deadlockFailures / of);
    w.field("other_failures", t.otherFailures);
    w.field("other_failures_percent", 100.0 * t.otherFailures / of);
    w.field("connection_failures", t.connectionFailures);
    w.field("connection_failures_percent", 100.0 * t.connectionFailures / of);
    w.field("retried", t.retried);
    w.field("retried_percent", 100.0 * t.retried / of);
    w.field("retries", t.retries);
    w.field("skipped", t.skipped);
    w.field("skipped_percent", 100.0 * t.skipped / of);
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
    w.field("count", st.count);
    w.field("average", average);
    w.field("average_source", source);
    w.field("measured_average", st.count > 0 ? 0.001 * st.mean() : Double.NaN);
    w.field("stddev", st.count > 0 ? 0.001 * st.stddev() : Double.NaN);
    w.field("min", st.count > 0 ? 0.001 * st.min : Double.NaN);
    w.field("max", st.count > 0 ? 0.001 * st.max : Double.NaN);
    histogramFields(w, h, d);
    w.endObject();
  }

  /** "percentiles" (ms, the last one, 100, is the max) and "histogram" (encoded, µs). */
  private static void histogramFields(JsonWriter w, AbstractHistogram h, RunDetails d)
      throws IOException {
    w.name("percentiles");
    if (h == null) {
      w.nullValue();
      w.name("histogram").nullValue();
      return;
    }
    w.beginArray();
    for (double p : percentiles(d)) {
      w.beginInlineObject()
          .field("percentile", p)
          .field("value", h.getTotalCount() > 0 ? PercentileLines.millis(h, p) : Double.NaN)
          .endObject();
    }
    w.endArray();
    w.field("histogram", HistogramCodec.encode(h));
  }

  private static void scripts(JsonWriter w, RunSummary r) throws IOException {
    w.name("scripts").beginArray();
    int n = 0;
    double benchSeconds = r.benchMicros() / 1e6;
    for (ScriptSummary sc : r.scripts()) {
      n++;
      StatsData st = sc.stats() != null ? sc.stats() : r.total();
      w.beginObject();
      w.field("number", n);
      w.field("description", sc.description());
      w.field("weight", sc.weight());
      w.field("weight_percent", 100.0 * sc.weight() / r.totalWeight());
      w.field("transactions", st.cnt);
      w.field("transactions_percent", 100.0 * st.cnt / r.total().cnt);
      w.field("tps", st.cnt / benchSeconds);
      counts(w, st, st.total());
      w.name("latency");
      latency(w, st.latency, 0.001 * st.latency.mean(), "measured", sc.latencies(), r.details());
      w.name("commands").beginArray();
      int c = 0;
      for (CommandSummary cmd : sc.commands()) {
        w.beginObject();
        w.field("number", c++);
        w.field("text", cmd.text());
        w.field("executions", cmd.count());
        w.field("latency_average", cmd.averageMillis());
        w.field("failures", cmd.failures());
        w.field("retries", cmd.retries());
        w.name("latency").beginObject();
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
    w.name("intervals");
    if (s == null) {
      w.nullValue();
      return;
    }
    w.beginObject().field("length", d.intervalSeconds()).name("entries").beginArray();
    for (int i = 0; i < s.size(); i++) {
      w.beginInlineObject();
      w.field("start", s.startMicros(i) / 1e6).field("end", s.endMicros(i) / 1e6);
      w.field("transactions", s.count(i)).field("tps", s.tps(i));
      w.field("latency_average", s.latencyAverageMillis(i));
      w.field("latency_p50", ms(s.p50Micros(i))).field("latency_p99", ms(s.p99Micros(i)));
      w.field("latency_max", ms(s.maxMicros(i)));
      w.field("failures", s.failures(i)).field("skipped", s.skipped(i));
      w.field("lag_average", s.lagAverageMillis(i));
      w.endObject();
    }
    w.endArray().endObject();
  }

  private static double ms(long micros) {
    return micros < 0 ? Double.NaN : micros / 1000.0;
  }
}
