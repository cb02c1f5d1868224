package org.jpgbench.random;

/**
 * pgbench's random distributions, exactly as its expression functions compute them: {@code
 * random(lb, ub)} (getrand), {@code random_exponential}, {@code random_gaussian}, {@code
 * random_zipfian}, plus the Poisson delay used by {@code --rate}. Each method consumes the same
 * number of draws from the same {@link Prng} as pgbench and returns the same value.
 *
 * <p>Argument checks happen in pgbench's order: the range first ({@link #checkRange}), then the
 * parameter; both throw {@link RandomArgumentException} with pgbench's message. An evaluator that
 * coerces the third argument itself must call {@link #checkRange} before coercing it, as pgbench
 * does. The normal path allocates nothing.
 *
 * <p>Double-to-int64 conversions follow the x86-64 C conversion (cvttsd2si) of the reference
 * binary: NaN and out-of-range values become {@code Long.MIN_VALUE}, where Java would saturate.
 */
public final class Distributions {
  /** MIN_GAUSSIAN_PARAM. */
  public static final double MIN_GAUSSIAN_PARAM = 2.0;

  /** MIN_ZIPFIAN_PARAM. */
  public static final double MIN_ZIPFIAN_PARAM = 1.001;

  /** MAX_ZIPFIAN_PARAM. */
  public static final double MAX_ZIPFIAN_PARAM = 1000.0;

  private static final double TWO_POW_63 = 0x1.0p63;

  private Distributions() {}

  /**
   * pgbench's range check for all random functions: "empty range given to random" when lb &gt; ub,
   * "random range is too large" when ub - lb + 1 overflows int64.
   */
  public static void checkRange(long lb, long ub) {
    if (lb > ub) {
      throw new RandomArgumentException(RandomMessages.EMPTY_RANGE);
    }
    long delta = ub - lb;
    // overflow of ub - lb (signs differ and result sign differs from ub), or of delta + 1
    if (((ub ^ lb) & (ub ^ delta)) < 0 || delta == Long.MAX_VALUE) {
      throw new RandomArgumentException(RandomMessages.RANGE_TOO_LARGE);
    }
  }

  /** {@code random(lb, ub)}: checks the range, then getrand. */
  public static long uniform(Prng rs, long lb, long ub) {
    checkRange(lb, ub);
    return getrand(rs, lb, ub);
  }

  /**
   * getrand(min, max) without checks (also used for script choice): min + pg_prng_uint64_range(0,
   * max - min).
   */
  public static long getrand(Prng rs, long min, long max) {
    return min + rs.nextLong(0, max - min);
  }

  /** {@code random_exponential(lb, ub, parameter)}: parameter must be &gt; 0. */
  public static long exponential(Prng rs, long lb, long ub, double parameter) {
    return exponential(rs, lb, ub, parameter, Math.exp(-parameter));
  }

  /**
   * {@link #exponential(Prng, long, long, double)} with {@code cut = Math.exp(-parameter)} computed
   * by the caller (once, for a constant parameter).
   */
  public static long exponential(Prng rs, long lb, long ub, double parameter, double cut) {
    checkRange(lb, ub);
    if (parameter <= 0.0) {
      throw new RandomArgumentException(RandomMessages.exponentialParameter(parameter));
    }
    double uniform = 1.0 - rs.nextDouble();
    double rand = -Math.log(cut + (1.0 - cut) * uniform) / parameter;
    return lb + cLong((double) (ub - lb + 1) * rand);
  }

  /** {@code random_gaussian(lb, ub, parameter)}: parameter must be &gt;= 2.0. */
  public static long gaussian(Prng rs, long lb, long ub, double parameter) {
    checkRange(lb, ub);
    if (parameter < MIN_GAUSSIAN_PARAM) {
      throw new RandomArgumentException(RandomMessages.gaussianParameter(parameter));
    }
    double stdev;
    do {
      stdev = rs.nextDoubleNormal();
    } while (stdev < -parameter || stdev >= parameter);
    double rand = (stdev + parameter) / (parameter * 2.0);
    return lb + cLong((double) (ub - lb + 1) * rand);
  }

  /** {@code random_zipfian(lb, ub, s)}: s must be in [1.001, 1000]. */
  public static long zipfian(Prng rs, long lb, long ub, double s) {
    checkRange(lb, ub);
    if (s < MIN_ZIPFIAN_PARAM || s > MAX_ZIPFIAN_PARAM) {
      throw new RandomArgumentException(RandomMessages.zipfianParameter(s));
    }
    return lb - 1 + iterativeZipfian(rs, ub - lb + 1, s);
  }

  /** computeIterativeZipfian: Devroye's rejection method, 1 .. n. */
  private static long iterativeZipfian(Prng rs, long n, double s) {
    if (n <= 1) {
      return 1;
    }
    double b = Math.pow(2.0, s - 1.0);
    double x;
    while (true) {
      double u = rs.nextDouble();
      double v = rs.nextDouble();
      x = Math.floor(Math.pow(u, -1.0 / (s - 1.0)));
      double t = Math.pow(1.0 + 1.0 / x, s - 1.0);
      if (v * x * (t - 1.0) / (b - 1.0) <= t / b && x <= (double) n) {
        break;
      }
    }
    return cLong(x);
  }

  /**
   * getPoissonRand: a delay (pgbench uses microseconds) whose series approximates a Poisson process
   * centred on {@code center}; used with the thread's throttle generator under --rate.
   */
  public static long poisson(Prng rs, double center) {
    double uniform = 1.0 - rs.nextDouble();
    return cLong(-Math.log(uniform) * center + 0.5);
  }

  /** C's (int64) cast of a double on x86-64: truncation, Long.MIN_VALUE for NaN / out of range. */
  static long cLong(double d) {
    if (d < TWO_POW_63 && d >= -TWO_POW_63) {
      return (long) d;
    }
    return Long.MIN_VALUE;
  }
}
