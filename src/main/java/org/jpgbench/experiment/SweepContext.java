package org.jpgbench.experiment;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jpgbench.report.RunDetails;
import org.jpgbench.report.RunSettings;
import org.jpgbench.report.RunSummary;

/**
 * What an experiment's page says it shows, from one of its runs: the script, the server and its
 * version, -T or -t, the scale, -M and the date; "transaction type: tpcb-like; PostgreSQL 16.4; -T
 * 10; scale 2; -M simple; 2026-12-07 12:40 UTC".
 */
final class SweepContext {
  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

  private SweepContext() {}

  /** The same from a report read back (compare's inputs); init reports say only their kind. */
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
    if (r.json().get("start_time") instanceof String start) {
      parts.add(DATE.format(Instant.parse(start)));
    }
    return String.join("; ", parts);
  }

  static String of(RunSummary run) {
    RunSettings s = run.settings();
    RunDetails d = run.details();
    List<String> parts = new ArrayList<>();
    parts.add("transaction type: " + s.transactionType());
    if (d.server() != null && d.server().version() != null) {
      parts.add("PostgreSQL " + d.server().version());
    }
    if (s.durationSeconds() > 0) {
      parts.add("-T " + s.durationSeconds());
    } else if (s.transactionsPerClient() > 0) {
      parts.add("-t " + s.transactionsPerClient());
    }
    parts.add("scale " + s.scale());
    parts.add("-M " + s.queryMode());
    if (d.startEpochMicros() > 0) {
      parts.add(DATE.format(Instant.ofEpochSecond(d.startEpochMicros() / 1_000_000)));
    }
    return String.join("; ", parts);
  }
}
