package org.jpgbench.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Argument checks and their exact messages. Expected texts are what native pgbench 15 printed for
 * {@code \set r EXPR} (pgbench -n -t 1 -f b.sql), EXPR given on each assertion.
 */
class DistributionErrorsTest {
  private final Prng r = new Prng(1);

  private static void fails(String message, Executable call) {
    assertEquals(message, assertThrows(RandomArgumentException.class, call).getMessage());
  }

  @Test
  void rangeChecks() {
    // random(5, 3)
    fails("empty range given to random", () -> Distributions.uniform(r, 5, 3));
    // random(:minint, :maxint)
    fails(
        "random range is too large",
        () -> Distributions.uniform(r, Long.MIN_VALUE, Long.MAX_VALUE));
    // random(-4611686018427387904, 4611686018427387903): ub - lb + 1 = 2^63
    fails(
        "random range is too large",
        () -> Distributions.uniform(r, -4611686018427387904L, 4611686018427387903L));
    // random(0, 9223372036854775807), random(-1, 9223372036854775806), random(minint, -1)
    fails("random range is too large", () -> Distributions.uniform(r, 0, Long.MAX_VALUE));
    fails("random range is too large", () -> Distributions.uniform(r, -1, Long.MAX_VALUE - 1));
    fails("random range is too large", () -> Distributions.uniform(r, Long.MIN_VALUE, -1));
    // random_gaussian(5, 3, 1.0): the range is checked before the parameter
    fails("empty range given to random", () -> Distributions.gaussian(r, 5, 3, 1.0));
    fails("random range is too large", () -> Distributions.zipfian(r, Long.MIN_VALUE, 0, 0.0));
    fails("empty range given to random", () -> Distributions.exponential(r, 1, 0, -1.0));
  }

  @Test
  void widestValidRangesPass() {
    // native: random(-4611686018427387904, 4611686018427387902) and random(minint, -2) succeed
    Distributions.checkRange(-4611686018427387904L, 4611686018427387902L);
    Distributions.checkRange(Long.MIN_VALUE, -2);
    Distributions.checkRange(1, Long.MAX_VALUE);
    Distributions.checkRange(Long.MAX_VALUE, Long.MAX_VALUE);
    Distributions.checkRange(Long.MIN_VALUE, Long.MIN_VALUE);
  }

  @Test
  void gaussianParameter() {
    // random_gaussian(1, 10, 1.9999999)
    fails(
        "gaussian parameter must be at least 2.000000 (not 2.000000)",
        () -> Distributions.gaussian(r, 1, 10, 1.9999999));
    // random_gaussian(1, 10, -1.0/0)
    fails(
        "gaussian parameter must be at least 2.000000 (not -Infinity)",
        () -> Distributions.gaussian(r, 1, 10, Double.NEGATIVE_INFINITY));
  }

  @Test
  void zipfianParameter() {
    // random_zipfian(1, 1000, 0.5) (conformance random.zipfian.param.lt1)
    fails(
        "zipfian parameter must be in range [1.001, 1000] (not 0.500000)",
        () -> Distributions.zipfian(r, 1, 1000, 0.5));
    // random_zipfian(0, 10, 1000000) (conformance random.zipfian.paramhuge)
    fails(
        "zipfian parameter must be in range [1.001, 1000] (not 1000000.000000)",
        () -> Distributions.zipfian(r, 0, 10, 1000000));
    // random_zipfian(1, 10, 1.0009999999), (..., 1000.0000001), (..., 1e20), (..., 0.0010005)
    fails(
        "zipfian parameter must be in range [1.001, 1000] (not 1.001000)",
        () -> Distributions.zipfian(r, 1, 10, 1.0009999999));
    fails(
        "zipfian parameter must be in range [1.001, 1000] (not 1000.000000)",
        () -> Distributions.zipfian(r, 1, 10, 1000.0000001));
    fails(
        "zipfian parameter must be in range [1.001, 1000] (not 100000000000000000000.000000)",
        () -> Distributions.zipfian(r, 1, 10, 1e20));
    fails(
        "zipfian parameter must be in range [1.001, 1000] (not 0.001001)",
        () -> Distributions.zipfian(r, 1, 10, 0.0010005));
    // random_zipfian(1, 10, 1.0/0)
    fails(
        "zipfian parameter must be in range [1.001, 1000] (not Infinity)",
        () -> Distributions.zipfian(r, 1, 10, Double.POSITIVE_INFINITY));
    // the bounds themselves are accepted
    Distributions.zipfian(r, 1, 10, 1.001);
    Distributions.zipfian(r, 1, 10, 1000);
  }

  @Test
  void exponentialParameter() {
    // random_exponential(0, 10, -1.0) (conformance random.exponential.negparam)
    fails(
        "exponential parameter must be greater than zero (not -1.000000)",
        () -> Distributions.exponential(r, 0, 10, -1.0));
    // random_exponential(1, 10, 0.0)
    fails(
        "exponential parameter must be greater than zero (not 0.000000)",
        () -> Distributions.exponential(r, 1, 10, 0.0));
    // random_exponential(1, 10, -123.4567895): exact binary value, rounded as glibc does
    fails(
        "exponential parameter must be greater than zero (not -123.456789)",
        () -> Distributions.exponential(r, 1, 10, -123.4567895));
    // (..., -0.0000005), (..., -2.5e-7), (..., -0.0000015)
    fails(
        "exponential parameter must be greater than zero (not -0.000000)",
        () -> Distributions.exponential(r, 1, 10, -0.0000005));
    fails(
        "exponential parameter must be greater than zero (not -0.000000)",
        () -> Distributions.exponential(r, 1, 10, -2.5e-7));
    fails(
        "exponential parameter must be greater than zero (not -0.000002)",
        () -> Distributions.exponential(r, 1, 10, -0.0000015));
  }

  @Test
  void failedChecksConsumeNothing() {
    Prng a = new Prng(99);
    Prng b = new Prng(99);
    assertThrows(RandomArgumentException.class, () -> Distributions.gaussian(a, 1, 10, 1.0));
    assertThrows(RandomArgumentException.class, () -> Distributions.uniform(a, 2, 1));
    assertEquals(b.nextLong(), a.nextLong());
  }
}
