package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jpgbench.random.Distributions;
import org.jpgbench.random.Prng;
import org.jpgbench.random.SeedPlan;
import org.junit.jupiter.api.Test;

/** Clients dealt to pgbench threads, the --rate schedule and the script choice (no timing). */
class ScheduleTest {
  private static int[] counts(int clients, int threads) {
    SeedPlan s = SeedPlan.of(1, clients, threads, false);
    int[] n = new int[s.threads()];
    for (int t = 0; t < n.length; t++) {
      n[t] = s.clientCount(t);
      if (t > 0) {
        assertEquals(s.firstClient(t - 1) + s.clientCount(t - 1), s.firstClient(t));
      }
    }
    return n;
  }

  @Test
  void clientsAreDealtAsPgbenchDoes() {
    assertArrayEquals(new int[] {2, 2, 1}, counts(5, 3));
    assertArrayEquals(new int[] {1, 1}, counts(2, 3)); // threads capped to clients
    assertArrayEquals(new int[] {4}, counts(4, 1));
    assertArrayEquals(new int[] {3, 3, 2, 2}, counts(10, 4));
  }

  @Test
  void poissonDelaysAverageTheTargetDelay() {
    Prng rs = new Prng(12345);
    double center = 1000.0; // 1000 tps on one thread
    int n = 200_000;
    long sum = 0;
    long zeros = 0;
    for (int i = 0; i < n; i++) {
      long d = Distributions.poisson(rs, center);
      assertTrue(d >= 0);
      sum += d;
      if (d == 0) {
        zeros++;
      }
    }
    double mean = (double) sum / n;
    assertEquals(center, mean, center * 0.01, "mean delay");
    // exponential inter-arrival times: P(delay < 0.5 us) = 1 - exp(-0.5/1000)
    assertEquals(n * (1 - Math.exp(-0.5 / center)), zeros, 60);
  }

  @Test
  void weightedScriptChoiceFollowsTheWeights() {
    PgbenchThread g =
        new PgbenchThread(
            0, new Prng(7), new Prng(8), new Prng(9), new int[] {2, 3, 1}, 0, 0, null);
    int[] hits = new int[3];
    int n = 60_000;
    for (int i = 0; i < n; i++) {
      hits[g.chooseScript()]++;
    }
    assertEquals(n * 2 / 6.0, hits[0], n * 0.01);
    assertEquals(n * 3 / 6.0, hits[1], n * 0.01);
    assertEquals(n / 6.0, hits[2], n * 0.01);
  }
}
