package org.jpgbench.experiment;

/** What a comparison may claim about one metric, knowing which direction is better for it. */
public enum Verdict {
  /** Better beyond the noise (higher tps, lower latency or failures). */
  IMPROVED("improved"),
  /** Worse beyond the noise. */
  REGRESSED("regressed"),
  /** No difference that the noise lets one claim (benchstat's "~"). */
  UNCHANGED("unchanged");

  /** The word the reports print. */
  public final String word;

  Verdict(String word) {
    this.word = word;
  }

  /** The verdict of a significant change in {@code sign}'s direction, or UNCHANGED. */
  static Verdict of(boolean significant, double change, boolean higherIsBetter) {
    if (!significant || change == 0 || Double.isNaN(change)) {
      return UNCHANGED;
    }
    return (change > 0) == higherIsBetter ? IMPROVED : REGRESSED;
  }
}
