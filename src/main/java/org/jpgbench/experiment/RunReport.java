package org.jpgbench.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.jpgbench.init.InitFigures;
import org.jpgbench.init.InitReport;
import org.jpgbench.report.IntervalSeries;
import org.jpgbench.report.RunSettings;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ServerInfo;
import org.jpgbench.report.json.JsonDocuments;
import org.jpgbench.report.json.JsonReport;
import org.jpgbench.report.json.JsonReportReader;

/**
 * One run's or initialization's JSON report as the experiments read it: the settings that make runs
 * comparable, the figures they compare, the per-interval series and the server. A run's is read by
 * the format's one reader ({@link JsonReportReader}) into the summary it was written from, an
 * initialization's by {@link InitFigures}; the document itself is kept only to be embedded, as it
 * was, in an experiment's own document.
 */
final class RunReport {
  private final String source;
  private final Map<String, Object> root;

  /** A run's summary; null for an initialization's report. */
  private final RunSummary run;

  /** An initialization's figures; null for a run's report. */
  private final InitFigures init;

  private RunReport(String source, Map<String, Object> root, RunSummary run, InitFigures init) {
    this.source = source;
    this.root = root;
    this.run = run;
    this.init = init;
  }

  /** Reads a report file; an error names the file and what is wrong with it. */
  static RunReport read(Path file) throws ExperimentException {
    return parse(file.toString(), text(file));
  }

  /** A report from its JSON text; {@code source} names it in messages. */
  static RunReport parse(String source, String text) throws ExperimentException {
    return of(source, document(source, text));
  }

  /** A JSON document as a map; an error says the file is not a report. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> document(String source, String text) throws ExperimentException {
    try {
      if (JsonDocuments.parse(text) instanceof Map<?, ?> m) {
        return (Map<String, Object>) m;
      }
    } catch (JsonDocuments.NotJson e) {
      // said below
    }
    throw notReport(source);
  }

  /** A file's text; an error names it. */
  static String text(Path file) throws ExperimentException {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new ExperimentException("could not open file \"" + file + "\": No such file");
    } catch (IOException e) {
      throw new ExperimentException("could not read file \"" + file + "\": " + e.getMessage());
    }
  }

  /** A report already parsed (a point of a sweep's document). */
  static RunReport of(String source, Map<String, Object> root) throws ExperimentException {
    if (root != null && InitReport.SCHEMA.equals(root.get("schema"))) {
      InitFigures init;
      try {
        init = InitFigures.read(root);
      } catch (IllegalArgumentException e) {
        throw notReport(source);
      }
      if (!init.completed()) {
        throw new ExperimentException(
            "file \""
                + source
                + "\" is the report of an initialization that failed (at step \""
                + init.failedStep()
                + "\")");
      }
      return new RunReport(source, root, null, init);
    }
    if (root == null || !JsonReport.SCHEMA.equals(root.get("schema"))) {
      throw notReport(source);
    }
    try {
      return new RunReport(source, root, JsonReportReader.read(root), null);
    } catch (JsonReportReader.BadReport e) {
      throw new ExperimentException(
          "file \"" + source + "\" is not a readable report: " + e.getMessage());
    }
  }

  static ExperimentException notReport(String source) {
    return new ExperimentException(
        "file \""
            + source
            + "\" is not a jpgbench JSON report (schema "
            + JsonReport.SCHEMA
            + " or "
            + InitReport.SCHEMA
            + ")");
  }

  /** An initialization's report (-i), whose figures are its steps' seconds. */
  boolean init() {
    return init != null;
  }

  /** An initialization's total ("done in"), seconds. */
  double doneIn() {
    return init != null ? init.doneIn() : Double.NaN;
  }

  /** The seconds of an initialization's steps of this label (summed), NaN when it has none. */
  double stepSeconds(String label) {
    double sum = Double.NaN;
    for (InitFigures.Step step : init != null ? init.steps() : List.<InitFigures.Step>of()) {
      if (label.equals(step.label())) {
        sum = (Double.isNaN(sum) ? 0 : sum) + step.seconds();
      }
    }
    return sum;
  }

  /** An initialization's step labels, in the order they ran, each once. */
  List<String> stepLabels() {
    return init == null
        ? List.of()
        : init.steps().stream().map(InitFigures.Step::label).distinct().toList();
  }

  String source() {
    return source;
  }

  /** The document as it was read, to be embedded in an experiment's own. */
  Map<String, Object> json() {
    return root;
  }

  /**
   * The settings that say what was measured, by the report's names: an initialization's as its
   * document has them; a run's transaction_type, scaling_factor, query_mode, clients, threads,
   * duration, transactions_per_client and rate.
   */
  Map<String, Object> settings() {
    if (init != null) {
      return init.settings();
    }
    RunSettings s = run.settings();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("transaction_type", s.transactionType());
    m.put("scaling_factor", s.scale());
    m.put("query_mode", s.queryMode());
    m.put("clients", s.clients());
    m.put("threads", s.threads());
    m.put("duration", s.durationSeconds());
    m.put("transactions_per_client", s.durationSeconds() > 0 ? 0 : s.transactionsPerClient());
    m.put("rate", run.details().rate());
    return m;
  }

  /** A run's summary as the report was written from it; null for an initialization's. */
  RunSummary summary() {
    return run;
  }

  double tps() {
    return run != null ? run.tps() : Double.NaN;
  }

  /** The text report's latency average, ms. */
  double latencyAverage() {
    return run != null ? run.latencyAverageMillis() : Double.NaN;
  }

  /** -b tpcc's new orders per minute (the report's workload), NaN for other runs. */
  double nopm() {
    return run != null && run.details().workload() != null
        ? run.details().workload().nopm()
        : Double.NaN;
  }

  /** Failed transactions, percent of all. */
  double failedPercent() {
    return run != null ? 100.0 * run.total().failures() / run.total().total() : Double.NaN;
  }

  /** A latency percentile (ms) from the run's histogram; NaN without one or without latencies. */
  double percentile(double p) {
    Histogram h = latencies();
    return h == null || h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(p) / 1000.0;
  }

  /** The latency histogram (µs), or null. */
  Histogram latencies() {
    return run != null ? run.latencies() : null;
  }

  /**
   * One figure of each complete interval of the series (the last, shorter one left out; intervals
   * without the figure too): "tps", "latency_average", "latency_p50" or "latency_p99".
   */
  double[] series(String key) {
    IntervalSeries s = run != null ? run.details().intervals() : null;
    if (s == null) {
      return new double[0];
    }
    double length = run.details().intervalSeconds();
    List<Double> out = new ArrayList<>();
    for (int i = 0; i < s.size(); i++) {
      double span = (s.endMicros(i) - s.startMicros(i)) / 1e6;
      double v =
          switch (key) {
            case "tps" -> s.tps(i);
            case "latency_average" -> s.latencyAverageMillis(i);
            case "latency_p50" -> s.p50Micros(i) < 0 ? Double.NaN : s.p50Micros(i) / 1000.0;
            case "latency_p99" -> s.p99Micros(i) < 0 ? Double.NaN : s.p99Micros(i) / 1000.0;
            default -> throw new IllegalArgumentException(key);
          };
      if (span >= length - 1e-6 && !Double.isNaN(v)) {
        out.add(v);
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** The server's version, or null when the report has none. */
  String serverVersion() {
    if (init != null) {
      return init.serverVersion();
    }
    ServerInfo server = run.details().server();
    return server != null ? server.version() : null;
  }

  /** The server's settings as the report recorded them (empty when it has none). */
  Map<String, String> serverSettings() {
    if (init != null) {
      return init.serverSettings();
    }
    ServerInfo server = run.details().server();
    return server != null ? server.settings() : Map.of();
  }

  static double number(Object o) {
    return o instanceof Number n ? n.doubleValue() : Double.NaN;
  }
}
