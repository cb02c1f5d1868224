package org.jpgbench.experiment;

/**
 * One metric compared between a base and a new side: their central values, the relative change of
 * new against base with its confidence interval, the p-value, and the verdict.
 *
 * @param base the base side's mean over its runs (or its run's value)
 * @param neu the new side's
 * @param change (new − base) / base as a fraction (0.05 = +5%); NaN when the base is 0
 * @param ciLow the confidence interval's lower end of {@link #change}, a fraction
 * @param ciHigh its upper end
 * @param pValue two-sided, for "no difference"; NaN when no test could be made
 * @param verdict improved, regressed, unchanged or inconclusive (see {@link #decided})
 * @param method how the interval was obtained ("welch", "block-bootstrap", "none")
 * @param runsNeeded when inconclusive, about how many runs per side the observed spread would need
 *     for a verdict either way; 0 otherwise, or when it cannot be told
 */
public record Change(
    double base,
    double neu,
    double change,
    double ciLow,
    double ciHigh,
    double pValue,
    Verdict verdict,
    String method,
    int runsNeeded) {
  /** The most runs per side an inconclusive metric is said to need: "10000+" means at least. */
  static final int RUNS_NEEDED_CAP = 10000;

  /** When nothing can be said: too few runs, or no values. */
  static Change none(double base, double neu) {
    double change = base != 0 ? (neu - base) / base : Double.NaN;
    return new Change(
        base, neu, change, Double.NaN, Double.NaN, Double.NaN, Verdict.INCONCLUSIVE, "none", 0);
  }

  /**
   * The verdict against {@code margin} (a fraction, 0.05 = ±5%): unchanged when the whole interval
   * lies within ±margin (so a significant change smaller than the margin is no change worth a
   * verdict), else improved or regressed when the interval excludes no change, else inconclusive,
   * with the runs per side that an interval this wide at {@code runsPerSide} would need: one half
   * as wide as the larger of the change and its distance to the margin.
   */
  Change decided(double margin, int runsPerSide) {
    if (base == 0 && neu == 0) { // nothing either side (no failures): no change, exactly
      return with(Verdict.UNCHANGED, 0);
    }
    if (Double.isNaN(ciLow) || Double.isNaN(ciHigh)) {
      return with(Verdict.INCONCLUSIVE, 0);
    }
    if (ciLow >= -margin && ciHigh <= margin) {
      return with(Verdict.UNCHANGED, 0);
    }
    if (verdict == Verdict.IMPROVED || verdict == Verdict.REGRESSED) {
      return with(verdict, 0);
    }
    double half = (ciHigh - ciLow) / 2;
    double wanted = Math.max(Math.abs(change), margin - Math.abs(change));
    int n =
        runsPerSide <= 0 || !(wanted > 0) || !(half > 0)
            ? 0
            : (int) Math.min(RUNS_NEEDED_CAP, Math.ceil(runsPerSide * Math.pow(half / wanted, 2)));
    return with(Verdict.INCONCLUSIVE, n == 0 ? 0 : Math.max(n, runsPerSide + 1));
  }

  private Change with(Verdict v, int n) {
    return new Change(base, neu, change, ciLow, ciHigh, pValue, v, method, n);
  }
}
