package org.jpgbench.experiment;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A trend over time in one side's runs: the least-squares line of the runs' values against their
 * order, and whether its slope is beyond the noise around it (a t-test on the slope). ABBA order
 * spreads a drift over both sides alike, but a side that drifts says its runs do not come from one
 * distribution, which Welch's test assumes.
 */
final class Drift {
  private Drift() {}

  /**
   * The drift over the runs, as the fitted line's change from the first run to the last relative to
   * the mean (0.10 = rose by 10%), when its slope differs from 0 at {@code alpha}; NaN when there
   * is no trend beyond the noise, or fewer than 3 runs.
   */
  static double of(double[] v, double alpha) {
    int n = v.length;
    if (n < 3) {
      return Double.NaN;
    }
    double mx = (n - 1) / 2.0;
    double my = Welch.mean(v);
    double sxx = 0;
    double sxy = 0;
    for (int i = 0; i < n; i++) {
      sxx += (i - mx) * (i - mx);
      sxy += (i - mx) * (v[i] - my);
    }
    double slope = sxy / sxx;
    double sse = 0;
    for (int i = 0; i < n; i++) {
      double e = v[i] - (my + slope * (i - mx));
      sse += e * e;
    }
    if (my == 0) {
      return Double.NaN;
    }
    double se = Math.sqrt(sse / (n - 2) / sxx);
    boolean beyond =
        se == 0
            ? slope != 0
            : 2 * TDistribution.of(n - 2).survivalProbability(Math.abs(slope / se)) < alpha;
    return beyond ? slope * (n - 1) / my : Double.NaN;
  }
}
