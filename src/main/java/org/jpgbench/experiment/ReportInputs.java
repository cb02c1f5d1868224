package org.jpgbench.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One side of {@code compare}: run reports, or sweeps compared point by point. Each point's runs
 * are gathered under its label ("clients 4", "clients 4, rate 500"); plain runs under "".
 */
final class ReportInputs {
  /** The label of plain runs (not points of a sweep). */
  static final String RUNS = "";

  private ReportInputs() {}

  /**
   * The runs of {@code files} by point; plain runs and sweeps cannot be mixed.
   *
   * @throws ExperimentException a file that is neither a run report nor a sweep, or a mix
   */
  static Map<String, List<RunReport>> read(List<String> files) throws ExperimentException {
    Map<String, List<RunReport>> out = new LinkedHashMap<>();
    Boolean sweeps = null;
    for (String f : files) {
      Map<String, Object> doc = RunReport.document(f, RunReport.text(Path.of(f)));
      boolean sweep = SweepJson.SCHEMA.equals(doc.get("schema"));
      if (sweeps != null && sweeps != sweep) {
        throw new ExperimentException("cannot compare sweeps with single runs (\"" + f + "\")");
      }
      sweeps = sweep;
      if (sweep) {
        points(f, doc, out);
      } else {
        out.computeIfAbsent(RUNS, k -> new ArrayList<>()).add(RunReport.of(f, doc));
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static void points(String file, Map<String, Object> doc, Map<String, List<RunReport>> out)
      throws ExperimentException {
    if (!(doc.get("points") instanceof List<?> points)) {
      throw RunReport.notReport(file);
    }
    for (Object o : points) {
      if (!(o instanceof Map<?, ?> m) || !(m.get("reports") instanceof List<?> reports)) {
        throw RunReport.notReport(file);
      }
      Map<String, Object> p = (Map<String, Object>) m;
      int clients = (int) RunReport.number(p.get("clients"));
      double rate = p.get("rate") == null ? 0 : RunReport.number(p.get("rate"));
      String label = SweepText.label(clients, rate);
      int i = 1;
      for (Object r : reports) {
        String source = file + " (" + label + ", run " + i++ + ")";
        out.computeIfAbsent(label, k -> new ArrayList<>())
            .add(RunReport.of(source, r instanceof Map<?, ?> rm ? (Map<String, Object>) rm : null));
      }
    }
  }
}
