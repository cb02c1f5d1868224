package org.jpgbench.report;

import org.jpgbench.config.Threshold;

/**
 * The threshold that stopped a run.
 *
 * @param elapsedSeconds from the run's start to the end of the interval after which it failed
 * @param measured what was measured then, in the threshold's unit
 */
public record SloStop(Threshold threshold, double elapsedSeconds, double measured) {
  /** "threshold p99<=1ms failed after 3.0 s (12.345 ms)". */
  public String text() {
    return "threshold "
        + threshold.text()
        + " failed after "
        + org.jpgbench.cnum.CFormat.fixed(elapsedSeconds, 1)
        + " s ("
        + ThresholdValues.value(threshold, measured)
        + ")";
  }

  /** The unit of {@link #measured()}, as the JSON report names it. */
  public String unit() {
    return ThresholdValues.unit(threshold);
  }
}
