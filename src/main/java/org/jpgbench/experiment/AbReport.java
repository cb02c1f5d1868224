package org.jpgbench.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Threshold;
import org.jpgbench.log.PgLog;
import org.jpgbench.report.RunSummary;

/**
 * What an A/B experiment found: per point the two sides' runs compared metric by metric, the sides'
 * servers and the settings that differ between them, as text and as JSON ({@code jpgbench-ab/1}).
 */
final class AbReport {
  private final AbSide a;
  private final AbSide b;
  private final Map<SweepPlan.Point, PointResult[]> results;
  private final List<Threshold> slo;
  private final Map<SweepPlan.Point, Comparison> comparisons = new LinkedHashMap<>();
  private final Map<SweepPlan.Point, List<RunReport>[]> reports = new LinkedHashMap<>();

  AbReport(
      AbSide a,
      AbSide b,
      Map<SweepPlan.Point, PointResult[]> results,
      List<Threshold> slo,
      List<Metric> metrics,
      Decision decision) {
    this.a = a;
    this.b = b;
    this.results = results;
    this.slo = slo;
    for (Map.Entry<SweepPlan.Point, PointResult[]> e : results.entrySet()) {
      List<RunReport> ra = reports(e.getValue()[0], a.label());
      List<RunReport> rb = reports(e.getValue()[1], b.label());
      @SuppressWarnings("unchecked")
      List<RunReport>[] both = new List[] {ra, rb};
      reports.put(e.getKey(), both);
      comparisons.put(e.getKey(), Comparison.of(ra, rb, metrics, decision));
    }
  }

  /** A side's tps trend over its runs at a point (see {@link Drift}), NaN when none. */
  private static double drift(PointResult side) {
    return Drift.of(side.tps(), Decision.DEFAULT_ALPHA);
  }

  /** A warning when a side's tps trended over its runs beyond the noise, else nothing. */
  private static String driftLine(String label, PointResult side) {
    double d = drift(side);
    if (Double.isNaN(d)) {
      return "";
    }
    return PgLog.warning(
            String.format(
                java.util.Locale.ROOT,
                "%s's tps %s by %.1f%% over its %d runs, beyond their noise: its runs do not come"
                    + " from one steady state (a longer --warmup, or longer runs)",
                label,
                d > 0 ? "rose" : "fell",
                Math.abs(100 * d),
                side.runs.size()))
        + "\n";
  }

  /** One point's two sides compared as they stand (a look of --rounds=auto). */
  static Comparison compare(
      PointResult[] sides, String labelA, String labelB, List<Metric> metrics, Decision d) {
    return Comparison.of(reports(sides[0], labelA), reports(sides[1], labelB), metrics, d);
  }

  private static List<RunReport> reports(PointResult p, String label) {
    List<RunReport> out = new ArrayList<>();
    int i = 1;
    for (RunSummary s : p.runs) {
      try {
        out.add(RunReport.of(label + " run " + i++, SweepJson.report(s)));
      } catch (ExperimentException e) {
        throw new IllegalStateException(e); // our own reports
      }
    }
    return out;
  }

  /** The first report of either side that has one, for the servers' versions and settings. */
  private RunReport first(int side) {
    for (List<RunReport>[] r : reports.values()) {
      if (!r[side].isEmpty()) {
        return r[side].get(0);
      }
    }
    return null;
  }

  /** What differs between the sides' first runs: server version and settings, run parameters. */
  List<Comparability.Difference> differences() {
    RunReport ra = first(0);
    RunReport rb = first(1);
    return ra == null || rb == null ? List.of() : Comparability.between(ra, rb);
  }

  String text(boolean interrupted) {
    StringBuilder t = new StringBuilder("\n");
    if (interrupted) {
      t.append("interrupted: the rounds completed so far\n");
    }
    t.append(side("A", a, first(0))).append(side("B", b, first(1)));
    List<String> diff = Comparability.lines(differences());
    t.append(
        diff.isEmpty()
            ? "no server setting or run parameter differs between A and B\n"
            : CompareText.list("what differs between A and B:", diff));
    for (Map.Entry<SweepPlan.Point, Comparison> e : comparisons.entrySet()) {
      PointResult[] sides = results.get(e.getKey());
      t.append('\n').append(SweepText.label(sides[0])).append(":\n");
      t.append(CompareText.table(e.getValue(), a.label(), b.label()));
      t.append(driftLine(a.label(), sides[0])).append(driftLine(b.label(), sides[1]));
      if (!slo.isEmpty()) {
        t.append(sloLine(a.label(), sides[0])).append(sloLine(b.label(), sides[1]));
      }
    }
    return t.toString();
  }

  private String sloLine(String label, PointResult p) {
    return label
        + ": "
        + String.join(",", slo.stream().map(Threshold::text).toList())
        + (p.meets(slo) ? " ok" : " FAILED")
        + "\n";
  }

  static String side(String name, AbSide s, RunReport r) {
    String version = r != null && r.serverVersion() != null ? r.serverVersion() : "?";
    return name + " = " + s.label() + " (" + s.shown() + "), server " + version + "\n";
  }

  Map<String, Object> json(List<String> order, boolean interrupted) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("schema", "jpgbench-ab/1");
    doc.put("interrupted", interrupted);
    doc.put("a", side(a, first(0)));
    doc.put("b", side(b, first(1)));
    doc.put("differences", Comparability.json(differences()));
    doc.put("order", order);
    List<Object> points = new ArrayList<>();
    for (Map.Entry<SweepPlan.Point, Comparison> e : comparisons.entrySet()) {
      PointResult[] sides = results.get(e.getKey());
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("clients", sides[0].clients);
      p.put("rate", sides[0].rate > 0 ? sides[0].rate : null);
      p.putAll(ExperimentJson.comparison(e.getValue()));
      p.put("tps_drift_percent_a", ExperimentJson.num(100 * drift(sides[0])));
      p.put("tps_drift_percent_b", ExperimentJson.num(100 * drift(sides[1])));
      if (!slo.isEmpty()) {
        p.put("slo_met_a", sides[0].meets(slo));
        p.put("slo_met_b", sides[1].meets(slo));
      }
      List<RunReport>[] r = reports.get(e.getKey());
      p.put("reports_a", r[0].stream().map(RunReport::json).toList());
      p.put("reports_b", r[1].stream().map(RunReport::json).toList());
      points.add(p);
    }
    doc.put("points", points);
    return doc;
  }

  /** The page: the sides and their differing settings, then each point's charts and verdicts. */
  org.jpgbench.report.html.UplotPage html() {
    org.jpgbench.report.html.UplotPage page =
        new org.jpgbench.report.html.UplotPage("jpgbench ab: " + a.label() + " vs " + b.label());
    page.note(side("A", a, first(0)).trim());
    page.note(side("B", b, first(1)).trim());
    List<String> diff = Comparability.lines(differences());
    page.note(
        diff.isEmpty()
            ? "No server setting or run parameter differs between A and B."
            : "What differs between A and B: " + String.join("; ", diff) + ".");
    for (Map.Entry<SweepPlan.Point, Comparison> e : comparisons.entrySet()) {
      CompareHtml.section(
          page, SweepText.label(results.get(e.getKey())[0]), e.getValue(), a.label(), b.label());
    }
    return page;
  }

  /** The comparisons for --report-csv, per point ("clients 2"). */
  Compared compared() {
    Map<String, Comparison> m = new LinkedHashMap<>();
    for (Map.Entry<SweepPlan.Point, Comparison> e : comparisons.entrySet()) {
      m.put(SweepText.label(results.get(e.getKey())[0]), e.getValue());
    }
    return new Compared(m);
  }

  static Map<String, Object> side(AbSide s, RunReport r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("label", s.label());
    m.put("conninfo", s.shown());
    m.put("server_version", r != null ? r.serverVersion() : null);
    m.put("server_settings", r != null ? r.serverSettings() : Map.of());
    return m;
  }
}
