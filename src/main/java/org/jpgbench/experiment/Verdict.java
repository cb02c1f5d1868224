package org.jpgbench.experiment;

/**
 * What a comparison may claim about one metric, knowing which direction is better for it: the
 * interval of the change against the margin (the smallest change that matters), benchstat's "~"
 * where neither can be claimed.
 */
public enum Verdict {
  /** Better beyond the noise and beyond the margin (higher tps, lower latency or failures). */
  IMPROVED("improved"),
  /** Worse beyond the noise and beyond the margin. */
  REGRESSED("regressed"),
  /** Equivalent: the whole confidence interval of the change lies within ±margin. */
  UNCHANGED("unchanged"),
  /** Neither: the interval reaches past the margin and includes no change (printed "~"). */
  INCONCLUSIVE("inconclusive");

  /** The word the reports print. */
  public final String word;

  Verdict(String word) {
    this.word = word;
  }

  /** The verdict of a significant change in {@code sign}'s direction, or INCONCLUSIVE. */
  static Verdict of(boolean significant, double change, boolean higherIsBetter) {
    if (!significant || change == 0 || Double.isNaN(change)) {
      return INCONCLUSIVE;
    }
    return (change > 0) == higherIsBetter ? IMPROVED : REGRESSED;
  }
}
