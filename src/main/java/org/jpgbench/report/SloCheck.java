package org.jpgbench.report;

import java.util.ArrayList;
import java.util.List;
import org.jpgbench.cnum.CFormat;
import org.jpgbench.config.Threshold;
import org.jpgbench.stats.StatsData;

/**
 * --slo: a run's figures measured against its thresholds, as the text report's lines after
 * pgbench's and the JSON report's {@code slo} array. A figure that cannot be measured (a latency of
 * no successful transaction) does not meet any threshold.
 */
public final class SloCheck {
  /** The exit status of a run, sweep or A/B comparison that completed but missed a threshold. */
  public static final int EXIT_STATUS = 3;

  /**
   * One threshold and what the run measured.
   *
   * @param measured in the threshold's unit (ms, tps or percent); NaN when nothing was measured
   */
  public record Result(Threshold threshold, double measured, boolean met) {}

  private SloCheck() {}

  /** Each of the summary's thresholds (its settings'), in the order given. */
  public static List<Result> evaluate(RunSummary r) {
    List<Result> out = new ArrayList<>();
    for (Threshold t : r.settings().thresholds()) {
      double v = measure(t, r);
      out.add(new Result(t, v, !Double.isNaN(v) && t.comparison().holds(v, t.limit())));
    }
    return List.copyOf(out);
  }

  /** Whether every threshold was met (true when there are none). */
  public static boolean allMet(List<Result> results) {
    return results.stream().allMatch(Result::met);
  }

  /** What the run measured for {@code t}, in its unit; NaN when there is nothing to measure. */
  public static double measure(Threshold t, RunSummary r) {
    StatsData total = r.total();
    long all = total.total();
    return switch (t.metric()) {
      case TPS -> r.tps();
      case LATENCY_AVERAGE -> r.latencyAverageMillis();
      case PERCENTILE ->
          r.latencies() == null || r.latencies().getTotalCount() == 0
              ? Double.NaN
              : PercentileLines.millis(r.latencies(), t.percentile());
      case FAILED -> all > 0 ? 100.0 * total.failures() / all : 0.0;
      case SKIPPED -> all > 0 ? 100.0 * total.skipped / all : 0.0;
      case RETRIED -> all > 0 ? 100.0 * total.retried / all : 0.0;
    };
  }

  /** "threshold p99<=10ms: 3.412 ms ok", one line per threshold. */
  public static String lines(List<Result> results) {
    StringBuilder b = new StringBuilder();
    for (Result r : results) {
      b.append("threshold ")
          .append(r.threshold().text())
          .append(": ")
          .append(value(r.threshold(), r.measured()))
          .append(r.met() ? " ok" : " FAILED")
          .append('\n');
    }
    return b.toString();
  }

  /** A measured value as the lines print it: "3.412 ms", "1234.567890 tps", "0.100%". */
  static String value(Threshold t, double v) {
    if (Double.isNaN(v)) {
      return "not measured (no successful transaction)";
    }
    return switch (t.metric()) {
      case TPS -> CFormat.fixed(v, 6) + " tps";
      case LATENCY_AVERAGE, PERCENTILE -> CFormat.fixed(v, 3) + " ms";
      case FAILED, SKIPPED, RETRIED -> CFormat.fixed(v, 3) + "%";
    };
  }

  /** The unit of {@link Result#measured()}, as the JSON report names it. */
  static String unit(Threshold t) {
    return switch (t.metric()) {
      case TPS -> "tps";
      case LATENCY_AVERAGE, PERCENTILE -> "ms";
      case FAILED, SKIPPED, RETRIED -> "percent";
    };
  }
}
