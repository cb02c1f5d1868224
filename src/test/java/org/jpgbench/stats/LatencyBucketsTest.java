package org.jpgbench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The classic buckets, on seeded latencies whose bucket counts and percentiles are known. */
class LatencyBucketsTest {
  private static final double[] B = LatencyBuckets.boundsSeconds();

  @Test
  void boundsRunFromTenMicrosecondsToOneHundredSecondsInStepsOfElevenToFifteenPercent() {
    assertEquals(142, B.length, "7 decades of R20, 100 s, +Inf");
    assertEquals(B.length, LatencyBuckets.COUNT);
    assertEquals(1e-5, B[0]);
    assertEquals(100.0, B[B.length - 2]);
    assertEquals(Double.POSITIVE_INFINITY, B[B.length - 1]);
    for (int i = 1; i < B.length - 1; i++) {
      double step = B[i] / B[i - 1];
      assertTrue(step > 1.11 && step < 1.15, "step " + i + ": " + step);
    }
    assertEquals(0.00224, B[2 * 20 + 7], "bounds are the decimal numbers themselves");
    for (int i = 0; i < B.length - 1; i++) {
      // the nearest double to a number of at most three significant digits prints as that number
      BigDecimal printed = new BigDecimal(Double.toString(B[i])).stripTrailingZeros();
      assertTrue(printed.precision() <= 3, "bound " + i + " prints as " + B[i]);
    }
    // each bound is R20's step in its decade, the exact decimal rounded once (BigDecimal's way)
    for (int d = 0; d < 7; d++) {
      for (int j = 0; j < R20.length; j++) {
        double exact = new BigDecimal(R20[j]).scaleByPowerOfTen(d - 5).doubleValue();
        assertEquals(exact, B[d * 20 + j], "decade " + d + ", step " + R20[j]);
      }
    }
  }

  /** ISO 3's R20 steps, written out here as the standard lists them. */
  private static final String[] R20 = {
    "1.00", "1.12", "1.25", "1.40", "1.60", "1.80", "2.00", "2.24", "2.50", "2.80", "3.15", "3.55",
    "4.00", "4.50", "5.00", "5.60", "6.30", "7.10", "8.00", "9.00"
  };

  /** Latencies (µs) drawn log-normally around 1 ms, none within 0.5% of a bound. */
  private static long[] latencies(long seed, int n) {
    SplittableRandom r = new SplittableRandom(seed);
    long[] v = new long[n];
    for (int i = 0; i < n; ) {
      long micros = Math.round(Math.exp(Math.log(1000) + 0.8 * gaussian(r)));
      if (micros >= 1 && !nearABound(micros)) {
        v[i++] = micros;
      }
    }
    return v;
  }

  private static double gaussian(SplittableRandom r) {
    return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
  }

  private static boolean nearABound(long micros) {
    for (int i = 0; i < B.length - 1; i++) {
      if (Math.abs(micros - B[i] * 1e6) <= B[i] * 1e6 * 0.005) {
        return true;
      }
    }
    return false;
  }

  /** The bucket as the definition reads: the first whose bound (in µs) is not below the value. */
  private static int byDefinition(double micros) {
    int i = 0;
    while (i < B.length - 1 && micros > B[i] * 1e6 * (1 + 1e-12)) {
      i++;
    }
    return i;
  }

  private static long[] counts(long[] micros) {
    long[] c = new long[LatencyBuckets.COUNT];
    for (long v : micros) {
      c[LatencyBuckets.index(v)]++;
    }
    return c;
  }

  @Test
  void eachValueIsCountedInTheFirstBucketWhoseBoundIsNotBelowIt() {
    long[] v = latencies(42, 100_000);
    long[] expected = new long[B.length];
    for (long micros : v) {
      expected[byDefinition(micros)]++;
    }
    assertArrayEquals(expected, counts(v));
    assertEquals(v.length, Arrays.stream(counts(v)).sum());
  }

  /** Every bound, a hair below and above it, and fractional latencies across the whole range. */
  @Test
  void theLookupAgreesWithTheDefinitionAtEveryBoundAndBetween() {
    for (int i = 0; i < B.length - 1; i++) {
      double bound = B[i] * 1e6;
      assertEquals(i, LatencyBuckets.index(bound), "at bound " + i);
      assertEquals(i, LatencyBuckets.index(Math.nextDown(bound)), "below bound " + i);
      assertEquals(i + 1, LatencyBuckets.index(Math.nextUp(bound * (1 + 1e-9))), "above " + i);
    }
    SplittableRandom r = new SplittableRandom(3);
    for (int n = 0; n < 1_000_000; n++) {
      double micros = Math.pow(10, r.nextDouble(-1, 9)); // 0.1 µs .. 1000 s
      assertEquals(byDefinition(micros), LatencyBuckets.index(micros), "at " + micros + " µs");
    }
  }

  @Test
  void valuesBeyondOneHundredSecondsGoToInfinityAndTheSmallestToTheFirstBucket() {
    assertEquals(0, LatencyBuckets.index(0));
    assertEquals(0, LatencyBuckets.index(1));
    assertEquals(0, LatencyBuckets.index(10));
    assertEquals(0, LatencyBuckets.index(Double.NaN));
    assertEquals(B.length - 2, LatencyBuckets.index(100_000_000));
    assertEquals(B.length - 1, LatencyBuckets.index(100_000_000.5));
    assertEquals(B.length - 1, LatencyBuckets.index(3.6e9));
  }

  /**
   * Prometheus' histogram_quantile on these buckets (linear inside the bucket that holds the rank)
   * lands within one bucket's width of the exact percentile.
   */
  @Test
  void aPercentileReadFromTheBucketsIsWithinOneBucketOfTheExactOne() {
    long[] v = latencies(7, 200_000);
    long[] counts = counts(v);
    long[] sorted = v.clone();
    Arrays.sort(sorted);
    for (double q : new double[] {0.5, 0.9, 0.99, 0.999}) {
      double exact = sorted[(int) Math.ceil(q * sorted.length) - 1] / 1e6;
      double estimate = histogramQuantile(q, counts);
      assertTrue(
          Math.abs(estimate / exact - 1) < 0.125,
          "q" + q + ": exact " + exact + " s, from the buckets " + estimate + " s");
    }
  }

  /** As Prometheus computes it from cumulative bucket counts. */
  private static double histogramQuantile(double q, long[] counts) {
    long total = Arrays.stream(counts).sum();
    double rank = q * total;
    long cumulative = 0;
    for (int i = 0; i < counts.length; i++) {
      if (cumulative + counts[i] >= rank) {
        double lower = i == 0 ? 0 : B[i - 1];
        return lower + (B[i] - lower) * (rank - cumulative) / counts[i];
      }
      cumulative += counts[i];
    }
    throw new AssertionError("rank beyond the buckets");
  }
}
