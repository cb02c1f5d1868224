package org.jpgbench.report;

import java.io.IOException;
import java.util.Map;

/**
 * --server-stats in the JSON report: the {@code server_stats} object (docs/report-json.md), the
 * series one interval per line as the run's own intervals are.
 */
final class ServerStatsJson {
  private ServerStatsJson() {}

  static void write(JsonWriter w, ServerStats s) throws IOException {
    w.name("server_stats").beginObject();
    w.field("interval", s.intervalSeconds());
    w.field("wait_sampling_hz", s.waitSamplingHz());
    w.field("server_version_num", s.serverVersion());
    w.name("missing").beginArray();
    for (String m : s.missing()) {
      w.value(m);
    }
    w.endArray();
    w.name("totals").beginInlineObject();
    counters(w, s.totals());
    w.endObject();
    w.field("wait_samples", s.waitSamples());
    w.name("waits").beginInlineObject();
    for (Map.Entry<String, Long> e : s.waits()) {
      w.field(e.getKey(), e.getValue());
    }
    w.endObject();
    w.name("entries").beginArray();
    for (ServerStats.Interval i : s.intervals()) {
      w.beginInlineObject();
      w.field("start", i.start()).field("end", i.end()).field("gap", i.gap());
      counters(w, i.counters());
      w.field("checkpoint", i.checkpoint());
      w.name("autovacuum").beginArray();
      for (String a : i.autovacuum()) {
        w.value(a);
      }
      w.endArray();
      w.name("replay_lag_ms").beginObject();
      for (Map.Entry<String, Double> e : i.replicationLagMillis().entrySet()) {
        w.field(e.getKey(), e.getValue());
      }
      w.endObject();
      w.field("wait_samples", i.waitSamples());
      w.name("waits").beginObject();
      for (Map.Entry<String, Long> e : i.waits().entrySet()) {
        w.field(e.getKey(), e.getValue());
      }
      w.endObject();
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }

  private static void counters(JsonWriter w, Map<String, Long> c) throws IOException {
    for (Map.Entry<String, Long> e : c.entrySet()) {
      w.field(e.getKey(), e.getValue());
    }
  }
}
