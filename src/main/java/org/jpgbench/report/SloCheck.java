package org.jpgbench.report;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
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

  /**
   * What thresholds are measured on: a run's final figures or, under --slo-abort, those measured so
   * far.
   *
   * @param tps successful transactions per second
   * @param latencyAverageMillis the average latency of successful transactions
   * @param latencies their latencies (µs), or null when not recorded
   * @param transactions successful, failed and skipped transactions
   * @param nopm -b tpcc's new orders per minute, NaN when not counted (during a run)
   */
  public record Figures(
      double tps,
      double latencyAverageMillis,
      AbstractHistogram latencies,
      long transactions,
      long failed,
      long skipped,
      long retried,
      double nopm) {
    /** A run's final figures. */
    static Figures of(RunSummary r) {
      StatsData t = r.total();
      return new Figures(
          r.tps(),
          r.latencyAverageMillis(),
          r.latencies(),
          t.total(),
          t.failures(),
          t.skipped,
          t.retried,
          r.details().workload() != null ? r.details().workload().nopm() : Double.NaN);
    }
  }

  private SloCheck() {}

  /** Each of the summary's thresholds (its settings'), in the order given. */
  public static List<Result> evaluate(RunSummary r) {
    List<Result> out = new ArrayList<>();
    Figures f = Figures.of(r);
    for (Threshold t : r.settings().thresholds()) {
      double v = measure(t, f);
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
    return measure(t, Figures.of(r));
  }

  /** What {@code f} holds for {@code t}, in its unit; NaN when there is nothing to measure. */
  static double measure(Threshold t, Figures f) {
    long all = f.transactions();
    return switch (t.metric()) {
      case TPS -> f.tps();
      case LATENCY_AVERAGE -> f.latencyAverageMillis();
      case PERCENTILE ->
          f.latencies() == null || f.latencies().getTotalCount() == 0
              ? Double.NaN
              : PercentileLines.millis(f.latencies(), t.percentile());
      case FAILED -> all > 0 ? 100.0 * f.failed() / all : 0.0;
      case SKIPPED -> all > 0 ? 100.0 * f.skipped() / all : 0.0;
      case RETRIED -> all > 0 ? 100.0 * f.retried() / all : 0.0;
      case NOPM -> f.nopm();
    };
  }

  /** "threshold p99<=10ms: 3.412 ms ok", one line per threshold. */
  public static String lines(List<Result> results) {
    StringBuilder b = new StringBuilder();
    for (Result r : results) {
      b.append("threshold ")
          .append(r.threshold().text())
          .append(": ")
          .append(ThresholdValues.value(r.threshold(), r.measured()))
          .append(r.met() ? " ok" : " FAILED")
          .append('\n');
    }
    return b.toString();
  }
}
