package org.jpgbench.experiment;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The single-run mode of {@code compare}: one run per side, compared through their per-interval
 * series (-P) with a moving-block bootstrap of the ratio of the series' means. Blocks of
 * consecutive intervals keep the series' autocorrelation (a checkpoint spans several seconds). It
 * measures only the noise within each run: two runs of the same server differ by more than that,
 * which this mode cannot see (docs/experiments.md).
 */
final class BlockBootstrap {
  static final int RESAMPLES = 4000;

  /** Below this many intervals per side there is no series to resample. */
  static final int MIN_INTERVALS = 5;

  private BlockBootstrap() {}

  /**
   * @param base the base run's per-interval values (at least {@link #MIN_INTERVALS})
   * @param neu the new run's
   * @param seed the resampling's seed (fixed, so that the same files give the same answer)
   */
  static Change compare(
      double[] base, double[] neu, boolean higherIsBetter, double alpha, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double baseMean = Welch.mean(base);
    double newMean = Welch.mean(neu);
    if (baseMean <= 0 || newMean <= 0) {
      return Change.none(baseMean, newMean);
    }
    double[] logRatios = new double[RESAMPLES];
    for (int i = 0; i < RESAMPLES; i++) {
      logRatios[i] = Math.log(resampledMean(neu, random) / resampledMean(base, random));
    }
    Arrays.sort(logRatios);
    double lo = quantile(logRatios, alpha / 2);
    double hi = quantile(logRatios, 1 - alpha / 2);
    int below = 0;
    for (double r : logRatios) {
      below += r <= 0 ? 1 : 0;
    }
    double p = Math.min(1.0, 2.0 * Math.min(below, RESAMPLES - below + 1) / RESAMPLES);
    double change = newMean / baseMean - 1;
    boolean significant = lo > 0 || hi < 0;
    return new Change(
        baseMean,
        newMean,
        change,
        Math.expm1(lo),
        Math.expm1(hi),
        p,
        Verdict.of(significant, change, higherIsBetter),
        "block-bootstrap",
        0);
  }

  /** The mean of a series rebuilt from random blocks of length n^(1/3). */
  private static double resampledMean(double[] v, SplittableRandom random) {
    int n = v.length;
    int block = Math.max(1, (int) Math.round(Math.cbrt(n)));
    double sum = 0;
    int taken = 0;
    while (taken < n) {
      int start = random.nextInt(n - block + 1);
      for (int j = 0; j < block && taken < n; j++, taken++) {
        sum += v[start + j];
      }
    }
    return sum / n;
  }

  private static double quantile(double[] sorted, double q) {
    double pos = q * (sorted.length - 1);
    int i = (int) Math.floor(pos);
    int j = Math.min(sorted.length - 1, i + 1);
    return sorted[i] + (pos - i) * (sorted[j] - sorted[i]);
  }
}
