package org.jpgbench.experiment;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.config.Threshold;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.json.JsonReport;

/**
 * A sweep as JSON (schema {@code jpgbench-sweep/1}, docs/experiments.md): the plan, each point's
 * row and the full report of each of its runs (the run report's own schema), and with --slo which
 * points meet it.
 */
final class SweepJson {
  static final String SCHEMA = "jpgbench-sweep/1";

  private SweepJson() {}

  static Map<String, Object> document(
      SweepPlan plan, Options options, List<PointResult> points, boolean interrupted) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("schema", SCHEMA);
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("clients", plan.clients());
    p.put("rates", plan.rates());
    p.put("repeat", plan.repeat());
    p.put("warmup", plan.warmupSeconds());
    p.put("order", "interleaved");
    doc.put("plan", p);
    doc.put("interrupted", interrupted);
    List<Threshold> slo = options.outputs().thresholds();
    doc.put("slo", slo.stream().map(Threshold::text).toList());
    List<Object> rows = new ArrayList<>();
    for (PointResult r : points) {
      rows.add(point(r, slo));
    }
    doc.put("points", rows);
    return doc;
  }

  private static Map<String, Object> point(PointResult r, List<Threshold> slo) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("clients", r.clients);
    m.put("rate", r.rate > 0 ? r.rate : null);
    m.put("runs_measured", r.runs.size());
    m.put("runs_failed", r.failedRuns.size());
    m.put("tps", ExperimentJson.num(r.tpsMedian()));
    m.put("tps_min", ExperimentJson.num(r.tpsMin()));
    m.put("tps_max", ExperimentJson.num(r.tpsMax()));
    m.put("latency_average", ExperimentJson.num(r.latencyAverage()));
    m.put("latency_p50", ExperimentJson.num(r.percentile(50)));
    m.put("latency_p99", ExperimentJson.num(r.percentile(99)));
    m.put("failed", r.failed());
    m.put("failed_percent", ExperimentJson.num(r.failedPercent()));
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
