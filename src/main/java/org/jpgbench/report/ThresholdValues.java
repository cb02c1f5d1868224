package org.jpgbench.report;

import org.jpgbench.cnum.CFormat;
import org.jpgbench.config.Threshold;

/** How a threshold's measured figure is written: its text ("12.345 ms") and its JSON unit. */
public final class ThresholdValues {
  private ThresholdValues() {}

  /** A measured value as the lines print it: "3.412 ms", "1234.567890 tps", "0.100%". */
  public static String value(Threshold t, double v) {
    if (Double.isNaN(v)) {
      return t.metric() == Threshold.Metric.NOPM
          ? "not measured (the orders could not be counted)"
          : "not measured (no successful transaction)";
    }
    return switch (t.metric()) {
      case TPS -> CFormat.fixed(v, 6) + " tps";
      case LATENCY_AVERAGE, PERCENTILE -> CFormat.fixed(v, 3) + " ms";
      case FAILED, SKIPPED, RETRIED -> CFormat.fixed(v, 3) + "%";
      case NOPM -> CFormat.fixed(v, 1) + " NOPM";
    };
  }

  /** The unit of a measured figure, as the JSON report names it. */
  public static String unit(Threshold t) {
    return switch (t.metric()) {
      case TPS -> "tps";
      case LATENCY_AVERAGE, PERCENTILE -> "ms";
      case FAILED, SKIPPED, RETRIED -> "percent";
      case NOPM -> "nopm";
    };
  }
}
