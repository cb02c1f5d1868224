package org.jpgbench.experiment;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
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

  /**
   * From a run's report as the experiments read it (compare's inputs, a sweep's runs); an init
   * report says only its kind.
   */
  static String of(RunReport r) {
    RunSummary run = r.summary();
    if (run == null) {
      return "initializations (-i)";
    }
    RunSettings s = run.settings();
    RunDetails d = run.details();
    List<String> parts = new ArrayList<>();
    parts.add("transaction type: " + s.transactionType());
    if (r.serverVersion() != null) {
      parts.add("PostgreSQL " + r.serverVersion());
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
