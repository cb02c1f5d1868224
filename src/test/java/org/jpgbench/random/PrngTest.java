package org.jpgbench.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** pg_prng primitives. Sequence values are checked end-to-end in the *VectorsTest classes. */
class PrngTest {

  /**
   * The first client generator of --random-seed=5432 drew random(1, 1000) = 837 461 349 245 506
   * natively (pgbench -n -t 5 -c 1 --random-seed=5432 with {@code \set r random(1, 1000)}).
   */
  @Test
  void firstClientSequenceOfSeed5432() {
    Prng r = new Prng(new Prng(5432).nextLong());
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      sb.append(r.nextSignedLong(1, 1000)).append(' ');
    }
    assertEquals("837 461 349 245 506 ", sb.toString());
  }

  @Test
  void seedIsDeterministicAndResets() {
    Prng a = new Prng(42);
    long x = a.nextLong();
    a.nextLong();
    a.seed(42);
    assertEquals(x, a.nextLong());
    assertNotEquals(x, new Prng(43).nextLong());
  }

  @Test
  void unsignedRangeSemantics() {
    Prng r = new Prng(7);
    Prng same = new Prng(7);
    // empty or single ranges consume nothing and give min
    assertEquals(5, r.nextLong(5, 5));
    assertEquals(5, r.nextLong(5, 3));
    // bounds are unsigned: -1 is the largest value, so (-1, 0) is empty
    assertEquals(-1, r.nextLong(-1, 0));
    assertEquals(same.nextLong(), r.nextLong());
    // the full uint64 range is the raw value
    assertEquals(same.nextLong(), r.nextLong(0, -1));
    // (0, -2) stays within unsigned [0, 2^64 - 2]
    for (int i = 0; i < 1000; i++) {
      assertNotEquals(-1L, r.nextLong(0, -2));
    }
    for (int i = 0; i < 1000; i++) {
      long v = r.nextLong(10, 12);
      assertTrue(v >= 10 && v <= 12);
    }
  }

  @Test
  void signedRange() {
    Prng r = new Prng(7);
    Prng same = new Prng(7);
    assertEquals(Long.MIN_VALUE, r.nextSignedLong(Long.MIN_VALUE, Long.MIN_VALUE));
    assertEquals(3, r.nextSignedLong(3, -3));
    // the whole int64 range: min + the raw value
    assertEquals(
        same.nextLong() + Long.MIN_VALUE, r.nextSignedLong(Long.MIN_VALUE, Long.MAX_VALUE));
    for (int i = 0; i < 1000; i++) {
      long v = r.nextSignedLong(-2, 1);
      assertTrue(v >= -2 && v <= 1);
    }
  }

  @Test
  void doubleIsTheTop52BitsScaled() {
    Prng r = new Prng(11);
    Prng same = new Prng(11);
    for (int i = 0; i < 1000; i++) {
      double d = r.nextDouble();
      long bits = same.nextLong() >>> 12;
      assertEquals(bits, (long) Math.scalb(d, 52));
      assertTrue(d >= 0.0 && d < 1.0);
    }
  }

  @Test
  void copyAndRestore() {
    Prng r = new Prng(3);
    r.nextLong();
    Prng saved = r.copy();
    long a = r.nextLong();
    long b = r.nextLong();
    r.restore(saved);
    assertEquals(a, r.nextLong());
    assertEquals(b, r.nextLong());
    // restore also saves without allocating
    Prng spare = new Prng(0);
    spare.restore(r);
    assertEquals(r.nextLong(), spare.nextLong());
  }
}
