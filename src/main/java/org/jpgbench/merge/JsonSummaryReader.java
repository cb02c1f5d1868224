package org.jpgbench.merge;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.jpgbench.report.ClientInfo;
import org.jpgbench.report.CommandSummary;
import org.jpgbench.report.HistogramCodec;
import org.jpgbench.report.IntervalSeries;
import org.jpgbench.report.JsonReport;
import org.jpgbench.report.Outage;
import org.jpgbench.report.Outages;
import org.jpgbench.report.RunDetails;
import org.jpgbench.report.RunSettings;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ScriptSummary;
import org.jpgbench.report.ServerInfo;
import org.jpgbench.stats.StatsData;

/**
 * Reads a {@value JsonReport#SCHEMA} document back into a {@link RunSummary}, for {@code jpgbench
 * merge}: counts exactly, sums and sums of squares rebuilt from count, average, stddev, min and
 * max, histograms decoded, the interval series restored.
 */
final class JsonSummaryReader {
  /** A document that is JSON but not a report this version can read. */
  static final class BadReport extends Exception {
    BadReport(String message) {
      super(message);
    }
  }

  private JsonSummaryReader() {}

  static RunSummary read(Object doc) throws BadReport {
    if (!(doc instanceof Map<?, ?> root)) {
      throw new BadReport("not a JSON object");
    }
    Object schema = root.get("schema");
    if (!JsonReport.SCHEMA.equals(schema)) {
      throw new BadReport("schema " + schema);
    }
    try {
      return summary(root);
    } catch (ClassCastException | NullPointerException | IllegalArgumentException e) {
      throw new BadReport("malformed report (" + e.getMessage() + ")");
    }
  }

  private static RunSummary summary(Map<?, ?> root) {
    Map<?, ?> set = obj(root, "settings");
    Map<?, ?> res = obj(root, "results");
    RunSettings settings =
        RunSettings.builder()
            .transactionType(str(set, "transaction_type"))
            .scale((int) lng(set, "scaling_factor"))
            .partitionMethod(str(set, "partition_method"))
            .partitions((int) lng(set, "partitions"))
            .queryMode(str(set, "query_mode"))
            .clients((int) lng(set, "clients"))
            .threads((int) lng(set, "threads"))
            .maxTries((int) lng(set, "max_tries"))
            .durationSeconds(lng(set, "duration"))
            .transactionsPerClient(lng(set, "transactions_per_client"))
            .failuresDetailed(bool(set, "failures_detailed"))
            .latencyLimitMicros(Math.round(dbl(set, "latency_limit") * 1000))
            .throttled(dbl(set, "rate") > 0)
            .progress(bool(set, "progress"))
            .connectPerTransaction(bool(set, "connect_per_transaction"))
            .perScriptStats(bool(set, "per_script_stats"))
            .reportPerCommand(bool(set, "report_per_command"))
            .continueOnError(bool(set, "continue_on_error"))
            .reconnect(bool(set, "reconnect"))
            .build();
    StatsData total = stats(res);
    Map<?, ?> lag = (Map<?, ?>) res.get("lag");
    if (lag != null && total.cnt > 0) {
      total.lag.count = total.cnt;
      total.lag.sum = dbl(lag, "average") * 1000 * total.cnt;
      total.lag.min = dbl(lag, "min") * 1000;
      total.lag.max = dbl(lag, "max") * 1000;
    }
    long benchMicros = Math.round(dbl(res, "duration") * 1e6);
    long connection = 0;
    if (settings.connectPerTransaction() && res.get("average_connection_time") != null) {
      connection =
          Math.round(dbl(res, "average_connection_time") * 1000 * (total.cnt + total.failures()));
    }
    long initial =
        res.get("initial_connection_time") != null
            ? Math.round(dbl(res, "initial_connection_time") * 1000)
            : 0;
    List<ScriptSummary> scripts = new ArrayList<>();
    long totalWeight = 0;
    for (Object o : (List<?>) root.get("scripts")) {
      Map<?, ?> s = (Map<?, ?>) o;
      totalWeight += lng(s, "weight");
      List<CommandSummary> commands = new ArrayList<>();
      for (Object c : (List<?>) s.get("commands")) {
        Map<?, ?> cm = (Map<?, ?>) c;
        long count = lng(cm, "executions");
        commands.add(
            new CommandSummary(
                str(cm, "text"),
                count,
                Math.round(dbl(cm, "latency_average") * 1000 * count),
                lng(cm, "failures"),
                lng(cm, "retries"),
                histogram((Map<?, ?>) cm.get("latency"))));
      }
      scripts.add(
          new ScriptSummary(
              str(s, "description"),
              (int) lng(s, "weight"),
              settings.perScriptStats() ? stats(s) : null,
              commands,
              histogram(obj(s, "latency"))));
    }
    Map<?, ?> service = (Map<?, ?>) res.get("latency_from_actual_start");
    List<Double> percentiles = new ArrayList<>();
    for (Object p : (List<?>) set.get("percentiles")) {
      percentiles.add(((Number) p).doubleValue());
    }
    long start = epochMicros(root.get("start_time"));
    RunDetails details =
        new RunDetails(
            percentiles,
            service != null ? histogram(service) : null,
            series(root.get("intervals")),
            server(root.get("server")),
            dbl(set, "rate"),
            (int) lng(set, "interval"),
            start,
            epochMicros(root.get("end_time")),
            generatorVersion(root),
            List.of(),
            dbl(res, "tps"),
            client(root.get("client")));
    return new RunSummary(
        settings,
        total,
        lng(res, "latency_limit_exceeded"),
        benchMicros,
        connection,
        initial,
        scripts,
        totalWeight,
        histogram(obj(res, "latency")),
        bool(res, "aborted"),
        bool(res, "interrupted"),
        details,
        outages(root.get("outages")));
  }

  /** The "outages" object (--reconnect), null when absent or null. */
  private static Outages outages(Object o) {
    if (!(o instanceof Map<?, ?> m)) {
      return null;
    }
    List<Outage> windows = new ArrayList<>();
    for (Object x : (List<?>) m.get("windows")) {
      Map<?, ?> w = (Map<?, ?>) x;
      Object recover = w.get("time_to_recover");
      windows.add(
          new Outage(
              epochMicros(w.get("start_time")),
              epochMicros(w.get("end_time")),
              (int) lng(w, "clients"),
              lng(w, "failed_transactions"),
              recover instanceof Number n ? Math.round(n.doubleValue() * 1000) : -1,
              bool(w, "ongoing")));
    }
    return new Outages(epochMicros(m.get("benchmark_start_time")), windows);
  }

  /** Counts and the latency sums of a "results" or script object. */
  private static StatsData stats(Map<?, ?> m) {
    StatsData st = new StatsData();
    st.cnt = lng(m, "transactions");
    st.skipped = lng(m, "skipped");
    st.retries = lng(m, "retries");
    st.retried = lng(m, "retried");
    st.serializationFailures = lng(m, "serialization_failures");
    st.deadlockFailures = lng(m, "deadlock_failures");
    st.otherFailures = lng(m, "other_failures");
    st.connectionFailures = optLng(m, "connection_failures"); // reports before --reconnect lack it
    Map<?, ?> lat = obj(m, "latency");
    long n = lng(lat, "count");
    if (n > 0) {
      double mean = dbl(lat, "measured_average") * 1000;
      double sd = dbl(lat, "stddev") * 1000;
      st.latency.count = n;
      st.latency.sum = mean * n;
      st.latency.sum2 = n * (sd * sd + mean * mean);
      st.latency.min = dbl(lat, "min") * 1000;
      st.latency.max = dbl(lat, "max") * 1000;
    }
    return st;
  }

  private static Histogram histogram(Map<?, ?> m) {
    Object h = m == null ? null : m.get("histogram");
    return h == null ? null : HistogramCodec.decode((String) h);
  }

  private static IntervalSeries series(Object o) {
    if (!(o instanceof Map<?, ?> m)) {
      return null;
    }
    IntervalSeries s = new IntervalSeries();
    for (Object e : (List<?>) m.get("entries")) {
      Map<?, ?> en = (Map<?, ?>) e;
      long cnt = lng(en, "transactions");
      s.add(
          Math.round(dbl(en, "start") * 1e6),
          Math.round(dbl(en, "end") * 1e6),
          cnt,
          lng(en, "failures"),
          lng(en, "skipped"),
          orZero(en.get("latency_average")) * 1000 * cnt,
          orZero(en.get("lag_average")) * 1000 * cnt,
          micros(en.get("latency_p50")),
          micros(en.get("latency_p99")),
          micros(en.get("latency_max")));
    }
    return s;
  }

  private static ClientInfo client(Object o) {
    if (!(o instanceof Map<?, ?> m)) {
      return null;
    }
    List<Double> busy = new ArrayList<>();
    for (Object b : (List<?>) m.get("thread_busy")) {
      busy.add(((Number) b).doubleValue());
    }
    return new ClientInfo(
        (String) m.get("transport"), (String) m.get("queries"), dbl(m, "cpu_seconds"), busy);
  }

  private static ServerInfo server(Object o) {
    if (!(o instanceof Map<?, ?> m)) {
      return null;
    }
    Map<String, String> settings = new LinkedHashMap<>();
    Object s = m.get("settings");
    if (s instanceof Map<?, ?> sm) {
      for (var e : sm.entrySet()) {
        settings.put((String) e.getKey(), (String) e.getValue());
      }
    }
    return new ServerInfo((String) m.get("version"), settings);
  }

  private static String generatorVersion(Map<?, ?> root) {
    Object g = root.get("generator");
    return g instanceof String s && s.startsWith("jpgbench ") ? s.substring(9) : null;
  }

  private static long epochMicros(Object iso) {
    if (!(iso instanceof String s)) {
      return 0;
    }
    Instant t = Instant.parse(s);
    return t.getEpochSecond() * 1_000_000 + t.getNano() / 1000;
  }

  private static double orZero(Object v) {
    return v instanceof Number n ? n.doubleValue() : 0;
  }

  private static long micros(Object ms) {
    return ms instanceof Number n ? Math.round(n.doubleValue() * 1000) : -1;
  }

  private static Map<?, ?> obj(Map<?, ?> m, String k) {
    Object v = m.get(k);
    if (!(v instanceof Map<?, ?> o)) {
      throw new IllegalArgumentException("missing " + k);
    }
    return o;
  }

  private static String str(Map<?, ?> m, String k) {
    return (String) m.get(k);
  }

  private static long lng(Map<?, ?> m, String k) {
    Object v = m.get(k);
    if (!(v instanceof Number n)) {
      throw new IllegalArgumentException("missing " + k);
    }
    return n.longValue();
  }

  private static long optLng(Map<?, ?> m, String k) {
    return m.get(k) instanceof Number n ? n.longValue() : 0;
  }

  private static double dbl(Map<?, ?> m, String k) {
    Object v = m.get(k);
    if (!(v instanceof Number n)) {
      throw new IllegalArgumentException("missing " + k);
    }
    return n.doubleValue();
  }

  private static boolean bool(Map<?, ?> m, String k) {
    return Boolean.TRUE.equals(m.get(k));
  }
}
