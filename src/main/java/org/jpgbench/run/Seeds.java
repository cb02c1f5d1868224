package org.jpgbench.run;

import org.jpgbench.random.Prng;

/**
 * The generator states pgbench derives from its base random sequence, in its order: one per client
 * (functions), then :default_seed (unless -D defines it), then per thread the script-choice, throttle
 * and sampling generators; and which clients each thread runs.
 *
 * <p>TEMPORARY: the random package's SeedPlan does the same; this goes when it is merged.
 */
final class Seeds {
  private final long seed;
  private final long[] clientSeeds;
  private final boolean hasDefaultSeed;
  private final long defaultSeed;
  private final long[] threadSeeds;
  private final int[] firstClient;
  private final int threads;

  private Seeds(long seed, int clients, int requestedThreads, boolean defaultSeedDefined) {
    this.seed = seed;
    this.threads = Math.min(requestedThreads, clients);
    Prng base = new Prng(seed);
    clientSeeds = new long[clients];
    for (int c = 0; c < clients; c++) {
      clientSeeds[c] = base.nextLong();
    }
    hasDefaultSeed = !defaultSeedDefined;
    defaultSeed = hasDefaultSeed ? base.nextLong() : 0;
    threadSeeds = new long[3 * threads];
    firstClient = new int[threads + 1];
    int dealt = 0;
    for (int t = 0; t < threads; t++) {
      firstClient[t] = dealt;
      dealt += (clients - dealt + threads - t - 1) / (threads - t);
      for (int k = 0; k < 3; k++) {
        threadSeeds[3 * t + k] = base.nextLong();
      }
    }
    firstClient[threads] = dealt;
  }

  static Seeds of(long seed, int clients, int threads, boolean defaultSeedDefined) {
    return new Seeds(seed, clients, threads, defaultSeedDefined);
  }

  long randomSeed() {
    return seed;
  }

  int threads() {
    return threads;
  }

  boolean hasDefaultSeed() {
    return hasDefaultSeed;
  }

  long defaultSeed() {
    return defaultSeed;
  }

  int firstClient(int thread) {
    return firstClient[thread];
  }

  int clientCount(int thread) {
    return firstClient[thread + 1] - firstClient[thread];
  }

  Prng clientRandom(int client) {
    return new Prng(clientSeeds[client]);
  }

  Prng chooseRandom(int thread) {
    return new Prng(threadSeeds[3 * thread]);
  }

  Prng throttleRandom(int thread) {
    return new Prng(threadSeeds[3 * thread + 1]);
  }

  Prng sampleRandom(int thread) {
    return new Prng(threadSeeds[3 * thread + 2]);
  }
}
