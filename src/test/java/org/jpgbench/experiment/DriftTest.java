package org.jpgbench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Drift on seeded synthetic runs: a steady rise is named with its size, noise alone is not. */
class DriftTest {
  @Test
  void aSteadyRiseIsFoundWithItsSize() {
    double[] v = {1000, 1021, 1039, 1062, 1079, 1101};
    double d = Drift.of(v, 0.05);
    assertEquals(0.097, d, 0.01); // ~100 tps over a mean of ~1050
    assertTrue(Drift.of(new double[] {1100, 1080, 1061, 1040, 1019, 1001}, 0.05) < 0);
  }

  @Test
  void noiseAloneIsRarelyCalledADrift() {
    SplittableRandom r = new SplittableRandom(3);
    int called = 0;
    for (int t = 0; t < 1000; t++) {
      double[] v = new double[6];
      for (int i = 0; i < v.length; i++) {
        v[i] = 1000 * (1 + 0.02 * r.nextGaussian());
      }
      called += Double.isNaN(Drift.of(v, 0.05)) ? 0 : 1;
    }
    assertTrue(called <= 70, "called a drift in " + called + " of 1000");
    assertTrue(Double.isNaN(Drift.of(new double[] {1, 2}, 0.05)), "too few runs");
  }
}
