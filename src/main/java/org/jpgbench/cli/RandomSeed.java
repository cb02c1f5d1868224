package org.jpgbench.cli;

import java.security.SecureRandom;

/**
 * pgbench's set_random_seed for a given text ("time", "rand" or an unsigned integer): resolves it to
 * the 64-bit seed, as an unsigned decimal string, so that every later stage sees one number.
 */
final class RandomSeed {
  private RandomSeed() {}

  /**
   * @param seed the text of --random-seed or PGBENCH_RANDOM_SEED
   * @param failure the line pgbench adds after the reason ("error while setting random seed ...")
   * @return the seed as an unsigned decimal
   */
  static String resolve(String seed, String failure) throws CliExit {
    if (seed.equals("time")) {
      // pgbench: the monotonic clock in microseconds
      return Long.toUnsignedString(System.nanoTime() / 1000);
    }
    if (seed.equals("rand")) {
      return Long.toUnsignedString(new SecureRandom().nextLong());
    }
    String value = CNumbers.scanUnsigned64(seed);
    if (value == null) {
      throw new CliExit(Diag.error(CliMessages.BAD_RANDOM_SEED, seed)
          + Diag.detail(CliMessages.BAD_RANDOM_SEED_DETAIL)
          + Diag.error(failure), 1);
    }
    return value;
  }
}
