package org.jpgbench.random;

/**
 * PostgreSQL's pg_prng (xoroshiro128**, 128-bit state), bit-for-bit: the same seed gives the same
 * sequence as pgbench 15+. One instance per client (functions), per thread (script choice,
 * throttling, sampling), never shared across threads without a lock.
 *
 * <p>All 64-bit values are carried in Java {@code long}s; where pg_prng works on {@code uint64} the
 * bits are identical and the methods say when a result must be read as unsigned.
 */
public final class Prng {
  private static final long SPLITMIX_GAMMA = 0x9E3779B97F4A7C15L;
  private static final long SPLITMIX_MUL1 = 0xBF58476D1CE4E5B9L;
  private static final long SPLITMIX_MUL2 = 0x94D049BB133111EBL;

  /** What pg_prng_seed_check puts in place of an all-zero state (Knuth's LCG constants). */
  private static final long ZERO_FIX_S0 = 0x5851F42D4C957F2DL;

  private static final long ZERO_FIX_S1 = 0x14057B7EF767814FL;

  /** 2^-52, the scale pg_prng_double applies to a 52-bit integer. */
  private static final double TWO_POW_MINUS_52 = 0x1.0p-52;

  long s0;
  long s1;

  /** Seeds as pg_prng_seed(state, seed); {@code seed} is read as a uint64. */
  public Prng(long seed) {
    seed(seed);
  }

  /**
   * pg_prng_seed: fills the state with two splitmix64 outputs of {@code seed} (read as uint64), and
   * replaces an all-zero state as pg_prng_seed_check does.
   */
  public void seed(long seed) {
    long x = seed + SPLITMIX_GAMMA;
    s0 = mix(x);
    x += SPLITMIX_GAMMA;
    s1 = mix(x);
    if (s0 == 0 && s1 == 0) {
      s0 = ZERO_FIX_S0;
      s1 = ZERO_FIX_S1;
    }
  }

  private static long mix(long v) {
    v = (v ^ (v >>> 30)) * SPLITMIX_MUL1;
    v = (v ^ (v >>> 27)) * SPLITMIX_MUL2;
    return v ^ (v >>> 31);
  }

  /** pg_prng_uint64 (the raw xoroshiro128** step); read the result as unsigned where it matters. */
  public long nextLong() {
    long a = s0;
    long x = s1 ^ a;
    long val = Long.rotateLeft(a * 5, 7) * 9;
    s0 = Long.rotateLeft(a, 24) ^ x ^ (x << 16);
    s1 = Long.rotateLeft(x, 37);
    return val;
  }

  /**
   * pg_prng_uint64_range(min, max), inclusive, both bounds read as uint64: bitmask rejection, and
   * {@code min} without consuming anything when the range is empty (unsigned max &lt;= min).
   */
  public long nextLong(long min, long max) {
    if (Long.compareUnsigned(max, min) > 0) {
      long range = max - min;
      int rshift = Long.numberOfLeadingZeros(range);
      long val;
      do {
        val = nextLong() >>> rshift;
      } while (Long.compareUnsigned(val, range) > 0);
      return min + val;
    }
    return min;
  }

  /**
   * pg_prng_int64_range(min, max), inclusive, signed bounds: uniform in [min, max], or {@code min}
   * without consuming anything when max &lt;= min. For any valid pgbench range this equals
   * pgbench's getrand(min, max).
   */
  public long nextSignedLong(long min, long max) {
    if (max > min) {
      return min + nextLong(0, max - min);
    }
    return min;
  }

  /** pg_prng_double: uniform in [0, 1), the top 52 bits of one step scaled by 2^-52 (exact). */
  public double nextDouble() {
    return (double) (nextLong() >>> 12) * TWO_POW_MINUS_52;
  }

  /**
   * pg_prng_double_normal: one Box-Muller output (mean 0, stddev 1) from two pg_prng_double draws
   * mapped to (0, 1]. Uses {@link Math} (on x86-64 HotSpot its log/sin agree with glibc's bit for
   * bit far more often than {@link StrictMath}'s fdlibm does; see the package documentation).
   */
  public double nextDoubleNormal() {
    double u1 = 1.0 - nextDouble();
    double u2 = 1.0 - nextDouble();
    return Math.sqrt(-2.0 * Math.log(u1)) * Math.sin(2.0 * Math.PI * u2);
  }

  /** A copy with the same state (used to replay a transaction on retry). */
  public Prng copy() {
    Prng p = new Prng(0);
    p.s0 = s0;
    p.s1 = s1;
    return p;
  }

  /** Restores the state saved in {@code from} (no allocation: use it to save into a spare, too). */
  public void restore(Prng from) {
    s0 = from.s0;
    s1 = from.s1;
  }
}
