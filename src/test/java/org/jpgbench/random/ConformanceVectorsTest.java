package org.jpgbench.random;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The values the conformance cases in /work/shared/conformance/cases/random.json expect, as native
 * pgbench 15 printed them for the case's script and arguments (-h 127.0.0.1 -p 5499 -U postgres
 * added; random.seed.insert's INSERT replaced by {@code \shell echo R= :u :e :g :z}).
 */
class ConformanceVectorsTest {

  /**
   * random.uniform.s*: {@code -n -t 2 -c 1 --random-seed=S}
   *
   * <pre>
   * \set r0 random(1, 100)
   * \set r1 random(1, 100)
   * \set r2 random(-1000, 1000)
   * \set r3 random(0, 9223372036854775806)
   * \set r4 random(5, 5)
   * \shell echo R= :client_id :r0 :r1 :r2 :r3 :r4
   * </pre>
   */
  private static List<String> uniform(long seed) {
    Prng r = SeedPlan.of(seed, 1, 1, false).clientRandom(0);
    List<String> lines = new ArrayList<>();
    for (int tx = 0; tx < 2; tx++) {
      lines.add(
          "0 "
              + Distributions.uniform(r, 1, 100)
              + " "
              + Distributions.uniform(r, 1, 100)
              + " "
              + Distributions.uniform(r, -1000, 1000)
              + " "
              + Distributions.uniform(r, 0, 9223372036854775806L)
              + " "
              + Distributions.uniform(r, 5, 5));
    }
    return lines;
  }

  @Test
  void uniformCases() {
    assertEquals(
        List.of("0 82 2 204 7286918559857281797 5", "0 67 85 -916 1691376711498349988 5"),
        uniform(1));
    assertEquals(
        List.of("0 58 44 -511 4555542292742515116 5", "0 88 23 412 7894473503478640188 5"),
        uniform(5432));
    assertEquals(
        List.of("0 34 92 516 2967289170725172078 5", "0 83 93 -648 320123238569744837 5"),
        uniform(123456789));
  }

  /**
   * random.gaussian.s7: {@code -n -t 2 -c 1 --random-seed=7}
   *
   * <pre>
   * \set r0 random_gaussian(1, 100, 2.0)
   * \set r1 random_gaussian(1, 1000, 5.0)
   * \set r2 random_gaussian(-50, 50, 2.5)
   * </pre>
   */
  @Test
  void gaussianCase() {
    Prng r = SeedPlan.of(7, 1, 1, false).clientRandom(0);
    List<String> lines = new ArrayList<>();
    for (int tx = 0; tx < 2; tx++) {
      lines.add(
          Distributions.gaussian(r, 1, 100, 2.0)
              + " "
              + Distributions.gaussian(r, 1, 1000, 5.0)
              + " "
              + Distributions.gaussian(r, -50, 50, 2.5));
    }
    assertEquals(List.of("13 511 6", "32 459 -4"), lines);
  }

  /**
   * random.zipfian.s7: {@code -n -t 2 -c 1 --random-seed=7}
   *
   * <pre>
   * \set r0 random_zipfian(1, 100, 1.5)
   * \set r1 random_zipfian(1, 10, 2.0)
   * \set r2 random_zipfian(1, 1000, 1.001)
   * \set r3 random_zipfian(1, 1000, 1000)
   * </pre>
   */
  @Test
  void zipfianCase() {
    Prng r = SeedPlan.of(7, 1, 1, false).clientRandom(0);
    List<String> lines = new ArrayList<>();
    for (int tx = 0; tx < 2; tx++) {
      lines.add(
          Distributions.zipfian(r, 1, 100, 1.5)
              + " "
              + Distributions.zipfian(r, 1, 10, 2.0)
              + " "
              + Distributions.zipfian(r, 1, 1000, 1.001)
              + " "
              + Distributions.zipfian(r, 1, 1000, 1000));
    }
    assertEquals(List.of("1 1 1 1", "18 1 219 1"), lines);
  }

  /**
   * random.seed.insert: {@code -n -t 3 --random-seed=2718}
   *
   * <pre>
   * \set u random(1000, 1999)
   * \set e random_exponential(2000, 2999, 2.0)
   * \set g random_gaussian(3000, 3999, 3.0)
   * \set z random_zipfian(4000, 4999, 1.5)
   * </pre>
   */
  @Test
  void seedInsertCase() {
    Prng r = SeedPlan.of(2718, 1, 1, false).clientRandom(0);
    List<String> lines = new ArrayList<>();
    for (int tx = 0; tx < 3; tx++) {
      lines.add(
          Distributions.uniform(r, 1000, 1999)
              + " "
              + Distributions.exponential(r, 2000, 2999, 2.0)
              + " "
              + Distributions.gaussian(r, 3000, 3999, 3.0)
              + " "
              + Distributions.zipfian(r, 4000, 4999, 1.5));
    }
    assertEquals(
        List.of("1480 2116 3312 4002", "1629 2195 3781 4000", "1426 2598 3634 4002"), lines);
  }

  /** vars.random_seed ({@code --random-seed=11}): {@code \set r :random_seed} prints 11. */
  @Test
  void randomSeedVariable() {
    assertEquals(11, SeedPlan.of(11, 1, 1, false).randomSeed());
  }
}
