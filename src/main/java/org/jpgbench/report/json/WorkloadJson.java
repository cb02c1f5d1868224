package org.jpgbench.report.json;

import java.io.IOException;
import org.jpgbench.report.Workload;

/**
 * A TPC-C-like run's {@code workload} object (docs/report-json.md): NOPM as the database counted.
 */
final class WorkloadJson {
  private WorkloadJson() {}

  static void write(JsonWriter w, Workload k) throws IOException {
    w.name("workload").beginObject();
    w.field("name", k.name());
    w.field("warehouses", k.warehouses());
    w.field("new_orders", k.newOrders());
    w.field("seconds", k.seconds());
    w.field("nopm", k.nopm());
    w.field("tpm", k.tpm());
    w.endObject();
  }
}
