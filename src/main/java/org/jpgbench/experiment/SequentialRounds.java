package org.jpgbench.experiment;

import java.util.List;
import java.util.Locale;

/**
 * {@code ab --rounds=auto[:MAX]}: the rule that looks at the comparison after every round and stops
 * once every metric asked for is decided (improved, regressed or unchanged), without raising the
 * rate of false verdicts by looking often.
 *
 * <p>Alpha spending by Bonferroni over the planned looks: a look can be made from the second round
 * on (two runs a side), so there are at most MAX − 1 looks, and each tests at alpha / (MAX − 1).
 * The chance that any look gives a false verdict is then at most alpha by the union bound, whatever
 * the dependence between looks (docs/experiments.md weighs this against other designs). The final
 * table uses the same level: it is the last look.
 */
public final class SequentialRounds {
  /** MAX when --rounds=auto gives none. */
  public static final int DEFAULT_MAX = 20;

  private final int max;
  private final Decision perLook;

  /**
   * @param max the most rounds (at least 2)
   * @param decision the overall alpha and the margin
   */
  public SequentialRounds(int max, Decision decision) {
    if (max < 2) {
      throw new IllegalArgumentException("--rounds=auto needs a MAX of 2 or more");
    }
    this.max = max;
    this.perLook = new Decision(decision.alpha() / (max - 1), decision.margin());
  }

  public int max() {
    return max;
  }

  /** The level every look, and the final table, decides at. */
  public Decision perLook() {
    return perLook;
  }

  /** Whether every row of every comparison has a verdict other than inconclusive. */
  static boolean decided(List<Comparison> comparisons) {
    return comparisons.stream()
        .allMatch(c -> c.rows.stream().allMatch(r -> r.change().verdict() != Verdict.INCONCLUSIVE));
  }

  /** One metric's verdict from two sides' values at this look (two or more values a side). */
  Change look(double[] base, double[] neu, boolean higherIsBetter) {
    return Welch.compare(base, neu, higherIsBetter, perLook.alpha())
        .decided(perLook.margin(), Math.min(base.length, neu.length));
  }

  /**
   * sweep --repeat=auto: whether a point's tps is known well enough to stop repeating it: the
   * interval of its mean (log scale, at this rule's per-look level) is within ±margin of it.
   * Returns the interval's relative half-width, or NaN with fewer than 2 runs.
   */
  double precise(double[] tps) {
    if (tps.length < 2) {
      return Double.NaN;
    }
    double[] logs = new double[tps.length];
    for (int i = 0; i < tps.length; i++) {
      if (!(tps[i] > 0)) {
        return Double.NaN;
      }
      logs[i] = Math.log(tps[i]);
    }
    double se = Math.sqrt(Welch.variance(logs) / logs.length);
    double q =
        org.apache.commons.statistics.distribution.TDistribution.of(logs.length - 1)
            .inverseSurvivalProbability(perLook.alpha() / 2);
    return Math.expm1(q * se);
  }

  /** Whether {@link #precise}'s half-width is within the margin. */
  boolean decidedPoint(double[] tps) {
    double h = precise(tps);
    return !Double.isNaN(h) && h <= perLook.margin();
  }

  /** The line printed after a round: each metric's change, interval and verdict so far. */
  static String line(int round, String point, Comparison c) {
    StringBuilder b = new StringBuilder("round ").append(round);
    if (!point.isEmpty()) {
      b.append(", ").append(point);
    }
    b.append(':');
    for (Comparison.Row r : c.rows) {
      Change ch = r.change();
      b.append(' ').append(r.metric().name()).append(' ');
      if (Double.isNaN(ch.ciLow())) {
        b.append(ch.verdict() == Verdict.UNCHANGED ? "unchanged" : "~");
      } else {
        b.append(CompareText.percent(ch.change()))
            .append(" [")
            .append(CompareText.percent(ch.ciLow()))
            .append(", ")
            .append(CompareText.percent(ch.ciHigh()))
            .append("] ")
            .append(ch.verdict() == Verdict.INCONCLUSIVE ? "~" : ch.verdict().word);
      }
      b.append(';');
    }
    b.setLength(b.length() - 1);
    return b.append('\n').toString();
  }

  static String describe(int max, Decision overall) {
    return String.format(
        Locale.ROOT,
        "--rounds=auto: up to %d rounds, each look at alpha %s / %d (at most %s over all looks).\n",
        max,
        overall.alpha(),
        max - 1,
        overall.alpha());
  }
}
