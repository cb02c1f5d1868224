package org.jpgbench.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jpgbench.config.Threshold;
import org.jpgbench.report.RunSummary;
import org.jpgbench.run.RunResult;
import org.jpgbench.sigint.CtrlC;

/** A sweep's text: a line per run as it finishes, then the table of the points. */
final class SweepText {
  private SweepText() {}

  /**
   * "clients 4, run 1/2: tps = 1234.567890, latency average = 3.241 ms, p99 = 5.120 ms, ...", with
   * "NOPM = ..." after the tps for -b tpcc.
   */
  static String runLine(PointResult p, SweepPlan.Trial t, int repeats, RunResult r) {
    StringBuilder b = new StringBuilder(label(p));
    b.append(", run ").append(t.repeat() + 1).append('/').append(repeats).append(": ");
    RunSummary s = r.summary();
    if (s == null) {
      return b.append("failed (exit status ").append(r.status()).append(")\n").toString();
    }
    b.append(String.format(Locale.ROOT, "tps = %.6f", s.tps()));
    if (s.details().workload() != null) {
      b.append(String.format(Locale.ROOT, ", NOPM = %.1f", PointResult.nopm(s)));
    }
    b.append(String.format(Locale.ROOT, ", latency average = %.3f ms", s.latencyAverageMillis()));
    if (s.latencies() != null && s.latencies().getTotalCount() > 0) {
      b.append(
          String.format(
              Locale.ROOT, ", p99 = %.3f ms", s.latencies().getValueAtPercentile(99) / 1000.0));
    }
    b.append(", failed ").append(s.total().failures());
    if (r.status() == CtrlC.EXIT_STATUS) {
      b.append(" (interrupted: not counted)");
    } else if (r.status() != 0) {
      b.append(" (exit status ").append(r.status()).append(')');
    }
    return b.append('\n').toString();
  }

  static String label(PointResult p) {
    return label(p.clients, p.rate);
  }

  /** "clients 4", or "clients 4, rate 500" under -R. */
  static String label(int clients, double rate) {
    StringBuilder b = new StringBuilder("clients ").append(clients);
    if (rate > 0) {
      b.append(", rate ").append(rate(rate));
    }
    return b.toString();
  }

  /**
   * The points' table: tps median and range over the repeats (for -b tpcc NOPM's median too),
   * latency, merged percentiles, failures, scaling efficiency against the first point (or
   * achieved/target rate under -R), and with --slo whether each point meets the thresholds and the
   * best that does.
   */
  static String table(
      List<PointResult> points, List<Threshold> slo, boolean interrupted, SweepPlan plan) {
    StringBuilder b = new StringBuilder("\n");
    if (interrupted) {
      b.append("sweep interrupted: the points measured so far\n");
    }
    if (plan.warmupSeconds() > 0) {
      b.append("each run followed a ")
          .append(plan.warmupSeconds())
          .append(" s warm-up of the same load, discarded\n");
    }
    boolean rates = points.stream().anyMatch(p -> p.rate > 0);
    boolean nopm = PointResult.countsNopm(points);
    TextTable table = new TextTable(nopm ? "rrrlrrrrrrl" : "rrrlrrrrrl");
    List<String> header =
        new ArrayList<>(List.of("clients", "rate", "tps", "(min..max)", "lat avg", "p50", "p99"));
    if (nopm) {
      header.add(4, "nopm");
    }
    header.addAll(List.of("failed", rates ? "achieved" : "scaling", slo.isEmpty() ? "" : "slo"));
    table.row(header.toArray(new String[0]));
    PointResult first = PointResult.first(points);
    for (PointResult p : points) {
      row(table, p, first, slo, nopm);
    }
    b.append(table.render(1));
    if (!slo.isEmpty()) {
      b.append(best(points, slo));
    }
    return b.toString();
  }

  private static void row(
      TextTable t, PointResult p, PointResult first, List<Threshold> slo, boolean nopm) {
    String[] start = {Integer.toString(p.clients), p.rate > 0 ? rate(p.rate) : "-", "-"};
    if (!p.ran()) {
      t.row(start, "not run");
      return;
    }
    if (!p.measured()) {
      t.row(start, "failed (" + p.failedRuns.size() + " of its runs failed)");
      return;
    }
    String failedRuns = p.failedRuns.isEmpty() ? "" : "(" + p.failedRuns.size() + " run(s) failed)";
    List<String> cells =
        new ArrayList<>(
            List.of(
                start[0],
                start[1],
                String.format(Locale.ROOT, "%.1f", p.tpsMedian()),
                String.format(Locale.ROOT, "(%.1f..%.1f)", p.tpsMin(), p.tpsMax()),
                ms(p.latencyAverage()),
                ms(p.percentile(50)),
                ms(p.percentile(99)),
                Long.toString(p.failed()),
                String.format(Locale.ROOT, "%.0f%%", 100 * p.scaling(first)),
                slo.isEmpty() ? "" : p.meets(slo) ? "ok" : "FAILED"));
    if (nopm) {
      double v = p.nopmMedian();
      cells.add(4, Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v));
    }
    t.row(cells.toArray(new String[0]), failedRuns);
  }

  private static String ms(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f ms", v);
  }

  /** "max throughput within p99<=10ms: 4321.0 tps at clients 16" ("tps (NOPM ...)" for tpcc). */
  private static String best(List<PointResult> points, List<Threshold> slo) {
    PointResult best = PointResult.best(points, slo);
    String within = String.join(",", slo.stream().map(Threshold::text).toList());
    if (best == null) {
      return "no point meets " + within + "\n";
    }
    return String.format(
        Locale.ROOT,
        "max throughput within %s: %.1f tps%s at %s\n",
        within,
        best.tpsMedian(),
        nopmOf(best),
        label(best));
  }

  /** " (NOPM 52391.5)" after a point's tps for -b tpcc, else "". */
  static String nopmOf(PointResult p) {
    return p.countsNopm() ? String.format(Locale.ROOT, " (NOPM %.1f)", p.nopmMedian()) : "";
  }

  static String rate(double r) {
    return r == Math.rint(r) ? Long.toString((long) r) : String.format(Locale.ROOT, "%.1f", r);
  }
}
