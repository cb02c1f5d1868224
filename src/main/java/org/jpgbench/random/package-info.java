/**
 * pgbench-identical randomness: the same seed, clients and threads give the same values as native
 * pgbench 15+.
 *
 * <ul>
 *   <li>{@link org.jpgbench.random.Prng}: PostgreSQL's pg_prng (xoroshiro128** seeded through
 *       splitmix64), bit for bit.
 *   <li>{@link org.jpgbench.random.Distributions}: random / random_exponential / random_gaussian /
 *       random_zipfian with pgbench's algorithms, checks and messages; the --rate Poisson delay.
 *   <li>{@link org.jpgbench.random.Hashes}: hash = hash_murmur2, hash_fnv1a.
 *   <li>{@link org.jpgbench.random.Permute}: permute().
 *   <li>{@link org.jpgbench.random.RandomSeed}: --random-seed / PGBENCH_RANDOM_SEED values.
 *   <li>{@link org.jpgbench.random.SeedPlan}: which generator state each client and thread gets.
 *   <li>{@link org.jpgbench.random.RandomMessages}: all wording.
 * </ul>
 *
 * <p>Exactness: the generator, uniform values, hashes, permute, seeding and the derivation order
 * are integer computations and identical everywhere. random_exponential, random_gaussian and
 * random_zipfian (and the --rate delays) also go through libm (exp, log, sin, pow); Java's {@link
 * java.lang.Math} on x86-64 HotSpot agrees with glibc bit for bit on all but 0.05-0.25% of
 * arguments (StrictMath's fdlibm: up to 10%), and a 1-ulp difference changes the integer result
 * only when the result is within an ulp of an integer boundary. In practice: for ranges up to
 * millions of values no difference was found in 18 million exponential / gaussian / zipfian /
 * Poisson draws compared with a glibc build; for ranges wider than 2^53 values about 0.1% of
 * exponential / gaussian draws differ in their low bits. The number of draws consumed (and so
 * everything after) stays identical. On other platforms Math may fall back to fdlibm, which agrees
 * with glibc less often (same caveat, a higher rate).
 *
 * <p>Platform behaviour of the reference binary (x86-64) is reproduced where pgbench relies on
 * undefined C behaviour: a NaN or out-of-range double converted to int64 gives INT64_MIN. Like
 * pgbench, random_zipfian with a NaN parameter never returns.
 *
 * <p>Depends on {@code cnum}; used by {@code expr}, {@code run} and {@code cli}.
 */
package org.jpgbench.random;
