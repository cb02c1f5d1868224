package org.jpgbench.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jpgbench.config.Threshold;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.html.UplotPage;
import org.jpgbench.report.html.UplotPage.Series;

/**
 * A sweep as one self-contained page: what was run (script, server, duration, scale, query mode,
 * date), tps by client count (or rate; in a crossed sweep one line per client count against the
 * rate) with the repeats' range and the best throughput within the SLO, for -b tpcc NOPM with its
 * range, latency percentiles by the same axis, the points' table with scaling and every run below
 * it.
 */
final class SweepHtml implements ExperimentFormat<SweepOutcome> {
  static final SweepHtml FORMAT = new SweepHtml();
  private static final String BLUE = "#2563eb";
  private static final String LIGHT = "#93c5fd";
  private static final String GREEN = "#15803d";
  private static final String LIGHT_GREEN = "#86efac";

  private SweepHtml() {}

  @Override
  public String render(SweepOutcome o) {
    SweepPlan plan = o.plan();
    List<PointResult> points = o.points();
    List<Threshold> slo = o.slo();
    List<PointResult> measured = points.stream().filter(PointResult::measured).toList();
    boolean byRate = plan.clients().isEmpty() && !plan.rates().isEmpty();
    boolean crossed = !plan.clients().isEmpty() && !plan.rates().isEmpty();
    UplotPage page = new UplotPage("jpgbench sweep");
    if (!measured.isEmpty()) {
      page.note(SweepContext.of(first(measured.get(0))));
    }
    page.note(
        String.format(
            Locale.ROOT,
            "%d points, %d run(s) each, interleaved (every point once, then again)%s%s.",
            points.size(),
            plan.repeat(),
            plan.warmupSeconds() > 0
                ? "; each run after a " + plan.warmupSeconds() + " s warm-up, discarded"
                : "",
            slo.isEmpty()
                ? ""
                : "; thresholds " + String.join(",", slo.stream().map(Threshold::text).toList())));
    PointResult best = o.best();
    if (!slo.isEmpty()) {
      page.note(
          best == null
              ? "No point meets the thresholds."
              : String.format(
                  Locale.ROOT,
                  "Max throughput within the thresholds: %.1f tps%s at %s (the dashed line).",
                  best.tpsMedian(),
                  SweepText.nopmOf(best),
                  SweepText.label(best)));
    }
    if (o.interrupted()) {
      page.note(
          "The sweep was interrupted (Ctrl-C): these are the points measured until then; those"
              + " marked \"not run\" never ran.");
    }
    if (crossed) {
      SweepCrossedCharts.add(page, measured, best);
    } else {
      double[] x = new double[measured.size()];
      for (int i = 0; i < x.length; i++) {
        x[i] = byRate ? measured.get(i).rate : measured.get(i).clients;
      }
      charts(page, measured, byRate ? "rate (tps)" : "clients", x, !byRate, best);
    }
    page.heading("Points");
    boolean rates = points.stream().anyMatch(p -> p.rate > 0);
    List<String> columns =
        new ArrayList<>(
            List.of(
                "point",
                "clients",
                "rate",
                "tps",
                "min",
                "max",
                "lat avg ms",
                "p50 ms",
                "p99 ms",
                "failed",
                rates ? "achieved" : "scaling"));
    boolean nopm = PointResult.countsNopm(points);
    if (nopm) {
      columns.add(6, "nopm");
    }
    if (!slo.isEmpty()) {
      columns.add("slo"); // the column only when thresholds were given
    }
    page.table("points", columns, rows(points, slo, nopm));
    page.heading("Runs");
    List<String> runColumns =
        new ArrayList<>(
            List.of(
                "point",
                "clients",
                "rate",
                "run",
                "started",
                "tps",
                "lat avg ms",
                "p99 ms",
                "failed"));
    if (nopm) {
      runColumns.add(6, "nopm");
    }
    page.table("runs", runColumns, runs(points, nopm));
    return page.html();
  }

  /** Throughput with the repeats' range (and the best within the SLO), then latency. */
  private static void charts(
      UplotPage page,
      List<PointResult> measured,
      String axis,
      double[] x,
      boolean logX,
      PointResult best) {
    List<Series> tps =
        new ArrayList<>(
            List.of(
                new Series("tps (median)", values(measured, PointResult::tpsMedian), BLUE, false),
                new Series("min", values(measured, PointResult::tpsMin), LIGHT, true),
                new Series("max", values(measured, PointResult::tpsMax), LIGHT, true)));
    if (best != null) {
      tps.add(SweepCrossedCharts.bestLine(best, x.length));
    }
    page.chart("Throughput", axis, "tps", x, tps, logX);
    if (PointResult.countsNopm(measured)) { // -b tpcc: the database's count, as HammerDB charts it
      page.chart(
          "New orders per minute (NOPM)",
          axis,
          "NOPM",
          x,
          List.of(
              new Series("NOPM (median)", values(measured, PointResult::nopmMedian), GREEN, false),
              new Series("min", values(measured, PointResult::nopmMin), LIGHT_GREEN, true),
              new Series("max", values(measured, PointResult::nopmMax), LIGHT_GREEN, true)),
          logX);
    }
    page.chart(
        "Latency",
        axis,
        "ms",
        x,
        List.of(
            new Series("average", values(measured, PointResult::latencyAverage), "#0f172a", false),
            new Series("p50", values(measured, p -> p.percentile(50)), "#16a34a", false),
            new Series("p99", values(measured, p -> p.percentile(99)), "#dc2626", false)),
        logX);
  }

  /** A point's first run as the experiments read a report. */
  private static RunReport first(PointResult p) {
    try {
      return RunReport.of("", SweepJson.report(p.runs.get(0)));
    } catch (ExperimentException e) {
      throw new IllegalStateException(e); // our own report
    }
  }

  private static double[] values(
      List<PointResult> points, java.util.function.ToDoubleFunction<PointResult> f) {
    return points.stream().mapToDouble(f).toArray();
  }

  private static List<List<String>> rows(
      List<PointResult> points, List<Threshold> slo, boolean nopm) {
    List<List<String>> rows = new ArrayList<>();
    PointResult first = PointResult.first(points);
    int i = 1;
    for (PointResult p : points) {
      List<String> row =
          new ArrayList<>(
              List.of(
                  Integer.toString(i++),
                  Integer.toString(p.clients),
                  p.rate > 0 ? SweepText.rate(p.rate) : "-",
                  p.measured() ? f1(p.tpsMedian()) : p.ran() ? "failed" : "not run",
                  p.measured() ? f1(p.tpsMin()) : "",
                  p.measured() ? f1(p.tpsMax()) : "",
                  f3(p.latencyAverage()),
                  f3(p.percentile(50)),
                  f3(p.percentile(99)),
                  Long.toString(p.failed()),
                  p.measured()
                      ? String.format(Locale.ROOT, "%.0f%%", 100 * p.scaling(first))
                      : ""));
      if (nopm) {
        row.add(6, f1(p.nopmMedian()));
      }
      if (!slo.isEmpty()) {
        row.add(p.meets(slo) ? "ok" : "FAILED");
      }
      rows.add(row);
    }
    return rows;
  }

  private static List<List<String>> runs(List<PointResult> points, boolean nopm) {
    List<List<String>> rows = new ArrayList<>();
    int i = 1;
    for (PointResult p : points) {
      int r = 1;
      for (RunSummary s : p.runs) {
        List<String> row =
            new ArrayList<>(
                List.of(
                    Integer.toString(i),
                    Integer.toString(p.clients),
                    p.rate > 0 ? SweepText.rate(p.rate) : "-",
                    Integer.toString(r++),
                    started(s),
                    f1(s.tps()),
                    f3(s.latencyAverageMillis()),
                    s.latencies() != null && s.latencies().getTotalCount() > 0
                        ? f3(s.latencies().getValueAtPercentile(99) / 1000.0)
                        : "-",
                    Long.toString(s.total().failures())));
        if (nopm) {
          row.add(6, f1(PointResult.nopm(s)));
        }
        rows.add(row);
      }
      i++;
    }
    return rows;
  }

  private static String started(RunSummary s) {
    long micros = s.details().startEpochMicros();
    return micros <= 0
        ? "-"
        : java.time.Instant.ofEpochSecond(micros / 1_000_000, (micros % 1_000_000) * 1000)
            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
            .toString();
  }

  private static String f1(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String f3(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }
}
