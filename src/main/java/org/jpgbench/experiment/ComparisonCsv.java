package org.jpgbench.experiment;

import java.util.Map;

/**
 * Comparisons as CSV: one row per point and metric, with both sides' figures and spreads, the
 * change and its interval in percent, the p-value and the verdict's word ("inconclusive" where the
 * text prints "~"). compare's, ab's and ab -i's; the point is empty where there are no points. The
 * base side is ab's A.
 */
final class ComparisonCsv implements ExperimentFormat<Compared> {
  static final ComparisonCsv FORMAT = new ComparisonCsv();

  private ComparisonCsv() {}

  @Override
  public String render(Compared compared) {
    CsvText csv =
        new CsvText(
            "point",
            "metric",
            "unit",
            "base",
            "new",
            "base_spread_percent",
            "new_spread_percent",
            "change_percent",
            "ci_low_percent",
            "ci_high_percent",
            "p_value",
            "verdict",
            "runs_needed");
    for (Map.Entry<String, Comparison> e : compared.points().entrySet()) {
      for (Comparison.Row r : e.getValue().rows) {
        Change ch = r.change();
        csv.row(
            e.getKey().isEmpty() ? null : e.getKey(), // null: empty, and not quoted
            r.metric().name(),
            r.metric().unit(),
            CsvText.num(ch.base(), 4),
            CsvText.num(ch.neu(), 4),
            CsvText.num(r.baseSpread(), 3),
            CsvText.num(r.newSpread(), 3),
            CsvText.num(100 * ch.change(), 3),
            CsvText.num(100 * ch.ciLow(), 3),
            CsvText.num(100 * ch.ciHigh(), 3),
            CsvText.num(ch.pValue(), 6),
            ch.verdict().word,
            ch.runsNeeded() > 0 ? ch.runsNeeded() : "");
      }
    }
    return csv.text();
  }
}
