package org.jpgbench.experiment;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What an experiment's page says it shows, from one of its runs: the script, the server and its
 * version, -T or -t, the scale, -M and the date; "transaction type: tpcb-like; PostgreSQL 16.4; -T
 * 10; scale 2; -M simple; 2026-12-07 12:40 UTC".
 */
final class SweepContext {
  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

  private SweepContext() {}

  /**
   * From a run's report as the experiments read it (compare's inputs, a sweep's runs); an init
   * report says only its kind.
   */
  static String of(RunReport r) {
    if (r.init()) {
      return "initializations (-i)";
    }
    Map<String, Object> s = r.settings();
    List<String> parts = new ArrayList<>();
    parts.add("transaction type: " + s.get("transaction_type"));
    if (r.serverVersion() != null) {
      parts.add("PostgreSQL " + r.serverVersion());
    }
    long duration = (long) RunReport.number(s.get("duration"));
    long perClient = (long) RunReport.number(s.get("transactions_per_client"));
    if (duration > 0) {
      parts.add("-T " + duration);
    } else if (perClient > 0) {
      parts.add("-t " + perClient);
    }
    parts.add("scale " + (long) RunReport.number(s.get("scaling_factor")));
    parts.add("-M " + s.get("query_mode"));
    if (r.start() != null) {
      parts.add(DATE.format(r.start()));
    }
    return String.join("; ", parts);
  }
}
