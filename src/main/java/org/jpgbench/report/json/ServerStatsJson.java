package org.jpgbench.report.json;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jpgbench.report.ServerStats;

/**
 * --server-stats in the JSON report: the {@code server_stats} object (docs/report-json.md), the
 * series one interval per line as the run's own intervals are.
 */
public final class ServerStatsJson {
  private ServerStatsJson() {}

  static void write(JsonWriter w, ServerStats s) throws IOException {
    w.name("server_stats").beginObject();
    w.field("interval", s.intervalSeconds());
    w.field("wait_sampling_hz", s.waitSamplingHz());
    w.field("server_version_num", s.serverVersion());
    if (!Double.isNaN(s.flushLagSeconds())) {
      w.field("flush_lag", s.flushLagSeconds());
    }
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

  /** An entry's keys that are not counters. */
  private static final Set<String> ENTRY_KEYS =
      Set.of(
          "start",
          "end",
          "gap",
          "checkpoint",
          "autovacuum",
          "replay_lag_ms",
          "wait_samples",
          "waits");

  /**
   * A {@code server_stats} object read back (as {@link JsonDocuments} parses it), for {@code
   * merge}: what {@link #write} wrote, the totals and whole-run waits made again from the entries.
   */
  public static ServerStats read(Map<?, ?> o) {
    List<ServerStats.Interval> intervals = new ArrayList<>();
    for (Object e : (List<?>) o.get("entries")) {
      Map<?, ?> m = (Map<?, ?>) e;
      Map<String, Long> counters = new LinkedHashMap<>();
      for (Map.Entry<?, ?> c : m.entrySet()) {
        if (!ENTRY_KEYS.contains((String) c.getKey())) {
          counters.put((String) c.getKey(), ((Number) c.getValue()).longValue());
        }
      }
      List<String> autovacuum = new ArrayList<>();
      for (Object a : (List<?>) m.get("autovacuum")) {
        autovacuum.add((String) a);
      }
      Map<String, Double> lags = new LinkedHashMap<>();
      ((Map<?, ?>) m.get("replay_lag_ms"))
          .forEach((k, v) -> lags.put((String) k, v == null ? null : ((Number) v).doubleValue()));
      Map<String, Long> waits = new LinkedHashMap<>();
      ((Map<?, ?>) m.get("waits"))
          .forEach((k, v) -> waits.put((String) k, ((Number) v).longValue()));
      intervals.add(
          new ServerStats.Interval(
              ((Number) m.get("start")).doubleValue(),
              ((Number) m.get("end")).doubleValue(),
              Boolean.TRUE.equals(m.get("gap")),
              counters,
              Boolean.TRUE.equals(m.get("checkpoint")),
              autovacuum,
              lags,
              waits,
              ((Number) m.get("wait_samples")).longValue()));
    }
    List<String> missing = new ArrayList<>();
    for (Object s : (List<?>) o.get("missing")) {
      missing.add((String) s);
    }
    return new ServerStats(
        ((Number) o.get("interval")).intValue(),
        ((Number) o.get("wait_sampling_hz")).intValue(),
        ((Number) o.get("server_version_num")).intValue(),
        intervals,
        missing,
        o.get("flush_lag") instanceof Number lag ? lag.doubleValue() : Double.NaN);
  }

  private static void counters(JsonWriter w, Map<String, Long> c) throws IOException {
    for (Map.Entry<String, Long> e : c.entrySet()) {
      w.field(e.getKey(), e.getValue());
    }
  }
}
