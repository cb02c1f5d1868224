package org.jpgbench.cli;

/**
 * -I validation and the final step string. pgbench's steps are "dtgGvpf"; jpgbench adds c
 * (client-side generation with binary COPY), U (server-side generation with unnest of arrays built
 * on the server, one INSERT per scale unit), M (the generation steps after it commit once per scale
 * unit), S (the generation steps after it use one transaction, the default) and k (--workload=tpcc:
 * the consistency check). A space is allowed too (pgbench writes one where -n removes a 'v').
 */
final class InitSteps {
  private InitSteps() {}

  static final String PGBENCH_STEPS = "dtgGvpf";
  static final String ALL_STEPS = PGBENCH_STEPS + "cUMSk";
  static final String DEFAULT_STEPS = "dtgvp";

  static void check(String steps) throws CliExit {
    if (steps.isEmpty()) {
      throw CliExit.error(CliMessages.NO_INIT_STEPS);
    }
    for (int i = 0; i < steps.length(); ) {
      int c = steps.codePointAt(i);
      i += Character.charCount(c);
      if (c != ' ' && ALL_STEPS.indexOf(c) < 0) {
        throw new CliExit(
            Diag.error(CliMessages.UNRECOGNIZED_INIT_STEP, c)
                + Diag.detail(CliMessages.ALLOWED_INIT_STEPS, ALL_STEPS),
            1);
      }
    }
  }

  /**
   * pgbench's adjustments in init mode: default steps, -n blanks out 'v', --foreign-keys adds 'f'.
   */
  static String effective(String given, boolean noVacuum, boolean foreignKeys) {
    String steps = given == null ? DEFAULT_STEPS : given;
    if (noVacuum) {
      steps = steps.replace('v', ' ');
    }
    if (foreignKeys && steps.indexOf('f') < 0) {
      steps = steps + "f";
    }
    return steps;
  }
}
