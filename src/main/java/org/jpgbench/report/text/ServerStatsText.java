package org.jpgbench.report.text;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.cnum.CFormat;
import org.jpgbench.report.ServerStats;

/**
 * --server-stats in the text report: a short block after pgbench's report (which stays as it is)
 * with what the server did: checkpoints and when, WAL volume and rate, the cache hit ratio,
 * autovacuum runs, standby lag, and the benchmark's backends' top wait events with their shares.
 */
public final class ServerStatsText {
  /** The wait events listed; the rest are summed up in one line. */
  static final int TOP_WAITS = 8;

  private ServerStatsText() {}

  public static String block(ServerStats s) {
    StringBuilder b = new StringBuilder();
    b.append("server statistics (every ")
        .append(s.intervalSeconds())
        .append(" s, ")
        .append(s.intervals().size())
        .append(s.intervals().size() == 1 ? " interval" : " intervals");
    if (s.waitSamplingHz() > 0) {
      b.append(", wait events sampled ").append(s.waitSamplingHz()).append(" times a second");
    }
    // pg_stat_database's and pg_stat_wal's counters reach the views when backends flush them
    b.append("; per-interval counters ").append(s.lateCounters()).append("):\n");
    Map<String, Long> t = s.totals();
    checkpoints(s, t, b);
    wal(s, t, b);
    long hit = t.getOrDefault("blocks_hit", 0L);
    long read = t.getOrDefault("blocks_read", 0L);
    if (hit + read > 0) {
      b.append(" - cache hit ratio: ").append(CFormat.fixed(100.0 * hit / (hit + read), 3));
      b.append("% (").append(read).append(" blocks read, ").append(hit).append(" hit)\n");
    }
    b.append(" - database: ")
        .append(t.getOrDefault("commits", 0L))
        .append(" commits, ")
        .append(t.getOrDefault("rollbacks", 0L))
        .append(" rollbacks, ")
        .append(t.getOrDefault("deadlocks", 0L))
        .append(" deadlocks, ")
        .append(t.getOrDefault("temp_files", 0L))
        .append(" temporary files\n");
    autovacuum(s, b);
    lags(s, b);
    waits(s, b);
    List<double[]> gaps = s.spans(ServerStats.Interval::gap);
    if (!gaps.isEmpty()) {
      b.append(" - not sampled (the server could not be read): ").append(spanText(gaps));
      b.append('\n');
    }
    for (String m : s.missing()) {
      b.append(" - not available: ").append(m).append('\n');
    }
    return b.toString();
  }

  private static void checkpoints(ServerStats s, Map<String, Long> t, StringBuilder b) {
    long timed = t.getOrDefault("checkpoints_timed", 0L);
    long requested = t.getOrDefault("checkpoints_requested", 0L);
    List<double[]> when = s.spans(ServerStats.Interval::checkpoint);
    b.append(" - checkpoints: ")
        .append(timed + requested)
        .append(" (")
        .append(requested)
        .append(" requested, ")
        .append(timed)
        .append(" timed)");
    if (!when.isEmpty()) {
      b.append(", at ").append(spanText(when));
    }
    b.append('\n');
  }

  private static void wal(ServerStats s, Map<String, Long> t, StringBuilder b) {
    Long bytes = t.get("wal_bytes");
    if (bytes == null) {
      return;
    }
    double seconds = s.seconds();
    b.append(" - WAL: ").append(size(bytes));
    if (seconds > 0) {
      b.append(", ").append(size(bytes / seconds)).append("/s");
    }
    if (t.containsKey("wal_records")) {
      b.append(" (")
          .append(t.get("wal_records"))
          .append(" records, ")
          .append(t.getOrDefault("wal_fpi", 0L))
          .append(" full-page images)");
    }
    b.append('\n');
  }

  private static void autovacuum(ServerStats s, StringBuilder b) {
    Map<String, List<double[]>> runs = new LinkedHashMap<>();
    for (ServerStats.Interval i : s.intervals()) {
      for (String w : i.autovacuum()) {
        runs.computeIfAbsent(w, k -> new ArrayList<>());
      }
    }
    if (runs.isEmpty()) {
      b.append(" - autovacuum: none seen\n");
      return;
    }
    for (String w : runs.keySet()) {
      b.append(" - autovacuum: ")
          .append(w)
          .append(", at ")
          .append(spanText(s.spans(i -> i.autovacuum().contains(w))))
          .append('\n');
    }
  }

  private static void lags(ServerStats s, StringBuilder b) {
    Map<String, Double> max = new LinkedHashMap<>();
    for (ServerStats.Interval i : s.intervals()) {
      i.replicationLagMillis().forEach((k, v) -> max.merge(k, v, Math::max));
    }
    for (Map.Entry<String, Double> e : max.entrySet()) {
      b.append(" - standby ")
          .append(e.getKey())
          .append(": replay lag up to ")
          .append(CFormat.fixed(e.getValue(), 3))
          .append(" ms\n");
    }
  }

  private static void waits(ServerStats s, StringBuilder b) {
    long samples = 0;
    List<Map.Entry<String, Long>> all = s.waits();
    for (Map.Entry<String, Long> e : all) {
      samples += e.getValue();
    }
    if (s.waitSamplingHz() == 0 || samples == 0) {
      return;
    }
    b.append(" - wait events of the benchmark's backends (")
        .append(samples)
        .append(" backend samples):\n");
    long rest = 0;
    for (int k = 0; k < all.size(); k++) {
      Map.Entry<String, Long> e = all.get(k);
      if (k < TOP_WAITS) {
        b.append("     ")
            .append(padRight(e.getKey(), 32))
            .append(CFormat.padLeft(CFormat.fixed(100.0 * e.getValue() / samples, 1), 6))
            .append("%\n");
      } else {
        rest += e.getValue();
      }
    }
    if (rest > 0) {
      b.append("     ")
          .append(padRight("(" + (all.size() - TOP_WAITS) + " others)", 32))
          .append(CFormat.padLeft(CFormat.fixed(100.0 * rest / samples, 1), 6))
          .append("%\n");
    }
  }

  /** "2-3 s, 7-9 s". */
  static String spanText(List<double[]> spans) {
    StringBuilder b = new StringBuilder();
    for (double[] sp : spans) {
      if (b.length() > 0) {
        b.append(", ");
      }
      b.append(seconds(sp[0])).append('-').append(seconds(sp[1])).append(" s");
    }
    return b.toString();
  }

  private static String seconds(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : CFormat.fixed(v, 1);
  }

  private static String padRight(String s, int width) {
    return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
  }

  /** Bytes as PostgreSQL's pg_size_pretty shows them (1024-based), one decimal. */
  static String size(double bytes) {
    String[] units = {"bytes", "kB", "MB", "GB", "TB"};
    int u = 0;
    double v = bytes;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return (u == 0 ? Long.toString(Math.round(v)) : CFormat.fixed(v, 1)) + " " + units[u];
  }
}
