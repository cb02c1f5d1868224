package org.jpgbench.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The classic buckets, on seeded latencies whose bucket counts and percentiles are known. */
class LatencyBucketsTest {
  private static final double[] B = LatencyBuckets.BOUNDS_SECONDS;

  @Test
  void boundsRunFromTenMicrosecondsToOneHundredSecondsInStepsOfElevenToFifteenPercent() {
    assertEquals(142, B.length, "7 decades of R20, 100 s, +Inf");
    assertEquals(1e-5, B[0]);
    assertEquals(100.0, B[B.length - 2]);
    assertEquals(Double.POSITIVE_INFINITY, B[B.length - 1]);
    for (int i = 1; i < B.length - 1; i++) {
      double step = B[i] / B[i - 1];
      assertTrue(step > 1.11 && step < 1.15, "step " + i + ": " + step);
    }
    assertEquals(0.00224, B[2 * 20 + 7], "bounds are the decimal numbers themselves");
  }

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

  @Test
  void eachValueIsCountedInTheFirstBucketWhoseBoundIsNotBelowIt() {
    long[] v = latencies(42, 100_000);
    Histogram h = new Histogram(3);
    long[] expected = new long[B.length];
    for (long micros : v) {
      h.recordValue(micros);
      int i = 0;
      while (micros > B[i] * 1e6) {
        i++;
      }
      expected[i]++;
    }
    assertArrayEquals(expected, LatencyBuckets.counts(h));
    assertEquals(v.length, Arrays.stream(LatencyBuckets.counts(h)).sum());
  }

  @Test
  void valuesBeyondOneHundredSecondsGoToInfinityAndTheSmallestToTheFirstBucket() {
    Histogram h = new Histogram(3);
    h.recordValue(1);
    h.recordValue(10);
    h.recordValue(200_000_000L);
    long[] c = LatencyBuckets.counts(h);
    assertEquals(2, c[0]);
    assertEquals(1, c[B.length - 1]);
  }

  /**
   * Prometheus' histogram_quantile on these buckets (linear inside the bucket that holds the rank)
   * lands within one bucket's width of the exact percentile.
   */
  @Test
  void aPercentileReadFromTheBucketsIsWithinOneBucketOfTheExactOne() {
    long[] v = latencies(7, 200_000);
    Histogram h = new Histogram(3);
    for (long micros : v) {
      h.recordValue(micros);
    }
    long[] counts = LatencyBuckets.counts(h);
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
