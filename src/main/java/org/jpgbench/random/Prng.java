package org.jpgbench.random;

/**
 * PostgreSQL's pg_prng (xoroshiro128**, 128-bit state), bit-for-bit: the same seed gives the same
 * sequence as pgbench 15+. One instance per client (functions), per thread (script choice, throttling,
 * sampling), never shared across threads without a lock.
 *
 * <p>CONTRACT (skeleton): the method set below is what other packages call; the random package owns
 * the bodies.
 */
public final class Prng {
  long s0;
  long s1;

  /** Seeds as pg_prng_seed(state, seed). */
  public Prng(long seed) {
    seed(seed);
  }

  public void seed(long seed) {
    throw new UnsupportedOperationException("random package: not yet implemented");
  }

  /** pg_prng_uint64. */
  public long nextLong() {
    throw new UnsupportedOperationException("random package: not yet implemented");
  }

  /** pg_prng_uint64_range(min, max), inclusive. */
  public long nextLong(long min, long max) {
    throw new UnsupportedOperationException("random package: not yet implemented");
  }

  /** pg_prng_double: uniform in [0, 1). */
  public double nextDouble() {
    throw new UnsupportedOperationException("random package: not yet implemented");
  }

  /** A copy with the same state (used to replay a transaction on retry). */
  public Prng copy() {
    Prng p = new Prng(0);
    p.s0 = s0;
    p.s1 = s1;
    return p;
  }

  /** Restores the state saved in {@code from}. */
  public void restore(Prng from) {
    s0 = from.s0;
    s1 = from.s1;
  }
}
