package org.jpgbench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Welch's test on seeded synthetic runs with known answers: 5 runs per side, 2% coefficient of
 * variation, 1,000 trials each (the targets: unchanged in at least 94% of equal pairs, a 5%
 * shift found in the right direction in at least 88%, the 95% interval covering the true shift in
 * 93-97%).
 */
class WelchTest {
  private static final int TRIALS = 1000;
  private static final int RUNS = 5;
  private static final double CV = 0.02;

  private static double[] runs(SplittableRandom r, double mean) {
    double[] v = new double[RUNS];
    for (int i = 0; i < RUNS; i++) {
      v[i] = mean * (1 + CV * gaussian(r));
    }
    return v;
  }

  /** Box-Muller, so that the trials depend only on the seed. */
  static double gaussian(SplittableRandom r) {
    double u = 1.0 - r.nextDouble();
    double v = r.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  @Test
  void equalDistributionsAreUnchangedInAtLeast94PercentOfTrials() {
    SplittableRandom r = new SplittableRandom(20261203);
    int unchanged = 0;
    int covered = 0;
    for (int t = 0; t < TRIALS; t++) {
      Change c = Welch.compare(runs(r, 15000), runs(r, 15000), true, 0.05);
      unchanged += c.verdict() == Verdict.INCONCLUSIVE ? 1 : 0;
      covered += c.ciLow() <= 0 && 0 <= c.ciHigh() ? 1 : 0;
    }
    assertTrue(unchanged >= 940, "unchanged in " + unchanged + " of " + TRIALS);
    assertTrue(covered >= 930 && covered <= 970, "covered in " + covered);
  }

  @Test
  void aFivePercentShiftIsFoundInTheRightDirectionAndCovered() {
    SplittableRandom r = new SplittableRandom(42);
    int improved = 0;
    int wrongWay = 0;
    int covered = 0;
    for (int t = 0; t < TRIALS; t++) {
      Change c = Welch.compare(runs(r, 15000), runs(r, 15000 * 1.05), true, 0.05);
      improved += c.verdict() == Verdict.IMPROVED ? 1 : 0;
      wrongWay += c.verdict() == Verdict.REGRESSED ? 1 : 0;
      covered += c.ciLow() <= 0.05 && 0.05 <= c.ciHigh() ? 1 : 0;
    }
    assertTrue(improved >= 880, "improved in " + improved + " of " + TRIALS);
    assertEquals(0, wrongWay);
    assertTrue(covered >= 930 && covered <= 970, "covered in " + covered);
  }

  @Test
  void aHigherLatencyIsARegression() {
    SplittableRandom r = new SplittableRandom(7);
    int regressed = 0;
    for (int t = 0; t < TRIALS; t++) {
      Change c = Welch.compare(runs(r, 0.5), runs(r, 0.5 * 1.05), false, 0.05);
      regressed += c.verdict() == Verdict.REGRESSED ? 1 : 0;
    }
    assertTrue(regressed >= 880, "regressed in " + regressed);
  }

  @Test
  void knownValuesAgainstAHandComputation() {
    // x = ln(100, 102, 98), y = ln(110, 112, 108): d = ln ratio of geometric means
    Change c = Welch.compare(new double[] {100, 102, 98}, new double[] {110, 112, 108}, true, 0.05);
    double gx = Math.cbrt(100.0 * 102 * 98);
    double gy = Math.cbrt(110.0 * 112 * 108);
    assertEquals(gy / gx - 1, c.change(), 1e-12);
    assertEquals(100.0, c.base(), 1e-12);
    assertEquals(110.0, c.neu(), 1e-12);
    assertTrue(c.pValue() < 0.01, "p " + c.pValue());
    assertTrue(c.ciLow() > 0.05 && c.ciHigh() < 0.15, c.toString());
    assertEquals(Verdict.IMPROVED, c.verdict());
  }

  @Test
  void zerosAreComparedOnTheirOwnScale() {
    Change same = Welch.compare(new double[] {0, 0, 0}, new double[] {0, 0, 0}, false, 0.05);
    assertEquals(Verdict.INCONCLUSIVE, same.verdict());
    assertEquals(1.0, same.pValue());
    Change more = Welch.compare(new double[] {0, 0, 0}, new double[] {5, 6, 7}, false, 0.05);
    assertEquals(Verdict.REGRESSED, more.verdict());
    assertTrue(Double.isNaN(more.change()));
  }
}
