package org.jpgbench.stats;

/**
 * Fixed latency buckets, counted per transaction under --metrics-listen (Prometheus' classic
 * buckets of {@code jpgbench_latency_seconds}): the R20 series of preferred numbers (1, 1.12, 1.25,
 * 1.4 ... 9: twenty a decade, each 11 to 14% above the one before) from 10 µs to 100 s, 141 bounds
 * and +Inf. {@code histogram_quantile} interpolates linearly inside a bucket, so a percentile read
 * from them is within one bucket's width (at most 14%) of the exact value, and usually within a few
 * percent; the run's own report has the exact percentiles (HdrHistogram, 0.1%).
 *
 * <p>{@link #index} finds a latency's bucket without a search: the latency's binary exponent and
 * the top four bits of its mantissa name a cell at most 6.25% wide, whose first bucket is looked
 * up; since the bounds are more than 11% apart, at most one bound lies inside a cell, so one
 * comparison settles it. A few nanoseconds on the client's thread.
 */
public final class LatencyBuckets {
  /** R20's twenty steps in a decade, rounded as ISO 3 rounds them, as decimal text. */
  private static final String[] R20 = {
    "1", "1.12", "1.25", "1.4", "1.6", "1.8", "2", "2.24", "2.5", "2.8", "3.15", "3.55", "4", "4.5",
    "5", "5.6", "6.3", "7.1", "8", "9"
  };

  private static final int FIRST_DECADE = -5; // 10 µs

  private static final int DECADES = 7; // to 100 s

  /** The bounds in seconds, increasing, then +Inf. */
  private static final double[] BOUNDS_SECONDS = bounds(0);

  /** The same in µs (the unit the clients record), +Inf last. */
  private static final double[] BOUNDS_MICROS = bounds(6);

  /** How many buckets there are, +Inf's included. */
  public static final int COUNT = BOUNDS_SECONDS.length;

  private static final int LAST_FINITE = COUNT - 2;

  /** The binary exponent of the first bound (10 µs: 2^3 ≤ 10 < 2^4) and of the last (100 s). */
  private static final int MIN_EXPONENT = Math.getExponent(BOUNDS_MICROS[0]);

  private static final int MAX_EXPONENT = Math.getExponent(BOUNDS_MICROS[LAST_FINITE]);

  /** Per cell (exponent, top four mantissa bits): the first bucket whose bound is not below it. */
  private static final short[] FIRST_IN_CELL = cells();

  private LatencyBuckets() {}

  /** The bounds in seconds, increasing, +Inf last (a copy). */
  public static double[] boundsSeconds() {
    return BOUNDS_SECONDS.clone();
  }

  /**
   * The bucket of a latency: the first whose bound is not below it ({@link #COUNT} - 1, +Inf, above
   * 100 s).
   *
   * @param micros a latency in µs
   */
  public static int index(double micros) {
    if (!(micros > BOUNDS_MICROS[0])) {
      return 0; // NaN too
    }
    if (micros > BOUNDS_MICROS[LAST_FINITE]) {
      return LAST_FINITE + 1;
    }
    int i = FIRST_IN_CELL[cell(micros)];
    while (micros > BOUNDS_MICROS[i]) {
      i++;
    }
    return i;
  }

  private static int cell(double micros) {
    int mantissaTop = (int) (Double.doubleToRawLongBits(micros) >>> 48) & 15;
    return (Math.getExponent(micros) - MIN_EXPONENT) * 16 + mantissaTop;
  }

  private static short[] cells() {
    short[] first = new short[(MAX_EXPONENT - MIN_EXPONENT + 1) * 16];
    int bucket = 0;
    for (int c = 0; c < first.length; c++) {
      // the cell's smallest value: 2^exponent * (1 + sixteenths)
      double low = Math.scalb(1 + (c % 16) / 16.0, MIN_EXPONENT + c / 16);
      while (bucket < LAST_FINITE && BOUNDS_MICROS[bucket] < low) {
        bucket++;
      }
      first[c] = (short) bucket;
    }
    return first;
  }

  /**
   * The bounds scaled by 10^shift, each the double nearest the decimal number (0.0000112, not the
   * 1.1200000000000001E-5 of 1.12 * 1e-5): its decimal text parsed, which rounds correctly, rather
   * than BigDecimal arithmetic, which had C2 compile BigInteger's loops at the start of every run
   * with --metrics-listen.
   */
  private static double[] bounds(int shift) {
    double[] b = new double[DECADES * R20.length + 2];
    int i = 0;
    for (int d = 0; d < DECADES; d++) {
      for (String step : R20) {
        b[i++] = Double.parseDouble(step + "E" + (FIRST_DECADE + d + shift));
      }
    }
    b[i++] = Double.parseDouble("1E" + (2 + shift));
    b[i] = Double.POSITIVE_INFINITY;
    return b;
  }
}
