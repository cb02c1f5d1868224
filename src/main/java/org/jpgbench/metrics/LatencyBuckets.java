package org.jpgbench.metrics;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The classic Prometheus buckets of {@code jpgbench_latency_seconds}: the R20 series of preferred
 * numbers (1, 1.12, 1.25, 1.4 ... 9: twenty a decade, each 11 to 14% above the one before) from 10
 * µs to 100 s, 140 bounds. {@code histogram_quantile} interpolates linearly inside a bucket, so a
 * percentile read from them is within one bucket's width (at most 14%) of the exact value, and
 * usually within a few percent; the run's own report has the exact percentiles (HdrHistogram,
 * 0.1%).
 */
final class LatencyBuckets {
  /** R20's twenty steps in a decade, rounded as ISO 3 rounds them. */
  private static final double[] R20 = {
    1.0, 1.12, 1.25, 1.4, 1.6, 1.8, 2.0, 2.24, 2.5, 2.8, 3.15, 3.55, 4.0, 4.5, 5.0, 5.6, 6.3, 7.1,
    8.0, 9.0
  };

  private static final int FIRST_DECADE = -5; // 10 µs

  private static final int DECADES = 7; // to 100 s

  /** The bounds in seconds, increasing, then +Inf. */
  static final double[] BOUNDS_SECONDS = bounds();

  /** The same in µs (the histograms' unit), without +Inf. */
  private static final long[] BOUNDS_MICROS = micros(BOUNDS_SECONDS);

  private LatencyBuckets() {}

  private static double[] bounds() {
    double[] b = new double[DECADES * R20.length + 2];
    int i = 0;
    for (int d = 0; d < DECADES; d++) {
      // scaled through a string so that the bounds print as 0.0000112, not 1.1200000000000002E-5
      for (double step : R20) {
        b[i++] =
            new java.math.BigDecimal(Double.toString(step))
                .scaleByPowerOfTen(FIRST_DECADE + d)
                .doubleValue();
      }
    }
    b[i++] = 100.0;
    b[i] = Double.POSITIVE_INFINITY;
    return b;
  }

  private static long[] micros(double[] seconds) {
    long[] m = new long[seconds.length - 1];
    for (int i = 0; i < m.length; i++) {
      m[i] = Math.round(seconds[i] * 1e6);
    }
    return m;
  }

  /**
   * How many of {@code h}'s values (µs) fall in each bucket: counts[i] those above bound i-1 and at
   * most bound i (not cumulative; the last, +Inf, takes what is above 100 s).
   */
  static long[] counts(AbstractHistogram h) {
    long[] counts = new long[BOUNDS_SECONDS.length];
    add(h, counts);
    return counts;
  }

  /** Adds {@code h}'s values to {@code counts}, as {@link #counts} counts them. */
  static void add(AbstractHistogram h, long[] counts) {
    if (h.getTotalCount() == 0) {
      return;
    }
    int bucket = 0;
    for (HistogramIterationValue v : h.recordedValues()) {
      // a value stands for the range of equivalent values it was recorded in: its middle
      long value = h.medianEquivalentValue(v.getValueIteratedTo());
      while (bucket < BOUNDS_MICROS.length && value > BOUNDS_MICROS[bucket]) {
        bucket++;
      }
      counts[bucket] += v.getCountAtValueIteratedTo();
    }
  }
}
