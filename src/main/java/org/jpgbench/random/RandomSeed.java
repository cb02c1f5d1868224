package org.jpgbench.random;

import java.security.SecureRandom;

/**
 * pgbench's set_random_seed(): turns a --random-seed or PGBENCH_RANDOM_SEED value into the 64-bit
 * seed of the base random sequence.
 *
 * <p>How pgbench uses it, which the CLI must mirror: first {@code resolve(getenv
 * ("PGBENCH_RANDOM_SEED"))} before any option is parsed, then once more for every --random-seed
 * option in command-line order; the last call wins. Every call with a non-null value logs {@link
 * RandomMessages#settingSeed} at info level ("setting random seed to N", shown by default); the
 * default (null, no environment variable) logs nothing.
 */
public final class RandomSeed {
  private RandomSeed() {}

  /**
   * The seed for a value: null or "time": the monotonic clock in microseconds (pgbench's
   * pg_time_now); "rand": a strong random 64-bit value; otherwise an unsigned integer as C's {@code
   * sscanf("%lu%c")} reads it (see {@link #parseUnsigned}).
   *
   * @throws RandomSeedException for anything else, with pgbench's error and detail lines
   */
  public static long resolve(String value) throws RandomSeedException {
    if (value == null || value.equals("time")) {
      return System.nanoTime() / 1000;
    }
    if (value.equals("rand")) {
      try {
        return new SecureRandom().nextLong();
      } catch (RuntimeException e) {
        throw new RandomSeedException(RandomMessages.SEED_RAND_FAILED, null);
      }
    }
    return parseUnsigned(value);
  }

  /**
   * An explicit integer seed exactly as pgbench accepts it through {@code sscanf(s, "%lu%c")}:
   * optional leading white space, an optional sign, decimal digits, nothing after (not even white
   * space). A minus sign negates modulo 2^64 ("-1" is 18446744073709551615) and values beyond
   * uint64 saturate to 18446744073709551615, as strtoul does. The result holds the uint64 bits.
   *
   * @throws RandomSeedException "unrecognized random seed option" with pgbench's detail line
   */
  public static long parseUnsigned(String value) throws RandomSeedException {
    int n = value.length();
    int i = 0;
    while (i < n && isCSpace(value.charAt(i))) {
      i++;
    }
    boolean negative = false;
    if (i < n && (value.charAt(i) == '+' || value.charAt(i) == '-')) {
      negative = value.charAt(i) == '-';
      i++;
    }
    int digitsStart = i;
    long result = 0;
    boolean overflow = false;
    while (i < n && value.charAt(i) >= '0' && value.charAt(i) <= '9') {
      int d = value.charAt(i) - '0';
      // result * 10 + d > 2^64 - 1 ?
      if (Long.compareUnsigned(result, Long.divideUnsigned(-1L, 10)) > 0
          || Long.compareUnsigned(result * 10, -1L - d) > 0) {
        overflow = true;
      }
      result = result * 10 + d;
      i++;
    }
    if (i == digitsStart || i != n) {
      throw new RandomSeedException(
          RandomMessages.unrecognizedSeed(value), RandomMessages.SEED_EXPECTING);
    }
    if (overflow) {
      return -1L;
    }
    return negative ? -result : result;
  }

  /** C isspace() in the C locale. */
  private static boolean isCSpace(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
  }
}
