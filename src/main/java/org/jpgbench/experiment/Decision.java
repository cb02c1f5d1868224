package org.jpgbench.experiment;

/**
 * How a comparison decides: its significance level and its margin, the smallest relative change
 * that matters (docs/experiments.md says why the defaults are what they are).
 *
 * @param alpha the significance level; the intervals' confidence is 1 − alpha
 * @param margin a fraction (0.05 = ±5%): a change whose whole interval lies within ±margin is
 *     "unchanged"
 */
public record Decision(double alpha, double margin) {
  /** --alpha's default: 95% intervals. */
  public static final double DEFAULT_ALPHA = 0.05;

  /** --margin's default, ±5%. */
  public static final double DEFAULT_MARGIN = 0.05;

  public static Decision defaults() {
    return new Decision(DEFAULT_ALPHA, DEFAULT_MARGIN);
  }
}
