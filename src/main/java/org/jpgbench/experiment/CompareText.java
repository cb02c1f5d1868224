package org.jpgbench.experiment;

import java.util.List;
import java.util.Locale;

/**
 * A comparison as a table in benchstat's spirit: per metric the two sides (with their run-to-run
 * spread), the change, its confidence interval, the p-value and the verdict; "~" where there is
 * nothing to claim. A note says which method gave the intervals and, with one run per side, what
 * that mode cannot see.
 */
final class CompareText {
  private CompareText() {}

  static String table(Comparison c, String baseLabel, String newLabel) {
    TextTable t = new TextTable("lllrlrl");
    t.row(
        "metric",
        baseLabel + " (" + runs(c.base.size()) + ")",
        newLabel + " (" + runs(c.neu.size()) + ")",
        "change",
        confidence(c.alpha) + " CI",
        "p",
        "verdict");
    for (Comparison.Row r : c.rows) {
      Change ch = r.change();
      boolean claim = !Double.isNaN(ch.pValue());
      t.row(
          r.metric().name(),
          value(ch.base(), r.metric(), r.baseSpread()),
          value(ch.neu(), r.metric(), r.newSpread()),
          percent(ch.change()),
          claim && !Double.isNaN(ch.ciLow())
              ? "[" + percent(ch.ciLow()) + ", " + percent(ch.ciHigh()) + "]"
              : "",
          claim ? String.format(Locale.ROOT, "%.3f", ch.pValue()) : "",
          verdict(ch));
    }
    return t.render(2) + note(c);
  }

  /**
   * The verdict's word; benchstat's "~" for inconclusive, with the runs per side that would decide
   * when the spread tells.
   */
  static String verdict(Change ch) {
    if (ch.verdict() != Verdict.INCONCLUSIVE) {
      return ch.verdict().word;
    }
    int n = ch.runsNeeded();
    if (n <= 0) {
      return "~";
    }
    return "~ (" + n + (n >= Change.RUNS_NEEDED_CAP ? "+" : "") + " runs/side)";
  }

  /** What the intervals rest on, in words, and what "unchanged" means here. */
  static String note(Comparison c) {
    return method(c)
        + String.format(
            Locale.ROOT,
            "unchanged: the whole interval within +-%s%% (--margin); ~: inconclusive.\n",
            trimZeros(100 * c.margin));
  }

  /** 5.0 as "5", 2.5 as "2.5". */
  static String trimZeros(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  /** The intervals' confidence, "95%" (one decimal where it is not whole: "99.7%"). */
  static String confidence(double alpha) {
    double c = 100 * (1 - alpha);
    return (Math.abs(c - Math.rint(c)) < 1e-9 ? Long.toString(Math.round(c)) : significant(c, 3))
        + "%";
  }

  /** {@code v} to two significant digits, as plain text (0.05, 0.0026). */
  static String significant(double v) {
    return significant(v, 2);
  }

  private static String significant(double v, int digits) {
    return new java.math.BigDecimal(v)
        .round(new java.math.MathContext(digits))
        .stripTrailingZeros()
        .toPlainString();
  }

  /** What the intervals rest on, in words. */
  private static String method(Comparison c) {
    return switch (c.method) {
      case WELCH ->
          String.format(
              Locale.ROOT,
              "Welch's t-test over %d and %d runs (%s on the log scale), alpha %s.\n",
              c.base.size(),
              c.neu.size(),
              c.base.get(0).init() ? "seconds" : "tps and latencies",
              significant(c.alpha));
      case BLOCK_BOOTSTRAP ->
          c.base.get(0).init()
              ? "One initialization per side: nothing to claim. Repeat each side"
                  + " (ab -i --rounds) to compare them.\n"
              : c.rows.stream().noneMatch(r -> r.change().method().equals("block-bootstrap"))
                  ? "One run per side, and their -P series are shorter than "
                      + BlockBootstrap.MIN_INTERVALS
                      + " intervals: nothing to claim. "
                      + runsNeeded(c)
                      + "\n"
                  : "One run per side: intervals from a block bootstrap of the -P series, which sees only the"
                      + " noise within each run, not how much two runs of the same setup differ (often"
                      + " 1-3%). "
                      + runsNeeded(c)
                      + "\n";
      case NONE ->
          "Nothing to claim: compare needs two runs or more on each side, or one run per side"
              + " with a -P series."
              + "\n";
    };
  }

  /**
   * How many runs per side would let the observed tps change be told from a run-to-run spread of
   * 2%, at the comparison's alpha and 80% power (the normal approximation).
   */
  static String runsNeeded(Comparison c) {
    double delta = Double.NaN;
    for (Comparison.Row r : c.rows) {
      if (r.metric().name().equals(Metric.TPS.name())) {
        delta = Math.abs(r.change().change());
      }
    }
    if (Double.isNaN(delta) || delta == 0) {
      return "Repeat each side (--repeat, or ab --rounds) to compare runs.";
    }
    int n = runsPerSide(delta, 0.02, c.alpha);
    return String.format(
        Locale.ROOT,
        "To tell a %.1f%% tps change from a 2%% run-to-run spread takes about %d runs per side.",
        100 * delta,
        n);
  }

  /** n = 2 ((z(1-alpha/2) + z(0.8)) cv / delta)^2, at least 2. */
  static int runsPerSide(double delta, double cv, double alpha) {
    var normal = org.apache.commons.statistics.distribution.NormalDistribution.of(0, 1);
    double z =
        normal.inverseSurvivalProbability(alpha / 2) + normal.inverseCumulativeProbability(0.8);
    return Math.max(2, (int) Math.ceil(2 * Math.pow(z * cv / delta, 2)));
  }

  private static String runs(int n) {
    return n == 1 ? "1 run" : n + " runs";
  }

  private static String value(double v, Metric m, double spread) {
    if (Double.isNaN(v)) {
      return "-";
    }
    String s =
        switch (m.unit()) {
          case "tps", "nopm" -> String.format(Locale.ROOT, "%.1f", v);
          case "ms" -> String.format(Locale.ROOT, "%.3f ms", v);
          case "s" -> String.format(Locale.ROOT, "%.2f s", v);
          default -> String.format(Locale.ROOT, "%.3f%%", v);
        };
    return Double.isNaN(spread) ? s : s + String.format(Locale.ROOT, " ±%.1f%%", spread);
  }

  /** A change in percent, "+1.23%"; beyond ±9,999% (an interval from a few noisy runs) capped. */
  static String percent(double fraction) {
    if (Double.isNaN(fraction)) {
      return "-";
    }
    if (fraction >= 100) {
      return ">+9999%";
    }
    if (fraction <= -100) {
      return "<-9999%";
    }
    return String.format(Locale.ROOT, "%+.2f%%", 100 * fraction);
  }

  /** The lines " name: a vs b" under a heading, or nothing. */
  static String list(String heading, List<String> lines) {
    if (lines.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder(heading).append("\n");
    for (String l : lines) {
      b.append("  ").append(l).append("\n");
    }
    return b.toString();
  }
}
