package org.jpgbench.random;

import org.jpgbench.cnum.CFormat;

/**
 * pgbench's wording for everything the random package reports, in one place. Messages with a
 * parameter are built by the static methods (pgbench formats doubles with {@code %f}).
 */
public final class RandomMessages {
  private RandomMessages() {}

  /** random*(lb, ub...) with lb &gt; ub. */
  public static final String EMPTY_RANGE = "empty range given to random";

  /** random*(lb, ub...) where ub - lb + 1 overflows int64. */
  public static final String RANGE_TOO_LARGE = "random range is too large";

  /** permute(i, size [, seed]) with size &lt;= 0. */
  public static final String PERMUTE_SIZE = "permute size parameter must be greater than zero";

  /** Detail line after {@link #unrecognizedSeed}. */
  public static final String SEED_EXPECTING =
      "Expecting an unsigned integer, \"time\" or \"rand\".";

  /** Fatal line after a bad --random-seed value. */
  public static final String SEED_OPTION_FAILED =
      "error while setting random seed from --random-seed option";

  /** Fatal line after a bad PGBENCH_RANDOM_SEED value. */
  public static final String SEED_ENV_FAILED =
      "error while setting random seed from PGBENCH_RANDOM_SEED environment variable";

  /** --random-seed=rand when no strong random source is available. */
  public static final String SEED_RAND_FAILED = "could not generate random seed";

  /** "gaussian parameter must be at least 2.000000 (not %f)". */
  public static String gaussianParameter(double param) {
    return "gaussian parameter must be at least "
        + CFormat.fixed6(Distributions.MIN_GAUSSIAN_PARAM)
        + " (not "
        + CFormat.fixed6(param)
        + ")";
  }

  /** "zipfian parameter must be in range [1.001, 1000] (not %f)". */
  public static String zipfianParameter(double param) {
    return "zipfian parameter must be in range ["
        + CFormat.fixed(Distributions.MIN_ZIPFIAN_PARAM, 3)
        + ", "
        + CFormat.fixed(Distributions.MAX_ZIPFIAN_PARAM, 0)
        + "] (not "
        + CFormat.fixed6(param)
        + ")";
  }

  /** "exponential parameter must be greater than zero (not %f)". */
  public static String exponentialParameter(double param) {
    return "exponential parameter must be greater than zero (not " + CFormat.fixed6(param) + ")";
  }

  /** Error line for an invalid --random-seed / PGBENCH_RANDOM_SEED value. */
  public static String unrecognizedSeed(String value) {
    return "unrecognized random seed option \"" + value + "\"";
  }

  /** Info line pgbench prints whenever a seed is given explicitly (option or environment). */
  public static String settingSeed(long seed) {
    return "setting random seed to " + Long.toUnsignedString(seed);
  }
}
