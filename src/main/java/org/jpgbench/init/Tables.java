package org.jpgbench.init;

/** pgbench's four tables and their sizes per scale unit. */
final class Tables {
  private Tables() {}

  static final String BRANCHES = "pgbench_branches";
  static final String TELLERS = "pgbench_tellers";
  static final String ACCOUNTS = "pgbench_accounts";
  static final String HISTORY = "pgbench_history";

  static final int NBRANCHES = 1;
  static final int NTELLERS = 10;
  static final int NACCOUNTS = 100_000;

  /** At this scale and above, account ids are bigint (pgbench's SCALE_32BIT_THRESHOLD). */
  static final int SCALE_32BIT_THRESHOLD = 20_000;

  /** pgbench's drop and truncate lists name the tables in this order. */
  static final String ALL_FOUR = ACCOUNTS + ", " + BRANCHES + ", " + HISTORY + ", " + TELLERS;
}
