package org.jpgbench.experiment;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Threshold;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.json.JsonReport;

/**
 * A sweep as JSON (schema {@code jpgbench-sweep/1}, docs/experiments.md): the plan, each point's
 * row and the full report of each of its runs (the run report's own schema), and with --slo which
 * points meet it.
 */
final class SweepJson implements ExperimentFormat<SweepOutcome> {
  static final String SCHEMA = "jpgbench-sweep/1";
  static final SweepJson FORMAT = new SweepJson();

  private SweepJson() {}

  @Override
  public String render(SweepOutcome o) {
    return ExperimentJson.text(document(o));
  }

  static Map<String, Object> document(SweepOutcome o) {
    SweepPlan plan = o.plan();
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("schema", SCHEMA);
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("clients", plan.clients());
    p.put("rates", plan.rates());
    p.put("repeat", plan.repeat());
    p.put("warmup", plan.warmupSeconds());
    p.put("order", "interleaved");
    doc.put("plan", p);
    doc.put("interrupted", o.interrupted());
    List<Threshold> slo = o.slo();
    doc.put("slo", slo.stream().map(Threshold::text).toList());
    PointResult best = o.best();
    doc.put("best_within_slo", best == null ? null : bestPoint(best));
    List<Object> rows = new ArrayList<>();
    PointResult first = PointResult.first(o.points());
    for (PointResult r : o.points()) {
      rows.add(point(r, first, slo));
    }
    doc.put("points", rows);
    return doc;
  }

  /** The best point within the SLO, as the text's "max throughput within" line names it. */
  private static Map<String, Object> bestPoint(PointResult best) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("clients", best.clients);
    m.put("rate", best.rate);
    m.put("tps", ExperimentJson.num(best.tpsMedian()));
    if (best.countsNopm()) {
      m.put("nopm", ExperimentJson.num(best.nopmMedian()));
    }
    return m;
  }

  private static Map<String, Object> point(PointResult r, PointResult first, List<Threshold> slo) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("clients", r.clients);
    m.put("rate", r.rate); // 0: not throttled, as the run report's settings say
    m.put("runs_measured", r.runs.size());
    m.put("runs_failed", r.failedRuns.size());
    m.put("tps", ExperimentJson.num(r.tpsMedian()));
    m.put("tps_min", ExperimentJson.num(r.tpsMin()));
    m.put("tps_max", ExperimentJson.num(r.tpsMax()));
    if (r.countsNopm()) { // -b tpcc: the median and range of the runs' workload.nopm
      m.put("nopm", ExperimentJson.num(r.nopmMedian()));
      m.put("nopm_min", ExperimentJson.num(r.nopmMin()));
      m.put("nopm_max", ExperimentJson.num(r.nopmMax()));
    }
    m.put("latency_average", ExperimentJson.num(r.latencyAverage()));
    m.put("latency_p50", ExperimentJson.num(r.percentile(50)));
    m.put("latency_p99", ExperimentJson.num(r.percentile(99)));
    m.put("failed", r.failed());
    m.put("failed_percent", ExperimentJson.num(r.failedPercent()));
    double scaling = 100 * r.scaling(first);
    m.put("scaling_percent", r.rate > 0 ? null : ExperimentJson.num(scaling));
    m.put("achieved_percent", r.rate > 0 ? ExperimentJson.num(scaling) : null);
    m.put("ran", r.ran());
    if (!slo.isEmpty()) {
      m.put("slo_met", r.meets(slo));
    }
    List<Object> reports = new ArrayList<>();
    for (RunSummary s : r.runs) {
      reports.add(report(s));
    }
    m.put("reports", reports);
    return m;
  }

  /** A run's report as its JSON report's document. */
  static Map<String, Object> report(RunSummary s) {
    StringBuilder text = new StringBuilder();
    try {
      new JsonReport().write(s, text);
      return JSON.std.mapFrom(text.toString());
    } catch (IOException e) {
      throw new IllegalStateException(e); // our own report, written to memory
    }
  }
}
