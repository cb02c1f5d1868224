package org.jpgbench.report.json;

import java.io.IOException;
import org.jpgbench.config.Threshold;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.SloCheck;
import org.jpgbench.report.SloStop;

/** --slo's objects in the JSON report: {@code slo} and {@code slo_abort} (docs/report-json.md). */
final class SloJson {
  private SloJson() {}

  /**
   * --slo: each threshold, what was measured and whether it was met; absent without --slo. Then,
   * when --slo-abort stopped the run, which threshold did and when.
   */
  static void write(JsonWriter w, RunSummary r) throws IOException {
    if (r.settings().thresholds().isEmpty()) {
      return;
    }
    w.name(JsonSchema.SLO).beginArray();
    for (SloCheck.Result res : SloCheck.evaluate(r)) {
      Threshold t = res.threshold();
      w.beginInlineObject();
      w.field(JsonSchema.THRESHOLD, t.text());
      w.field(JsonSchema.LIMIT, t.limit());
      w.field(JsonSchema.MEASURED, res.measured());
      w.field(JsonSchema.UNIT, org.jpgbench.report.ThresholdValues.unit(t));
      w.field(JsonSchema.MET, res.met());
      w.endObject();
    }
    w.endArray();
    SloStop stop = r.details().sloStop();
    if (stop != null) {
      w.name(JsonSchema.SLO_ABORT).beginObject();
      w.field(JsonSchema.THRESHOLD, stop.threshold().text());
      w.field(JsonSchema.ELAPSED, stop.elapsedSeconds());
      w.field(JsonSchema.MEASURED, stop.measured());
      w.field(JsonSchema.UNIT, stop.unit());
      w.endObject();
    }
  }
}
