package org.jpgbench.random;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * random_exponential, random_gaussian and random_zipfian against native pgbench 15. Each vector was
 * produced by
 *
 * <pre>
 * pgbench -h 127.0.0.1 -p 5499 -U postgres -n -t 6 -c 1 --random-seed=SEED -f x.sql postgres
 * </pre>
 *
 * with the x.sql shown on each test. The huge ranges work only while the libm results agree bit for
 * bit (see the package documentation); these draws are known to agree.
 */
class NonUniformVectorsTest {

  private static Prng client0(long seed) {
    return SeedPlan.of(seed, 1, 1, false).clientRandom(0);
  }

  /*
   * \set a random_exponential(1, 1000, 0.5)
   * \set b random_exponential(1, 100, 10.0)
   * \set c random_exponential(-100, 100, 2.5)
   * \set d random_exponential(0, 9223372036854775806, 1.0)
   * \set e random_exponential(1, 1000000, 0.0001)
   * \shell echo R= :a :b :c :d :e
   */
  private static List<String> exponential(long seed) {
    Prng r = client0(seed);
    List<String> got = new ArrayList<>();
    for (int tx = 0; tx < 6; tx++) {
      long a = Distributions.exponential(r, 1, 1000, 0.5);
      long b = Distributions.exponential(r, 1, 100, 10.0);
      long c = Distributions.exponential(r, -100, 100, 2.5);
      long d = Distributions.exponential(r, 0, 9223372036854775806L, 1.0);
      long e = Distributions.exponential(r, 1, 1000000, 0.0001);
      got.add(a + " " + b + " " + c + " " + d + " " + e);
    }
    return got;
  }

  @Test
  void exponentialSeed3() {
    assertEquals(
        List.of(
            "669 25 -78 1887454861630701824 550859",
            "327 1 -92 3272522954079719936 838115",
            "414 21 11 6145207230756718592 764092",
            "605 9 51 5147092097563235328 276175",
            "951 28 28 888670776949227264 627804",
            "14 5 -71 2833038740659134464 65264"),
        exponential(3));
  }

  @Test
  void exponentialSeed5432() {
    assertEquals(
        List.of(
            "776 6 -70 1510646082361526784 493901",
            "629 2 -20 7183190154714421248 354894",
            "728 8 -100 2990031773599893504 968746",
            "734 16 -24 5670229977822965760 755285",
            "742 11 -67 1304090781035742976 121531",
            "339 24 -65 908479394023681152 954389"),
        exponential(5432));
  }

  /*
   * \set a random_gaussian(1, 1000, 2.0)
   * \set b random_gaussian(1, 100, 5.0)
   * \set c random_gaussian(-50, 50, 2.5)
   * \set d random_gaussian(0, 9223372036854775806, 3.0)
   * \set e random_gaussian(1, 10, 100)
   * \shell echo R= :a :b :c :d :e
   */
  private static List<String> gaussian(long seed) {
    Prng r = client0(seed);
    List<String> got = new ArrayList<>();
    for (int tx = 0; tx < 6; tx++) {
      long a = Distributions.gaussian(r, 1, 1000, 2.0);
      long b = Distributions.gaussian(r, 1, 100, 5.0);
      long c = Distributions.gaussian(r, -50, 50, 2.5);
      long d = Distributions.gaussian(r, 0, 9223372036854775806L, 3.0);
      long e = Distributions.gaussian(r, 1, 10, 100);
      got.add(a + " " + b + " " + c + " " + d + " " + e);
    }
    return got;
  }

  @Test
  void gaussianSeed3() {
    assertEquals(
        List.of(
            "704 43 -17 4199258161077471232 6",
            "705 69 29 5542097014492449792 5",
            "756 35 -3 3306020437020772864 5",
            "958 59 -13 2659260343519099392 5",
            "587 50 34 5904675004537152512 5",
            "345 52 -19 3248268938317300224 6"),
        gaussian(3));
  }

  @Test
  void gaussianSeed5432() {
    assertEquals(
        List.of(
            "357 41 22 5508462020342369280 5",
            "594 50 31 7085628286298742784 6",
            "269 47 -29 4857973844662268928 6",
            "669 52 1 5805669202987165696 5",
            "622 61 -21 5844405922521867264 5",
            "8 51 15 3458528140735803392 5"),
        gaussian(5432));
  }

  /*
   * \set a random_zipfian(1, 100, 1.5)
   * \set b random_zipfian(1, 10, 2.0)
   * \set c random_zipfian(1, 1000, 1.001)
   * \set d random_zipfian(1, 1000, 1000)
   * \set e random_zipfian(5, 5, 1.5)
   * \set f random_zipfian(-10, 9223372036854775796, 1.1)
   * \shell echo R= :a :b :c
   * \shell echo R= :d :e :f
   */
  private static List<String> zipfian(long seed) {
    Prng r = client0(seed);
    List<String> got = new ArrayList<>();
    for (int tx = 0; tx < 6; tx++) {
      long a = Distributions.zipfian(r, 1, 100, 1.5);
      long b = Distributions.zipfian(r, 1, 10, 2.0);
      long c = Distributions.zipfian(r, 1, 1000, 1.001);
      long d = Distributions.zipfian(r, 1, 1000, 1000);
      long e = Distributions.zipfian(r, 5, 5, 1.5);
      long f = Distributions.zipfian(r, -10, 9223372036854775796L, 1.1);
      got.add(a + " " + b + " " + c);
      got.add(d + " " + e + " " + f);
    }
    return got;
  }

  @Test
  void zipfianSeed3() {
    assertEquals(
        List.of(
            "1 3 100",
            "1 5 363195032253881",
            "9 1 30",
            "1 5 48",
            "10 1 2",
            "1 5 54462122",
            "14 4 3",
            "1 5 -10",
            "1 1 150",
            "1 5 -10",
            "1 1 499",
            "1 5 -10"),
        zipfian(3));
  }

  @Test
  void zipfianSeed5432() {
    assertEquals(
        List.of(
            "1 2 142",
            "1 5 -9",
            "7 3 7",
            "1 5 332",
            "24 1 185",
            "1 5 1281",
            "1 1 1",
            "1 5 -8",
            "1 1 242",
            "1 5 1735365",
            "12 2 57",
            "1 5 -2"),
        zipfian(5432));
  }

  /**
   * NaN and infinite parameters pass pgbench's checks and its (int64) casts give INT64_MIN on
   * x86-64. Native, --random-seed=5 -t 2:
   *
   * <pre>
   * \set r0 random_gaussian(1, 10, sqrt(-1))
   * \set r1 random_exponential(1, 10, sqrt(-1))
   * \set r2 random_gaussian(1, 10, 1.0/0)
   * \set r3 random_exponential(1, 10, 1.0/0)
   * \shell echo R= :r0 :r1 :r2 :r3
   * </pre>
   *
   * printed "R= -9223372036854775807 -9223372036854775807 -9223372036854775807 1" twice.
   */
  @Test
  void nanAndInfiniteParametersAsOnX8664() {
    Prng r = client0(5);
    double nan = Math.sqrt(-1);
    double inf = Double.POSITIVE_INFINITY;
    for (int tx = 0; tx < 2; tx++) {
      long r0 = Distributions.gaussian(r, 1, 10, nan);
      long r1 = Distributions.exponential(r, 1, 10, nan);
      long r2 = Distributions.gaussian(r, 1, 10, inf);
      long r3 = Distributions.exponential(r, 1, 10, inf);
      assertEquals(
          "-9223372036854775807 -9223372036854775807 -9223372036854775807 1",
          r0 + " " + r1 + " " + r2 + " " + r3);
    }
  }
}
