package org.jpgbench.random;

/**
 * Every generator state pgbench derives from its base random sequence, in pgbench's order, so that
 * a run with the same seed, clients and threads draws exactly what native pgbench draws.
 *
 * <p>pgbench seeds {@code base_random_sequence} with the seed (see {@link RandomSeed}), then takes
 * from it, each state being {@code pg_prng_seed(state, pg_prng_uint64(&base))}:
 *
 * <ol>
 *   <li>for each client 0 .. clients-1: its {@code cs_func_rs}, the generator of the script's
 *       random functions ({@link #clientRandom});
 *   <li>one raw {@code pg_prng_uint64} value, the {@code :default_seed} variable (hash and permute
 *       default seed); skipped when {@code -D default_seed=...} defines the variable, which shifts
 *       everything after it ({@link #defaultSeed});
 *   <li>for each thread 0 .. threads-1: {@code ts_choose_rs} (weighted script choice, {@link
 *       #chooseRandom}), {@code ts_throttle_rs} (--rate Poisson delays, {@link #throttleRandom}),
 *       {@code ts_sample_rs} (--sampling-rate, {@link #sampleRandom}).
 * </ol>
 *
 * <p>The number of threads is first capped to the number of clients, as pgbench does. Thread t gets
 * the next {@code (clients - dealt + threads - t - 1) / (threads - t)} clients, so the first {@code
 * clients % threads} threads get one client more ({@link #firstClient}, {@link #clientCount}).
 * {@code :random_seed} is the seed read as int64 ({@link #randomSeed}).
 */
public final class SeedPlan {
  private final long seed;
  private final int clients;
  private final int threads;
  private final boolean hasDefaultSeed;
  private final long defaultSeed;

  /** Per client: s0, s1 of cs_func_rs. */
  private final long[] clientStates;

  /** Per thread: s0, s1 of choose, throttle, sample (6 longs). */
  private final long[] threadStates;

  private final int[] firstClient;

  private SeedPlan(long seed, int clients, int requestedThreads, boolean defaultSeedDefined) {
    if (clients < 1 || requestedThreads < 1) {
      throw new IllegalArgumentException("clients and threads must be at least 1");
    }
    this.seed = seed;
    this.clients = clients;
    this.threads = Math.min(requestedThreads, clients);
    Prng base = new Prng(seed);
    Prng tmp = new Prng(0);
    clientStates = new long[2 * clients];
    for (int c = 0; c < clients; c++) {
      tmp.seed(base.nextLong());
      clientStates[2 * c] = tmp.s0;
      clientStates[2 * c + 1] = tmp.s1;
    }
    hasDefaultSeed = !defaultSeedDefined;
    defaultSeed = hasDefaultSeed ? base.nextLong() : 0;
    threadStates = new long[6 * threads];
    firstClient = new int[threads + 1];
    int dealt = 0;
    for (int t = 0; t < threads; t++) {
      firstClient[t] = dealt;
      dealt += (clients - dealt + threads - t - 1) / (threads - t);
      for (int k = 0; k < 3; k++) {
        tmp.seed(base.nextLong());
        threadStates[6 * t + 2 * k] = tmp.s0;
        threadStates[6 * t + 2 * k + 1] = tmp.s1;
      }
    }
    firstClient[threads] = dealt;
  }

  /**
   * The plan for a run.
   *
   * @param seed the base seed (uint64 bits) from {@link RandomSeed#resolve}
   * @param clients -c
   * @param threads -j (capped to clients here)
   * @param defaultSeedDefined whether {@code -D default_seed=...} was given (then pgbench draws no
   *     default seed)
   */
  public static SeedPlan of(long seed, int clients, int threads, boolean defaultSeedDefined) {
    return new SeedPlan(seed, clients, threads, defaultSeedDefined);
  }

  /** The base seed as pgbench's {@code :random_seed} variable holds it (int64). */
  public long randomSeed() {
    return seed;
  }

  /** Number of clients. */
  public int clients() {
    return clients;
  }

  /** Effective number of threads: min(-j, -c). */
  public int threads() {
    return threads;
  }

  /** Whether pgbench drew {@code :default_seed} (false when -D default_seed was given). */
  public boolean hasDefaultSeed() {
    return hasDefaultSeed;
  }

  /** The {@code :default_seed} value pgbench defines (int64), when {@link #hasDefaultSeed}. */
  public long defaultSeed() {
    if (!hasDefaultSeed) {
      throw new IllegalStateException("default_seed was defined with -D");
    }
    return defaultSeed;
  }

  /** First client (index) that thread {@code thread} runs. */
  public int firstClient(int thread) {
    return firstClient[thread];
  }

  /** Number of clients thread {@code thread} runs. */
  public int clientCount(int thread) {
    return firstClient[thread + 1] - firstClient[thread];
  }

  /**
   * A new generator in the initial state of client {@code client}'s {@code cs_func_rs}. pgbench
   * saves it at each transaction start and restores it before a retry (serialization / deadlock),
   * so a retried transaction draws the same values; a failed (not retried) transaction keeps the
   * advanced state. Use {@link Prng#restore} on preallocated instances for that.
   */
  public Prng clientRandom(int client) {
    return state(clientStates, 2 * client);
  }

  /**
   * A new generator in the initial state of thread {@code thread}'s {@code ts_choose_rs}. pgbench
   * draws from it only with several scripts: {@code w = getrand(rs, 0, total_weight - 1)}, then the
   * first script whose cumulative weight exceeds w ({@link Distributions#getrand}).
   */
  public Prng chooseRandom(int thread) {
    return state(threadStates, 6 * thread);
  }

  /**
   * A new generator in the initial state of thread {@code thread}'s {@code ts_throttle_rs}: under
   * --rate each transaction is scheduled {@link Distributions#poisson}(rs, delay) microseconds
   * after the previous one, delay being 1e6 / rate * threads.
   */
  public Prng throttleRandom(int thread) {
    return state(threadStates, 6 * thread + 2);
  }

  /**
   * A new generator in the initial state of thread {@code thread}'s {@code ts_sample_rs}: with
   * --sampling-rate, pgbench skips logging a transaction when {@code rs.nextDouble() > rate} (one
   * draw per transaction about to be logged).
   */
  public Prng sampleRandom(int thread) {
    return state(threadStates, 6 * thread + 4);
  }

  private static Prng state(long[] states, int at) {
    Prng p = new Prng(0);
    p.s0 = states[at];
    p.s1 = states[at + 1];
    return p;
  }
}
