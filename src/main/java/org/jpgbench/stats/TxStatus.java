package org.jpgbench.stats;

/** How a transaction ended, for the statistics (pgbench's EStatus values that are counted). */
public enum TxStatus {
  /** Committed (possibly after retries). */
  OK,
  /** Failed with a serialization error (40001) that was not, or could no longer be, retried. */
  SERIALIZATION,
  /** Failed with a deadlock (40P01) that was not, or could no longer be, retried. */
  DEADLOCK,
  /** Failed with another SQL error; counted only under --continue-on-error. */
  OTHER,
  /** jpgbench --reconnect: the connection was lost while the transaction ran. */
  CONNECTION
}
