package org.jpgbench.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/**
 * permute() against native pgbench 15:
 *
 * <pre>
 * pgbench -h 127.0.0.1 -p 5499 -U postgres -n -t 1 -c 1 --random-seed=SEED -f p.sql postgres
 * </pre>
 *
 * p.sql's lines are quoted on each assertion ("R=" lines of its \shell echo commands).
 */
class PermuteTest {

  @Test
  void tenElementsSeed42() {
    // \set a permute(0, 10, 42) ... \set j permute(9, 10, 42) => R= 1 7 0 4 3 8 6 5 9 2
    long[] expected = {1, 7, 0, 4, 3, 8, 6, 5, 9, 2};
    for (int i = 0; i < 10; i++) {
      assertEquals(expected[i], Permute.permute(i, 10, 42), "permute(" + i + ", 10, 42)");
    }
  }

  @Test
  void edgeCases() {
    // permute(5, 1, 7) permute(-1, 10, 5) permute(12, 10, 5)
    // permute(9223372036854775796, 9223372036854775797, 5432) => R= 0 1 8 520382784483822430
    assertEquals(0, Permute.permute(5, 1, 7));
    assertEquals(1, Permute.permute(-1, 10, 5));
    assertEquals(8, Permute.permute(12, 10, 5));
    assertEquals(
        520382784483822430L, Permute.permute(9223372036854775796L, 9223372036854775797L, 5432));
    // permute(3, 10, -5) permute(123456, 1000000, 987654321)
    // permute(-9223372036854775808, 9223372036854775807, -9223372036854775808)
    // => R= 9 642691 2787068492670133621
    assertEquals(9, Permute.permute(3, 10, -5));
    assertEquals(642691, Permute.permute(123456, 1000000, 987654321));
    assertEquals(
        2787068492670133621L, Permute.permute(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE));
    // permute(4611686018427387904, 4611686018427387905, 3)
    // permute(4611686018427387903, 4611686018427387904, 3) permute(100, 7, 9223372036854775807)
    // => R= 3359374952024331007 1506196005465921132 0
    assertEquals(
        3359374952024331007L, Permute.permute(4611686018427387904L, 4611686018427387905L, 3));
    assertEquals(
        1506196005465921132L, Permute.permute(4611686018427387903L, 4611686018427387904L, 3));
    assertEquals(0, Permute.permute(100, 7, Long.MAX_VALUE));
  }

  @Test
  void smallSizesAndDefaultSeed() {
    // \set a permute(0, 2, 1) \set b permute(1, 2, 1) \set c permute(0, 3, 11) ...
    // \set e permute(2, 3, 11) \set f permute(0, 4) .. \set i permute(3, 4) \set j permute(77,
    // 1000)
    // \shell echo R= :default_seed :a :b :c :d :e :f :g :h :i :j
    // --random-seed=42   => R= 4306334408478191133 1 0 2 1 0 1 3 0 2 143
    // --random-seed=5432 => R= 7590783070443337668 1 0 2 1 0 0 2 3 1 435
    assertEquals(
        "1 0 2 1 0",
        Permute.permute(0, 2, 1)
            + " "
            + Permute.permute(1, 2, 1)
            + " "
            + Permute.permute(0, 3, 11)
            + " "
            + Permute.permute(1, 3, 11)
            + " "
            + Permute.permute(2, 3, 11));
    assertEquals("1 3 0 2 143", withDefaultSeed(4306334408478191133L));
    assertEquals("0 2 3 1 435", withDefaultSeed(7590783070443337668L));
    assertEquals(4306334408478191133L, SeedPlan.of(42, 1, 1, false).defaultSeed());
  }

  private static String withDefaultSeed(long ds) {
    return Permute.permute(0, 4, ds)
        + " "
        + Permute.permute(1, 4, ds)
        + " "
        + Permute.permute(2, 4, ds)
        + " "
        + Permute.permute(3, 4, ds)
        + " "
        + Permute.permute(77, 1000, ds);
  }

  @Test
  void conformanceCases() {
    // expr.fn.permute.* (--random-seed=42): native printed 8, 9, 520382784483822430, 6, 642691
    long ds = SeedPlan.of(42, 1, 1, false).defaultSeed();
    assertEquals(8, Permute.permute(5, 10, 42));
    assertEquals(9, Permute.permute(3, 10, -5));
    assertEquals(
        520382784483822430L, Permute.permute(9223372036854775796L, 9223372036854775797L, 5432));
    assertEquals(
        6,
        Permute.permute(0, 4, ds)
            + Permute.permute(1, 4, ds)
            + Permute.permute(2, 4, ds)
            + Permute.permute(3, 4, ds));
    assertEquals(642691, Permute.permute(123456, 1000000, 987654321));
  }

  @Test
  void isABijectionOfTheRange() {
    long[] seeds = {0, 1, -1, 42, Long.MIN_VALUE, Long.MAX_VALUE};
    for (long seed : seeds) {
      for (int size = 1; size <= 70; size++) {
        BitSet seen = new BitSet(size);
        for (int i = 0; i < size; i++) {
          long p = Permute.permute(i, size, seed);
          assertTrue(p >= 0 && p < size, "in range");
          seen.set((int) p);
          assertEquals(p, Permute.permute(i + (long) size, size, seed), "taken modulo size");
        }
        assertEquals(size, seen.cardinality(), "size " + size + " seed " + seed);
      }
    }
  }

  @Test
  void scratchOverloadGivesTheSameValues() {
    Prng scratch = new Prng(123);
    for (long i = -5; i < 40; i++) {
      assertEquals(Permute.permute(i, 37, 9), Permute.permute(i, 37, 9, scratch));
    }
    assertEquals(0, Permute.permute(3, 1, 9, scratch));
  }

  @Test
  void sizeMustBePositive() {
    // native: permute(1, 0) and permute(1, -5, 3)
    for (long size : new long[] {0, -5, Long.MIN_VALUE}) {
      assertEquals(
          "permute size parameter must be greater than zero",
          assertThrows(RandomArgumentException.class, () -> Permute.permute(1, size, 3))
              .getMessage());
      assertThrows(RandomArgumentException.class, () -> Permute.permute(1, size, 3, new Prng(0)));
    }
  }
}
