package org.jpgbench.report.json;

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
import org.jpgbench.report.Outage;
import org.jpgbench.report.Outages;
import org.jpgbench.report.RunDetails;
import org.jpgbench.report.RunSettings;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ScriptSummary;
import org.jpgbench.report.ServerInfo;
import org.jpgbench.stats.StatsData;

/**
 * The one reader of the {@value JsonReport#SCHEMA} document, whether a run's, a merged group's or
 * one embedded in a sweep's or an A/B test's document: back into the {@link RunSummary} it was
 * written from, for {@code merge}, {@code compare}, {@code ab} and {@code sweep}. Counts exactly,
 * sums and sums of squares rebuilt from count, average, stddev, min and max, histograms decoded,
 * the interval series, the server's statistics and the workload restored; tps as the report gave it
 * (a merged report's is the sum of its processes').
 */
public final class JsonReportReader {
  /** A document that is JSON but not a report this version can read. */
  public static final class BadReport extends Exception {
    BadReport(String message) {
      super(message);
    }
  }

  private JsonReportReader() {}

  /**
   * The summary a report was written from.
   *
   * @param doc the document as {@link JsonDocuments#parse} gives it
   * @throws BadReport when it is not a {@value JsonReport#SCHEMA} report, or lacks what one has
   */
  public static RunSummary read(Object doc) throws BadReport {
    if (!(doc instanceof Map<?, ?> root)) {
      throw new BadReport("not a JSON object");
    }
    Object schema = root.get(JsonSchema.SCHEMA);
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
    Map<?, ?> set = obj(root, JsonSchema.SETTINGS);
    Map<?, ?> res = obj(root, JsonSchema.RESULTS);
    RunSettings settings =
        RunSettings.builder()
            .transactionType(str(set, JsonSchema.TRANSACTION_TYPE))
            .scale((int) lng(set, JsonSchema.SCALING_FACTOR))
            .partitionMethod(str(set, JsonSchema.PARTITION_METHOD))
            .partitions((int) lng(set, JsonSchema.PARTITIONS))
            .queryMode(str(set, JsonSchema.QUERY_MODE))
            .clients((int) lng(set, JsonSchema.CLIENTS))
            .threads((int) lng(set, JsonSchema.THREADS))
            .maxTries((int) lng(set, JsonSchema.MAX_TRIES))
            .durationSeconds(lng(set, JsonSchema.DURATION))
            .transactionsPerClient(lng(set, JsonSchema.TRANSACTIONS_PER_CLIENT))
            .failuresDetailed(bool(set, JsonSchema.FAILURES_DETAILED))
            .latencyLimitMicros(Math.round(dbl(set, JsonSchema.LATENCY_LIMIT) * 1000))
            .throttled(dbl(set, JsonSchema.RATE) > 0)
            .progress(bool(set, JsonSchema.PROGRESS))
            .connectPerTransaction(bool(set, JsonSchema.CONNECT_PER_TRANSACTION))
            .perScriptStats(bool(set, JsonSchema.PER_SCRIPT_STATS))
            .reportPerCommand(bool(set, JsonSchema.REPORT_PER_COMMAND))
            .continueOnError(bool(set, JsonSchema.CONTINUE_ON_ERROR))
            .reconnect(bool(set, JsonSchema.RECONNECT))
            .build();
    StatsData total = stats(res);
    Map<?, ?> lag = (Map<?, ?>) res.get(JsonSchema.LAG);
    if (lag != null && total.cnt > 0) {
      total.lag.count = total.cnt;
      total.lag.sum = dbl(lag, JsonSchema.AVERAGE) * 1000 * total.cnt;
      total.lag.min = dbl(lag, JsonSchema.MIN) * 1000;
      total.lag.max = dbl(lag, JsonSchema.MAX) * 1000;
    }
    long benchMicros = Math.round(dbl(res, JsonSchema.DURATION) * 1e6);
    long connection = 0;
    if (settings.connectPerTransaction() && res.get(JsonSchema.AVERAGE_CONNECTION_TIME) != null) {
      connection =
          Math.round(
              dbl(res, JsonSchema.AVERAGE_CONNECTION_TIME) * 1000 * (total.cnt + total.failures()));
    }
    long initial =
        res.get(JsonSchema.INITIAL_CONNECTION_TIME) != null
            ? Math.round(dbl(res, JsonSchema.INITIAL_CONNECTION_TIME) * 1000)
            : 0;
    List<ScriptSummary> scripts = new ArrayList<>();
    long totalWeight = 0;
    for (Object o : (List<?>) root.get(JsonSchema.SCRIPTS)) {
      Map<?, ?> s = (Map<?, ?>) o;
      totalWeight += lng(s, JsonSchema.WEIGHT);
      List<CommandSummary> commands = new ArrayList<>();
      for (Object c : (List<?>) s.get(JsonSchema.COMMANDS)) {
        Map<?, ?> cm = (Map<?, ?>) c;
        long count = lng(cm, JsonSchema.EXECUTIONS);
        commands.add(
            new CommandSummary(
                str(cm, JsonSchema.TEXT),
                count,
                Math.round(dbl(cm, JsonSchema.LATENCY_AVERAGE) * 1000 * count),
                lng(cm, JsonSchema.FAILURES),
                lng(cm, JsonSchema.RETRIES),
                histogram((Map<?, ?>) cm.get(JsonSchema.LATENCY))));
      }
      scripts.add(
          new ScriptSummary(
              str(s, JsonSchema.DESCRIPTION),
              (int) lng(s, JsonSchema.WEIGHT),
              settings.perScriptStats() ? stats(s) : null,
              commands,
              histogram(obj(s, JsonSchema.LATENCY))));
    }
    Map<?, ?> service = (Map<?, ?>) res.get(JsonSchema.LATENCY_FROM_ACTUAL_START);
    List<Double> percentiles = new ArrayList<>();
    for (Object p : (List<?>) set.get(JsonSchema.PERCENTILES)) {
      percentiles.add(((Number) p).doubleValue());
    }
    long start = epochMicros(root.get(JsonSchema.START_TIME));
    RunDetails details =
        new RunDetails(
            percentiles,
            service != null ? histogram(service) : null,
            series(root.get(JsonSchema.INTERVALS)),
            server(root.get(JsonSchema.SERVER)),
            dbl(set, JsonSchema.RATE),
            (int) lng(set, JsonSchema.INTERVAL),
            start,
            epochMicros(root.get(JsonSchema.END_TIME)),
            generatorVersion(root),
            strings(root.get(JsonSchema.INPUTS)),
            dbl(res, JsonSchema.TPS),
            client(root.get(JsonSchema.CLIENT)));
    if (root.get("server_stats") instanceof Map<?, ?> stats) {
      details = details.withServerStats(ServerStatsJson.read(stats));
    }
    if (root.get("workload") instanceof Map<?, ?> w) {
      details = details.withWorkload(WorkloadJson.read(w));
    }
    return new RunSummary(
        settings,
        total,
        lng(res, JsonSchema.LATENCY_LIMIT_EXCEEDED),
        benchMicros,
        connection,
        initial,
        scripts,
        totalWeight,
        histogram(obj(res, JsonSchema.LATENCY)),
        bool(res, JsonSchema.ABORTED),
        bool(res, JsonSchema.INTERRUPTED),
        details,
        outages(root.get(JsonSchema.OUTAGES)));
  }

  /** The "outages" object (--reconnect), null when absent or null. */
  private static Outages outages(Object o) {
    if (!(o instanceof Map<?, ?> m)) {
      return null;
    }
    List<Outage> windows = new ArrayList<>();
    for (Object x : (List<?>) m.get(JsonSchema.WINDOWS)) {
      Map<?, ?> w = (Map<?, ?>) x;
      Object recover = w.get(JsonSchema.TIME_TO_RECOVER);
      windows.add(
          new Outage(
              epochMicros(w.get(JsonSchema.START_TIME)),
              epochMicros(w.get(JsonSchema.END_TIME)),
              (int) lng(w, JsonSchema.CLIENTS),
              lng(w, JsonSchema.FAILED_TRANSACTIONS),
              recover instanceof Number n ? Math.round(n.doubleValue() * 1000) : -1,
              bool(w, JsonSchema.ONGOING)));
    }
    return new Outages(epochMicros(m.get(JsonSchema.BENCHMARK_START_TIME)), windows);
  }

  /** Counts and the latency sums of a "results" or script object. */
  private static StatsData stats(Map<?, ?> m) {
    StatsData st = new StatsData();
    st.cnt = lng(m, JsonSchema.TRANSACTIONS);
    st.skipped = lng(m, JsonSchema.SKIPPED);
    st.retries = lng(m, JsonSchema.RETRIES);
    st.retried = lng(m, JsonSchema.RETRIED);
    st.serializationFailures = lng(m, JsonSchema.SERIALIZATION_FAILURES);
    st.deadlockFailures = lng(m, JsonSchema.DEADLOCK_FAILURES);
    st.otherFailures = lng(m, JsonSchema.OTHER_FAILURES);
    st.connectionFailures =
        optLng(m, JsonSchema.CONNECTION_FAILURES); // reports before --reconnect lack it
    Map<?, ?> lat = obj(m, JsonSchema.LATENCY);
    long n = lng(lat, JsonSchema.COUNT);
    if (n > 0) {
      double mean = dbl(lat, JsonSchema.MEASURED_AVERAGE) * 1000;
      double sd = dbl(lat, JsonSchema.STDDEV) * 1000;
      st.latency.count = n;
      st.latency.sum = mean * n;
      st.latency.sum2 = n * (sd * sd + mean * mean);
      st.latency.min = dbl(lat, JsonSchema.MIN) * 1000;
      st.latency.max = dbl(lat, JsonSchema.MAX) * 1000;
    }
    return st;
  }

  private static Histogram histogram(Map<?, ?> m) {
    Object h = m == null ? null : m.get(JsonSchema.HISTOGRAM);
    return h == null ? null : HistogramCodec.decode((String) h);
  }

  private static IntervalSeries series(Object o) {
    if (!(o instanceof Map<?, ?> m)) {
      return null;
    }
    IntervalSeries s = new IntervalSeries();
    for (Object e : (List<?>) m.get(JsonSchema.ENTRIES)) {
      Map<?, ?> en = (Map<?, ?>) e;
      long cnt = lng(en, JsonSchema.TRANSACTIONS);
      s.add(
          Math.round(dbl(en, JsonSchema.START) * 1e6),
          Math.round(dbl(en, JsonSchema.END) * 1e6),
          cnt,
          lng(en, JsonSchema.FAILURES),
          lng(en, JsonSchema.SKIPPED),
          orZero(en.get(JsonSchema.LATENCY_AVERAGE)) * 1000 * cnt,
          orZero(en.get(JsonSchema.LAG_AVERAGE)) * 1000 * cnt,
          micros(en.get(JsonSchema.LATENCY_P50)),
          micros(en.get(JsonSchema.LATENCY_P99)),
          micros(en.get(JsonSchema.LATENCY_MAX)));
    }
    return s;
  }

  /** A list of strings (a merged report's inputs), empty when absent. */
  private static List<String> strings(Object o) {
    List<String> out = new ArrayList<>();
    if (o instanceof List<?> l) {
      for (Object x : l) {
        out.add((String) x);
      }
    }
    return out;
  }

  private static ClientInfo client(Object o) {
    if (!(o instanceof Map<?, ?> m)) {
      return null;
    }
    List<Double> busy = new ArrayList<>();
    for (Object b : (List<?>) m.get(JsonSchema.THREAD_BUSY)) {
      busy.add(((Number) b).doubleValue());
    }
    return new ClientInfo(
        (String) m.get(JsonSchema.TRANSPORT),
        (String) m.get(JsonSchema.QUERIES),
        dbl(m, JsonSchema.CPU_SECONDS),
        busy);
  }

  private static ServerInfo server(Object o) {
    if (!(o instanceof Map<?, ?> m)) {
      return null;
    }
    Map<String, String> settings = new LinkedHashMap<>();
    Object s = m.get(JsonSchema.SETTINGS);
    if (s instanceof Map<?, ?> sm) {
      for (var e : sm.entrySet()) {
        settings.put((String) e.getKey(), (String) e.getValue());
      }
    }
    return new ServerInfo((String) m.get(JsonSchema.VERSION), settings);
  }

  private static String generatorVersion(Map<?, ?> root) {
    Object g = root.get(JsonSchema.GENERATOR);
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
    return number(m, k).longValue();
  }

  private static long optLng(Map<?, ?> m, String k) {
    return m.get(k) instanceof Number n ? n.longValue() : 0;
  }

  private static double dbl(Map<?, ?> m, String k) {
    return number(m, k).doubleValue();
  }

  /** A number the report must have. */
  private static Number number(Map<?, ?> m, String k) {
    if (!(m.get(k) instanceof Number n)) {
      throw new IllegalArgumentException("missing " + k);
    }
    return n;
  }

  private static boolean bool(Map<?, ?> m, String k) {
    return Boolean.TRUE.equals(m.get(k));
  }
}
