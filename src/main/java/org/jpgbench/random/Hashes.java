package org.jpgbench.random;

/**
 * pgbench's 64-bit hash functions. {@code hash(v [, seed])} is {@link #murmur2}; without a seed the
 * expression language passes the {@code :default_seed} variable. Seeds are int64 values read as
 * uint64, as pgbench does.
 */
public final class Hashes {
  private static final long FNV_PRIME = 0x100000001b3L;
  private static final long FNV_OFFSET_BASIS = 0xcbf29ce484222325L;
  private static final long MM2_MUL = 0xc6a4a7935bd1e995L;
  private static final long MM2_MUL_TIMES_8 = 0x35253c9ade8f4ca8L;
  private static final int MM2_ROT = 47;

  private Hashes() {}

  /** {@code hash_fnv1a(v, seed)}: FNV-1a over the 8 little-endian bytes of v, basis xor seed. */
  public static long fnv1a(long v, long seed) {
    long result = FNV_OFFSET_BASIS ^ seed;
    for (int i = 0; i < 8; i++) {
      result = (result ^ (v & 0xff)) * FNV_PRIME;
      v >>= 8;
    }
    return result;
  }

  /** {@code hash_murmur2(v, seed)} and {@code hash(v, seed)}: 64-bit MurmurHash2 of one int64. */
  public static long murmur2(long v, long seed) {
    long result = seed ^ MM2_MUL_TIMES_8;
    long k = v * MM2_MUL;
    k ^= k >>> MM2_ROT;
    k *= MM2_MUL;
    result ^= k;
    result *= MM2_MUL;
    result ^= result >>> MM2_ROT;
    result *= MM2_MUL;
    result ^= result >>> MM2_ROT;
    return result;
  }
}
