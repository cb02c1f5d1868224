package org.jpgbench.experiment;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The experiments' JSON documents (docs/experiments.md), built as ordered maps and written by
 * jackson-jr, pretty-printed. A figure that cannot be computed is null, as in the run's reports.
 */
final class ExperimentJson {
  private static final JSON WRITER =
      JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT, JSON.Feature.WRITE_NULL_PROPERTIES);

  private ExperimentJson() {}

  /** A comparison's rows as "metrics": one object per metric. */
  static Map<String, Object> comparison(Comparison c) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("method", c.method.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
    doc.put("alpha", c.alpha);
    doc.put("margin_percent", 100 * c.margin);
    doc.put("base", c.base.stream().map(RunReport::source).toList());
    doc.put("new", c.neu.stream().map(RunReport::source).toList());
    List<Object> metrics = new ArrayList<>();
    for (Comparison.Row r : c.rows) {
      Change ch = r.change();
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("metric", r.metric().name());
      m.put("unit", r.metric().unit());
      m.put("base", num(ch.base()));
      m.put("new", num(ch.neu()));
      m.put("base_spread_percent", num(r.baseSpread()));
      m.put("new_spread_percent", num(r.newSpread()));
      m.put("change", num(100 * ch.change()));
      m.put("ci_low", num(100 * ch.ciLow()));
      m.put("ci_high", num(100 * ch.ciHigh()));
      m.put("p_value", num(ch.pValue()));
      m.put("verdict", ch.verdict().word);
      m.put("runs_needed", ch.runsNeeded() > 0 ? ch.runsNeeded() : null);
      m.put("method", ch.method());
      metrics.add(m);
    }
    doc.put("metrics", metrics);
    return doc;
  }

  /** NaN and infinities as null (JSON has no such numbers). */
  static Object num(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
  }

  /**
   * Whether the experiment's --report-json and --report-html can be written (null and "-" always
   * can), checked before its first run so that a bad path does not wait for its last; false with
   * the error printed.
   */
  static boolean reportsWritable(org.jpgbench.config.Options options, java.io.PrintStream err) {
    try {
      checkWritable(options.outputs().reportJson());
      checkWritable(options.outputs().reportHtml());
      checkWritable(options.outputs().reportCsv());
      return true;
    } catch (ExperimentException e) {
      err.println(org.jpgbench.log.PgLog.error(e.getMessage()));
      return false;
    }
  }

  /** A report path's problem, as an exception, or nothing. */
  private static void checkWritable(String path) throws ExperimentException {
    String reason = org.jpgbench.report.ReportPaths.problem(path);
    if (reason != null) {
      throw new ExperimentException("could not write file \"" + path + "\": " + reason);
    }
  }

  static String text(Map<String, Object> doc) {
    try {
      return WRITER.asString(doc) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException(e); // writing maps of plain values to a string
    }
  }

  /** A document built as an ordered map (compare's, ab's, ab -i's), pretty-printed. */
  static final ExperimentFormat<Map<String, Object>> DOCUMENT = ExperimentJson::text;
}
