package org.jpgbench.experiment;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Welch's unequal-variances t-test between the runs of two sides, the method of {@code compare} and
 * {@code ab} with at least two runs per side (docs/experiments.md says why this one).
 *
 * <p>Strictly positive metrics (tps, latencies) are compared on the log scale: the difference of
 * the mean logarithms is the logarithm of the ratio new/base, so the interval of the relative
 * change is exp(d ± t·se) − 1 and is not distorted by the base's own noise. Metrics that may be 0
 * (failures) are compared on their own scale, the interval divided by the base mean.
 */
final class Welch {
  private Welch() {}

  /**
   * @param base the base side's values, one per run (at least 2)
   * @param neu the new side's (at least 2)
   * @param higherIsBetter tps; false for latencies and failures
   * @param alpha the significance level, the interval's confidence being 1 − alpha
   */
  static Change compare(double[] base, double[] neu, boolean higherIsBetter, double alpha) {
    if (base.length < 2 || neu.length < 2) {
      throw new IllegalArgumentException("Welch's test needs two runs per side");
    }
    double baseMean = mean(base);
    double newMean = mean(neu);
    boolean positive = min(base) > 0 && min(neu) > 0;
    double[] x = positive ? logs(base) : base;
    double[] y = positive ? logs(neu) : neu;
    double d = mean(y) - mean(x);
    double vx = variance(x) / x.length;
    double vy = variance(y) / y.length;
    double se = Math.sqrt(vx + vy);
    double lo;
    double hi;
    double p;
    if (se == 0) { // identical runs on each side: the difference is exact
      lo = d;
      hi = d;
      p = d == 0 ? 1.0 : 0.0;
    } else {
      double df = (vx + vy) * (vx + vy) / (vx * vx / (x.length - 1) + vy * vy / (y.length - 1));
      TDistribution t = TDistribution.of(df);
      double q = t.inverseSurvivalProbability(alpha / 2);
      lo = d - q * se;
      hi = d + q * se;
      p = Math.min(1.0, 2 * t.survivalProbability(Math.abs(d / se)));
    }
    double change;
    if (positive) {
      change = Math.expm1(d);
      lo = Math.expm1(lo);
      hi = Math.expm1(hi);
    } else if (baseMean != 0) {
      change = d / baseMean;
      lo /= baseMean;
      hi /= baseMean;
    } else {
      change = Double.NaN;
      lo = Double.NaN;
      hi = Double.NaN;
    }
    Verdict v = Verdict.of(p < alpha, positive || baseMean != 0 ? change : d, higherIsBetter);
    return new Change(baseMean, newMean, change, lo, hi, p, v, "welch", 0);
  }

  static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }

  /** The sample variance (n − 1). */
  static double variance(double[] v) {
    double m = mean(v);
    double s = 0;
    for (double x : v) {
      s += (x - m) * (x - m);
    }
    return s / (v.length - 1);
  }

  private static double min(double[] v) {
    double m = Double.POSITIVE_INFINITY;
    for (double x : v) {
      m = Math.min(m, x);
    }
    return m;
  }

  private static double[] logs(double[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = Math.log(v[i]);
    }
    return out;
  }
}
