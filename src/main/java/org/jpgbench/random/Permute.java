package org.jpgbench.random;

/**
 * pgbench 14+'s {@code permute(i, size [, seed])}: a seeded pseudorandom permutation of [0, size).
 * Without a seed the expression language passes {@code :default_seed}. Any i is accepted (it is
 * taken modulo size as an unsigned value, so negative i wrap as in pgbench); size &lt;= 0 is an
 * error; size 1 gives 0. The six rounds draw from a xoroshiro128** state seeded with the seed.
 */
public final class Permute {
  private Permute() {}

  /**
   * {@code permute(val, size, seed)}.
   *
   * @throws RandomArgumentException "permute size parameter must be greater than zero" if size
   *     &lt;= 0
   */
  public static long permute(long val, long size, long seed) {
    if (size <= 0) {
      throw new RandomArgumentException(RandomMessages.PERMUTE_SIZE);
    }
    if (size < 2) {
      return 0;
    }
    // stack-confined: escape analysis scalar-replaces it once inlined; see the overload otherwise
    return rounds(val, size, new Prng(seed));
  }

  /**
   * {@code permute(val, size, seed)} using {@code scratch} (re-seeded here, any previous state is
   * lost) as the internal generator: guaranteed allocation-free.
   *
   * @throws RandomArgumentException "permute size parameter must be greater than zero" if size
   *     &lt;= 0
   */
  public static long permute(long val, long size, long seed, Prng scratch) {
    if (size <= 0) {
      throw new RandomArgumentException(RandomMessages.PERMUTE_SIZE);
    }
    if (size < 2) {
      return 0;
    }
    scratch.seed(seed);
    return rounds(val, size, scratch);
  }

  /** pgbench's six rounds, for size &gt;= 2, with {@code state} freshly seeded. */
  private static long rounds(long val, long size, Prng state) {
    long v = Long.remainderUnsigned(val, size);
    int masklen = 63 - Long.numberOfLeadingZeros(size);
    long mask = (1L << masklen) - 1;
    for (int i = 0; i < 6; i++) {
      // random multiply (by an odd number), XOR and rotate of the lower half
      long m = (state.nextLong() & mask) | 1;
      long r = state.nextLong() & mask;
      if (Long.compareUnsigned(v, mask) <= 0) {
        v = ((v * m) ^ r) & mask;
        v = ((v << 1) & mask) | (v >>> (masklen - 1));
      }
      // the same on the upper half
      m = (state.nextLong() & mask) | 1;
      r = state.nextLong() & mask;
      long t = size - 1 - v;
      if (Long.compareUnsigned(t, mask) <= 0) {
        t = ((t * m) ^ r) & mask;
        t = ((t << 1) & mask) | (t >>> (masklen - 1));
        v = size - 1 - t;
      }
      // random offset
      r = state.nextLong(0, size - 1);
      v = Long.remainderUnsigned(v + r, size);
    }
    return v;
  }
}
