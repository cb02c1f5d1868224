package org.jpgbench.random;

/**
 * An unusable --random-seed / PGBENCH_RANDOM_SEED value. pgbench then prints, and exits with 1:
 *
 * <pre>
 * pgbench: error: {@link #getMessage()}
 * pgbench: detail: {@link #detail()}            (when not null)
 * pgbench: error: {@link #fatal(boolean)}
 * </pre>
 */
public final class RandomSeedException extends Exception {
  private static final long serialVersionUID = 1L;

  private final String detail;

  RandomSeedException(String message, String detail) {
    super(message, null, false, false);
    this.detail = detail;
  }

  /** The detail line, or null. */
  public String detail() {
    return detail;
  }

  /**
   * The final fatal line: which source was being read ({@code fromEnvironment}:
   * PGBENCH_RANDOM_SEED, else the --random-seed option).
   */
  public String fatal(boolean fromEnvironment) {
    return fromEnvironment ? RandomMessages.SEED_ENV_FAILED : RandomMessages.SEED_OPTION_FAILED;
  }
}
