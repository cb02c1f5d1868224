package org.jpgbench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The four verdicts on seeded synthetic runs with a known answer: tps with a 2% run-to-run
 * coefficient of variation, 5 runs a side, 1,000 trials, at the default alpha and margin.
 */
class VerdictStatisticsTest {
  private static final int TRIALS = 1_000;
  private static final int RUNS = 5;
  private static final double CV = 0.02;

  private static Map<Verdict, Integer> trials(double shift, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    Decision d = Decision.defaults();
    Map<Verdict, Integer> count = new EnumMap<>(Verdict.class);
    for (int t = 0; t < TRIALS; t++) {
      double[] base = new double[RUNS];
      double[] neu = new double[RUNS];
      for (int i = 0; i < RUNS; i++) {
        base[i] = 1000 * (1 + CV * random.nextGaussian());
        neu[i] = 1000 * (1 + shift) * (1 + CV * random.nextGaussian());
      }
      Change c = Welch.compare(base, neu, true, d.alpha()).decided(d.margin(), RUNS);
      count.merge(c.verdict(), 1, Integer::sum);
    }
    return count;
  }

  @Test
  void equalSidesAreRarelyCalledDifferentAndMostlyUnchanged() {
    Map<Verdict, Integer> c = trials(0, 20261207L);
    int wrong = c.getOrDefault(Verdict.IMPROVED, 0) + c.getOrDefault(Verdict.REGRESSED, 0);
    int unchanged = c.getOrDefault(Verdict.UNCHANGED, 0);
    assertTrue(wrong <= TRIALS * 5 / 100, "improved or regressed: " + c);
    assertTrue(unchanged > TRIALS / 2, "unchanged in most trials: " + c);
  }

  @Test
  void aFivePercentShiftIsFoundInTheRightDirection() {
    Map<Verdict, Integer> up = trials(0.05, 7L);
    assertTrue(up.getOrDefault(Verdict.IMPROVED, 0) >= TRIALS * 88 / 100, "improved: " + up);
    assertEquals(0, up.getOrDefault(Verdict.REGRESSED, 0), up.toString());
    Map<Verdict, Integer> down = trials(-0.05, 8L);
    assertTrue(down.getOrDefault(Verdict.REGRESSED, 0) >= TRIALS * 88 / 100, "regressed: " + down);
  }

  /** The trial of the issue: an interval of [-97%, +278%] is no finding, whatever its center. */
  @Test
  void aWideIntervalIsInconclusiveWithTheRunsThatWouldDecide() {
    Change wide =
        new Change(1922, 757, -0.6, -0.97, 2.78, 0.2, Verdict.INCONCLUSIVE, "welch", 0)
            .decided(0.05, 2);
    assertEquals(Verdict.INCONCLUSIVE, wide.verdict());
    assertTrue(wide.runsNeeded() > 2, "runs per side that would decide: " + wide.runsNeeded());
    assertEquals("~ (" + wide.runsNeeded() + " runs/side)", CompareText.verdict(wide));
    // no change, in an interval far wider than the margin: at least the cap, said as such
    Change hopeless =
        new Change(100, 100.1, 0.001, -3, 3, 0.99, Verdict.INCONCLUSIVE, "welch", 0)
            .decided(0.05, 50);
    assertEquals(Change.RUNS_NEEDED_CAP, hopeless.runsNeeded());
    assertEquals("~ (10000+ runs/side)", CompareText.verdict(hopeless));

    Change within =
        new Change(100, 101, 0.01, -0.02, 0.04, 0.4, Verdict.INCONCLUSIVE, "welch", 0)
            .decided(0.05, 5);
    assertEquals(Verdict.UNCHANGED, within.verdict());
    Change smallButSure =
        new Change(100, 102, 0.02, 0.01, 0.03, 0.001, Verdict.IMPROVED, "welch", 0)
            .decided(0.05, 5);
    assertEquals(Verdict.UNCHANGED, smallButSure.verdict(), "a change below the margin");
    Change noFailures = Change.none(0, 0).decided(0.05, 5);
    assertEquals(Verdict.UNCHANGED, noFailures.verdict());
    assertEquals(Verdict.INCONCLUSIVE, Change.none(10, 12).decided(0.05, 1).verdict());
    // what a few noisy runs' interval prints: capped, so the columns stay aligned
    assertEquals(">+9999%", CompareText.percent(3.4e17));
    assertEquals("-100.00%", CompareText.percent(-1));
    assertEquals("99.7%", CompareText.confidence(0.05 / 19));
    assertEquals("95%", CompareText.confidence(0.05));
  }
}
