package org.jpgbench.experiment;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What the single-run mode can and cannot claim, on seeded synthetic -P series (60 intervals of
 * AR(1) noise, 2% per interval): two runs of one distribution are mostly unchanged and a 5% shift
 * is found; but when each run has its own level (run-to-run variation of 2%, which one run per side
 * cannot see) the mode claims differences that are not there far more often than its alpha.
 */
class BlockBootstrapTest {
  private static final int TRIALS = 300;

  private static double[] series(SplittableRandom r, double level) {
    double[] v = new double[60];
    double e = 0;
    for (int i = 0; i < v.length; i++) {
      e = 0.5 * e + Math.sqrt(1 - 0.25) * WelchTest.gaussian(r);
      v[i] = level * (1 + 0.02 * e);
    }
    return v;
  }

  @Test
  void withinRunNoiseAloneIsHandled() {
    SplittableRandom r = new SplittableRandom(11);
    int unchanged = 0;
    int found = 0;
    for (int t = 0; t < TRIALS; t++) {
      Change same = BlockBootstrap.compare(series(r, 1000), series(r, 1000), true, 0.05, t);
      unchanged += same.verdict() == Verdict.INCONCLUSIVE ? 1 : 0;
      Change shifted = BlockBootstrap.compare(series(r, 1000), series(r, 1050), true, 0.05, t);
      found += shifted.verdict() == Verdict.IMPROVED ? 1 : 0;
    }
    assertTrue(unchanged >= 0.85 * TRIALS, "unchanged " + unchanged);
    assertTrue(found >= 0.99 * TRIALS, "found " + found);
  }

  @Test
  void runToRunVariationIsNotSeenAndFalseClaimsFollow() {
    SplittableRandom r = new SplittableRandom(12);
    int falseClaims = 0;
    for (int t = 0; t < TRIALS; t++) {
      double a = 1000 * (1 + 0.02 * WelchTest.gaussian(r));
      double b = 1000 * (1 + 0.02 * WelchTest.gaussian(r));
      Change c = BlockBootstrap.compare(series(r, a), series(r, b), true, 0.05, t);
      falseClaims += c.verdict() != Verdict.INCONCLUSIVE ? 1 : 0;
    }
    // the same setup, yet most pairs are called different: why compare asks for repeated runs
    assertTrue(falseClaims > 0.5 * TRIALS, "false claims " + falseClaims);
  }
}
