package org.jpgbench.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.jpgbench.init.InitReport;
import org.jpgbench.report.HistogramCodec;
import org.jpgbench.report.json.JsonDocuments;
import org.jpgbench.report.json.JsonReport;

/**
 * One run's JSON report (docs/report-json.md) as the experiments read it: the settings that make
 * runs comparable, the figures they compare, the per-interval series and the server.
 */
final class RunReport {
  private final String source;
  private final Map<String, Object> root;
  private Histogram latencies;

  private RunReport(String source, Map<String, Object> root) {
    this.source = source;
    this.root = root;
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
    if (root == null
        || !(JsonReport.SCHEMA.equals(root.get("schema"))
            || InitReport.SCHEMA.equals(root.get("schema")))) {
      throw notReport(source);
    }
    if (!(root.get("results") instanceof Map) || !(root.get("settings") instanceof Map)) {
      throw notReport(source);
    }
    RunReport r = new RunReport(source, root);
    if (r.init() && !Boolean.TRUE.equals(r.results().get("completed"))) {
      throw new ExperimentException(
          "file \""
              + source
              + "\" is the report of an initialization that failed (at step \""
              + r.results().get("failed_step")
              + "\")");
    }
    return r;
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
    return InitReport.SCHEMA.equals(root.get("schema"));
  }

  /** An initialization's total ("done in"), seconds. */
  double doneIn() {
    return number(results().get("done_in"));
  }

  /** The seconds of an initialization's steps of this label (summed), NaN when it has none. */
  double stepSeconds(String label) {
    double sum = Double.NaN;
    for (Map<String, Object> step : steps()) {
      if (label.equals(step.get("step"))) {
        sum = (Double.isNaN(sum) ? 0 : sum) + number(step.get("seconds"));
      }
    }
    return sum;
  }

  /** An initialization's step labels, in the order they ran, each once. */
  List<String> stepLabels() {
    return steps().stream().map(s -> String.valueOf(s.get("step"))).distinct().toList();
  }

  @SuppressWarnings("unchecked")
  private List<Map<String, Object>> steps() {
    List<Map<String, Object>> out = new ArrayList<>();
    if (results().get("steps") instanceof List<?> l) {
      for (Object o : l) {
        if (o instanceof Map<?, ?> m) {
          out.add((Map<String, Object>) m);
        }
      }
    }
    return out;
  }

  String source() {
    return source;
  }

  Map<String, Object> json() {
    return root;
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> settings() {
    return (Map<String, Object>) root.get("settings");
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> results() {
    return (Map<String, Object>) root.get("results");
  }

  double tps() {
    return number(results().get("tps"));
  }

  /** The text report's latency average, ms. */
  @SuppressWarnings("unchecked")
  double latencyAverage() {
    Object latency = results().get("latency");
    return latency instanceof Map<?, ?> m
        ? number(((Map<String, Object>) m).get("average"))
        : Double.NaN;
  }

  /** -b tpcc's new orders per minute (the report's workload), NaN for other runs. */
  @SuppressWarnings("unchecked")
  double nopm() {
    return root.get("workload") instanceof Map<?, ?> w
        ? number(((Map<String, Object>) w).get("nopm"))
        : Double.NaN;
  }

  /** Failed transactions, percent of all. */
  double failedPercent() {
    return number(results().get("failed_percent"));
  }

  /** A latency percentile (ms) from the run's histogram; NaN without one or without latencies. */
  @SuppressWarnings("unchecked")
  double percentile(double p) {
    if (latencies == null) {
      Object latency = results().get("latency");
      if (latency instanceof Map<?, ?> m
          && ((Map<String, Object>) m).get("histogram") instanceof String h) {
        try {
          latencies = HistogramCodec.decode(h);
        } catch (RuntimeException e) {
          return Double.NaN;
        }
      }
    }
    if (latencies == null || latencies.getTotalCount() == 0) {
      return Double.NaN;
    }
    return latencies.getValueAtPercentile(p) / 1000.0;
  }

  /** The latency histogram (µs), or null. */
  Histogram latencies() {
    percentile(50);
    return latencies;
  }

  /**
   * One figure of each complete interval of the series (the last, shorter one left out; intervals
   * without the figure too), e.g. "tps", "latency_average", "latency_p99".
   */
  @SuppressWarnings("unchecked")
  double[] series(String key) {
    if (!(root.get("intervals") instanceof Map<?, ?> iv)
        || !(((Map<String, Object>) iv).get("entries") instanceof List<?> entries)) {
      return new double[0];
    }
    double length = number(((Map<String, Object>) iv).get("length"));
    List<Double> out = new ArrayList<>();
    for (Object e : entries) {
      if (e instanceof Map<?, ?> m) {
        Map<String, Object> entry = (Map<String, Object>) m;
        double span = number(entry.get("end")) - number(entry.get("start"));
        double v = number(entry.get(key));
        if (span >= length - 1e-6 && !Double.isNaN(v)) {
          out.add(v);
        }
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** The server's version, or null when the report has none. */
  @SuppressWarnings("unchecked")
  String serverVersion() {
    return root.get("server") instanceof Map<?, ?> s
        ? (String) ((Map<String, Object>) s).get("version")
        : null;
  }

  /** The server's settings as the report recorded them (empty when it has none). */
  @SuppressWarnings("unchecked")
  Map<String, Object> serverSettings() {
    if (root.get("server") instanceof Map<?, ?> s
        && ((Map<String, Object>) s).get("settings") instanceof Map<?, ?> m) {
      return (Map<String, Object>) m;
    }
    return Map.of();
  }

  static double number(Object o) {
    return o instanceof Number n ? n.doubleValue() : Double.NaN;
  }
}
