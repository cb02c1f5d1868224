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
 * @param verdict improved, regressed or unchanged at the comparison's alpha
 * @param method how the interval was obtained ("welch", "block-bootstrap", "none")
 */
public record Change(
    double base,
    double neu,
    double change,
    double ciLow,
    double ciHigh,
    double pValue,
    Verdict verdict,
    String method) {

  /** When nothing can be said: too few runs, or no values. */
  static Change none(double base, double neu) {
    double change = base != 0 ? (neu - base) / base : Double.NaN;
    return new Change(
        base, neu, change, Double.NaN, Double.NaN, Double.NaN, Verdict.UNCHANGED, "none");
  }
}
