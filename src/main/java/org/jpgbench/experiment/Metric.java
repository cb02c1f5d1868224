package org.jpgbench.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * A figure the experiments compare, how to read it from a run's report, its unit and which
 * direction is better.
 *
 * @param name as --metric names it and the reports print it
 * @param unit "tps", "ms" or "%"
 * @param higherIsBetter tps; false for latencies and failures
 * @param value the figure of one run
 * @param seriesKey the key of the interval entries that hold its per-interval values (the
 *     single-run mode), or null when the series has none
 */
public record Metric(
    String name,
    String unit,
    boolean higherIsBetter,
    ToDoubleFunction<RunReport> value,
    String seriesKey) {
  static final Metric TPS = new Metric("tps", "tps", true, RunReport::tps, "tps");
  static final Metric LATENCY =
      new Metric("latency", "ms", false, RunReport::latencyAverage, "latency_average");
  static final Metric FAILED = new Metric("failed", "%", false, RunReport::failedPercent, null);

  /** -b tpcc's new orders per minute, as the database counted them (docs/tpcc.md). */
  static final Metric NOPM = new Metric("nopm", "nopm", true, RunReport::nopm, null);

  /** The metrics compared when --metric is not given and the runs are -b tpcc's. */
  public static final String DEFAULT_TPCC = "nopm,tps,latency,p50,p95,p99,failed";

  /** The metrics compared when --metric is not given. */
  public static final String DEFAULT = "tps,latency,p50,p95,p99,failed";

  static Metric percentile(double p) {
    String label = "p" + java.math.BigDecimal.valueOf(p).stripTrailingZeros().toPlainString();
    String series = p == 50 ? "latency_p50" : p == 99 ? "latency_p99" : null;
    return new Metric(label, "ms", false, r -> r.percentile(p), series);
  }

  /** An initialization's total, as its "done in" line gives it. */
  static final Metric DONE_IN = new Metric("done in", "s", false, RunReport::doneIn, null);

  /**
   * What initializations are compared by: the total, then each step of the first report's, in the
   * order they ran.
   */
  static List<Metric> init(RunReport first) {
    List<Metric> out = new ArrayList<>();
    out.add(DONE_IN);
    for (String label : first.stepLabels()) {
      out.add(new Metric(label, "s", false, r -> r.stepSeconds(label), null));
    }
    return List.copyOf(out);
  }

  /** --metric's list: tps, latency (or avg), pNN, failed, nopm (-b tpcc). */
  public static List<Metric> parse(String list) throws ExperimentException {
    List<Metric> out = new ArrayList<>();
    for (String part : list.split(",", -1)) {
      String m = part.trim().toLowerCase(Locale.ROOT);
      switch (m) {
        case "tps" -> out.add(TPS);
        case "latency", "avg" -> out.add(LATENCY);
        case "failed", "failures" -> out.add(FAILED);
        case "nopm" -> out.add(NOPM);
        default -> {
          double p = m.matches("p[0-9]+(\\.[0-9]+)?") ? Double.parseDouble(m.substring(1)) : -1;
          if (!(p > 0 && p <= 100)) {
            throw new ExperimentException(
                "invalid value \""
                    + list
                    + "\" for option --metric (tps, latency, pNN, failed, nopm)");
          }
          out.add(percentile(p));
        }
      }
    }
    return List.copyOf(out);
  }
}
