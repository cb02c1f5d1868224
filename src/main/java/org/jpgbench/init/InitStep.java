package org.jpgbench.init;

/**
 * The -I step letters: pgbench's {@code dtgGvpf} and jpgbench's {@code c} (binary COPY), {@code U}
 * (server-side generation with unnest of arrays), {@code k} (--workload=tpcc's consistency check),
 * and the mode switches {@code M} / {@code S} that apply to the generation steps after them.
 */
enum InitStep {
  DROP('d', "drop tables"),
  CREATE_TABLES('t', "create tables"),
  CLIENT_TEXT('g', "client-side generate"),
  SERVER_SERIES('G', "server-side generate"),
  CLIENT_BINARY('c', "client-side generate (binary)"),
  SERVER_UNNEST('U', "server-side generate (unnest)"),
  VACUUM('v', "vacuum"),
  PRIMARY_KEYS('p', "primary keys"),
  FOREIGN_KEYS('f', "foreign keys"),
  /** --workload=tpcc: TPC-C clause 3.3.2's consistency conditions 1-4 (TpccCheck). */
  CHECK('k', "consistency check"),
  /** Following generation steps commit once per scale unit (100,000 accounts). */
  PER_UNIT('M', null),
  /** Following generation steps use one transaction for the whole data set (the default). */
  SINGLE('S', null);

  /** pgbench's letters, in pgbench's order (its ALL_INIT_STEPS). */
  static final String PGBENCH_LETTERS = "dtgGvpf";

  /** Every letter jpgbench accepts (spaces are also accepted and ignored). */
  static final String ALL_LETTERS = "dtgGvpfcUMSk";

  final char letter;

  /** Label in the "done in" line; null for the mode switches, which are not timed. */
  final String label;

  InitStep(char letter, String label) {
    this.letter = letter;
    this.label = label;
  }

  boolean isGeneration() {
    return this == CLIENT_TEXT
        || this == SERVER_SERIES
        || this == CLIENT_BINARY
        || this == SERVER_UNNEST;
  }

  static InitStep of(char c) {
    for (InitStep s : values()) {
      if (s.letter == c) {
        return s;
      }
    }
    return null;
  }
}
