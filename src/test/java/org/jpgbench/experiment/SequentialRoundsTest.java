package org.jpgbench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * --rounds=auto on seeded synthetic tps (2% run-to-run coefficient of variation, 1,000 trials, MAX
 * 20): a look after every round, stopping at the first verdict, does not raise the rate of false
 * verdicts, and a 5% shift is found within MAX rounds.
 */
class SequentialRoundsTest {
  private static final int TRIALS = 1_000;
  private static final int MAX = 20;
  private static final double CV = 0.02;

  /** The verdict and the rounds each trial took. */
  private record Outcome(Verdict verdict, int rounds) {}

  private static Outcome[] trials(double shift, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    SequentialRounds rule = new SequentialRounds(MAX, Decision.defaults());
    Outcome[] out = new Outcome[TRIALS];
    for (int t = 0; t < TRIALS; t++) {
      double[] a = new double[MAX];
      double[] b = new double[MAX];
      Outcome o = null;
      for (int r = 0; r < MAX && o == null; r++) {
        a[r] = 1000 * (1 + CV * random.nextGaussian());
        b[r] = 1000 * (1 + shift) * (1 + CV * random.nextGaussian());
        if (r >= 1) {
          Change c = rule.look(Arrays.copyOf(a, r + 1), Arrays.copyOf(b, r + 1), true);
          if (c.verdict() != Verdict.INCONCLUSIVE || r == MAX - 1) {
            o = new Outcome(c.verdict(), r + 1);
          }
        }
      }
      out[t] = o;
    }
    return out;
  }

  private static long count(Outcome[] o, Verdict v) {
    return Arrays.stream(o).filter(x -> x.verdict() == v).count();
  }

  private static int medianRounds(Outcome[] o) {
    int[] r = Arrays.stream(o).mapToInt(Outcome::rounds).sorted().toArray();
    return r[r.length / 2];
  }

  @Test
  void lookingAfterEveryRoundKeepsFalseVerdictsRare() {
    Outcome[] o = trials(0, 11L);
    long wrong = count(o, Verdict.IMPROVED) + count(o, Verdict.REGRESSED);
    assertTrue(wrong <= TRIALS * 5 / 100, "false verdicts: " + wrong);
    assertTrue(
        count(o, Verdict.UNCHANGED) > TRIALS / 2, "unchanged: " + count(o, Verdict.UNCHANGED));
  }

  @Test
  void aFivePercentShiftIsFoundWithinTwentyRounds() {
    Outcome[] o = trials(0.05, 12L);
    long found = count(o, Verdict.IMPROVED);
    assertTrue(
        found >= TRIALS * 90 / 100, "found in " + found + ", median rounds " + medianRounds(o));
    assertEquals(0, count(o, Verdict.REGRESSED));
    assertTrue(medianRounds(o) < MAX, "median rounds " + medianRounds(o));
  }

  /**
   * sweep --repeat=auto: a point repeated until its tps is known within ±5% is known after a few
   * runs, and the interval it stops with still covers the true tps at least 95% of the time.
   */
  @Test
  void aPointIsRepeatedUntilItsTpsIsKnown() {
    SplittableRandom random = new SplittableRandom(13);
    SequentialRounds rule = new SequentialRounds(MAX, Decision.defaults());
    int decided = 0;
    int covered = 0;
    int[] runs = new int[TRIALS];
    for (int t = 0; t < TRIALS; t++) {
      double[] v = new double[MAX];
      int n = 0;
      while (n < MAX) {
        v[n] = 1000 * Math.exp(CV * random.nextGaussian());
        n++;
        if (rule.decidedPoint(Arrays.copyOf(v, n))) {
          decided++;
          break;
        }
      }
      runs[t] = Math.min(n, MAX);
      double[] got = Arrays.copyOf(v, runs[t]);
      double h = rule.precise(got);
      double mean = Math.exp(Arrays.stream(got).map(Math::log).average().orElseThrow());
      covered += Math.abs(Math.log(mean / 1000)) <= Math.log1p(h) ? 1 : 0;
    }
    Arrays.sort(runs);
    assertTrue(decided >= TRIALS * 95 / 100, "decided in " + decided);
    assertTrue(covered >= TRIALS * 95 / 100, "the final interval covers the truth in " + covered);
    assertTrue(runs[TRIALS / 2] <= 6, "median runs " + runs[TRIALS / 2]);
  }

  @Test
  void eachLookSpendsItsShareOfAlpha() {
    SequentialRounds rule = new SequentialRounds(20, new Decision(0.05, 0.05));
    assertEquals(0.05 / 19, rule.perLook().alpha(), 1e-12);
    assertEquals(0.05, rule.perLook().margin());
    assertThrows(
        IllegalArgumentException.class, () -> new SequentialRounds(1, Decision.defaults()));
  }
}
