package org.jpgbench.experiment;

/**
 * A sweep as CSV: one row per point and metric (tps with its range over the repeats, for -b tpcc
 * NOPM with its range, the latency average, p50 and p99 in ms, failed transactions in percent,
 * scaling or achieved rate in percent), for spreadsheets and dashboards. A point that was never run
 * has no rows; a point whose runs all failed has rows with empty figures.
 */
final class SweepCsv implements ExperimentFormat<SweepOutcome> {
  static final SweepCsv FORMAT = new SweepCsv();

  private SweepCsv() {}

  @Override
  public String render(SweepOutcome o) {
    CsvText csv =
        new CsvText(
            "clients",
            "rate",
            "metric",
            "unit",
            "value",
            "min",
            "max",
            "runs",
            "runs_failed",
            "slo_met");
    PointResult first = PointResult.first(o.points());
    for (PointResult p : o.points()) {
      if (!p.ran()) {
        continue;
      }
      Object[] point = {p.clients, p.rate > 0 ? CsvText.num(p.rate, 3) : ""};
      String met = o.slo().isEmpty() ? "" : Boolean.toString(p.meets(o.slo()));
      row(csv, point, "tps", "tps", p.tpsMedian(), p.tpsMin(), p.tpsMax(), p, met);
      if (p.countsNopm()) {
        row(csv, point, "nopm", "new orders/min", p.nopmMedian(), p.nopmMin(), p.nopmMax(), p, met);
      }
      row(csv, point, "latency_average", "ms", p.latencyAverage(), Double.NaN, Double.NaN, p, met);
      row(csv, point, "latency_p50", "ms", p.percentile(50), Double.NaN, Double.NaN, p, met);
      row(csv, point, "latency_p99", "ms", p.percentile(99), Double.NaN, Double.NaN, p, met);
      double failed = p.measured() ? p.failedPercent() : Double.NaN;
      row(csv, point, "failed", "%", failed, Double.NaN, Double.NaN, p, met);
      String scaling = p.rate > 0 ? "achieved" : "scaling";
      row(csv, point, scaling, "%", 100 * p.scaling(first), Double.NaN, Double.NaN, p, met);
    }
    return csv.text();
  }

  private static void row(
      CsvText csv,
      Object[] point,
      String metric,
      String unit,
      double value,
      double min,
      double max,
      PointResult p,
      String met) {
    csv.row(
        point[0],
        point[1],
        metric,
        unit,
        CsvText.num(value, 3),
        CsvText.num(min, 3),
        CsvText.num(max, 3),
        p.runs.size(),
        p.failedRuns.size(),
        met);
  }
}
