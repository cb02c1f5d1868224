package org.jpgbench.report.json;

import java.io.IOException;
import org.jpgbench.report.Workload;

/**
 * A TPC-C-like run's {@code workload} object (docs/report-json.md): NOPM as the database counted.
 */
public final class WorkloadJson {
  private WorkloadJson() {}

  /** The object as {@link #write} wrote it; null when it lacks a field merge needs. */
  public static Workload read(java.util.Map<?, ?> o) {
    if (!(o.get("orders_before") instanceof Number before)
        || !(o.get("orders_after") instanceof Number after)
        || !(o.get("warehouses") instanceof Number warehouses)
        || !(o.get("seconds") instanceof Number seconds)) {
      return null;
    }
    double tpm = o.get("tpm") instanceof Number t ? t.doubleValue() : 0;
    return new Workload(
        String.valueOf(o.get("name")),
        warehouses.intValue(),
        before.longValue(),
        after.longValue(),
        Math.round(tpm * seconds.doubleValue() / 60),
        seconds.doubleValue());
  }

  static void write(JsonWriter w, Workload k) throws IOException {
    w.name("workload").beginObject();
    w.field("name", k.name());
    w.field("warehouses", k.warehouses());
    w.field("new_orders", k.newOrders());
    w.field("orders_before", k.ordersBefore());
    w.field("orders_after", k.ordersAfter());
    w.field("seconds", k.seconds());
    w.field("nopm", k.nopm());
    w.field("tpm", k.tpm());
    w.endObject();
  }
}
