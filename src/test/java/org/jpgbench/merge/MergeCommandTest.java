package org.jpgbench.merge;

import static org.jpgbench.report.JsonPath.get;
import static org.jpgbench.report.JsonPath.integer;
import static org.jpgbench.report.JsonPath.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.jpgbench.cnum.CFormat;
import org.jpgbench.report.CommandSummary;
import org.jpgbench.report.HdrIntervalLog;
import org.jpgbench.report.Outage;
import org.jpgbench.report.Outages;
import org.jpgbench.report.RunDetails;
import org.jpgbench.report.RunSettings;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ScriptSummary;
import org.jpgbench.report.ServerStats;
import org.jpgbench.report.TextVsJson;
import org.jpgbench.report.json.JsonDocuments;
import org.jpgbench.report.json.JsonReport;
import org.jpgbench.stats.StatsData;
import org.jpgbench.stats.StatsRecorder;
import org.jpgbench.stats.TxStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** jpgbench merge on inputs with known samples: merged percentiles are those of all samples. */
class MergeCommandTest {
  private static final List<Double> PS = List.of(50.0, 90.0, 95.0, 99.0, 99.9, 100.0);

  /** Log start times (epoch ms) of the three "processes": not aligned on each other. */
  private static final long[] STARTS = {1_700_000_000_000L, 1_700_000_000_300L, 1_700_000_000_650L};

  @TempDir Path dir;

  record Result(int status, String out, String err) {}

  static Result merge(String... args) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int status;
    try (PrintStream po = new PrintStream(o, true, StandardCharsets.UTF_8);
        PrintStream pe = new PrintStream(e, true, StandardCharsets.UTF_8)) {
      status = MergeCommand.run(args, po, pe);
    }
    return new Result(
        status, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
  }

  /** Samples (µs) of process k, interval i: skewed differently per process. */
  private static long[] samples(int k, int i) {
    SplittableRandom r = new SplittableRandom(1000L * k + i);
    long[] v = new long[500 + 100 * k];
    for (int j = 0; j < v.length; j++) {
      double base = k == 0 ? 800 : k == 1 ? 3000 : 15000;
      v[j] = 1 + (long) (base * -Math.log(1 - r.nextDouble()) * (r.nextInt(100) == 0 ? 20 : 1));
    }
    return v;
  }

  @Test
  void mergedLogPercentilesEqualThoseOfOneHistogramOfAllSamples() throws Exception {
    Histogram all = new Histogram(3);
    Histogram secondBucket = new Histogram(3);
    List<String> files = new ArrayList<>();
    for (int k = 0; k < 3; k++) {
      Path p = dir.resolve("p" + k + ".hlog");
      files.add(p.toString());
      try (HdrIntervalLog log = HdrIntervalLog.open(p.toString())) {
        log.begin(STARTS[k], "test process " + k);
        for (int i = 0; i < 4; i++) {
          Histogram h = new Histogram(3);
          for (long v : samples(k, i)) {
            h.recordValue(v);
            all.recordValue(v);
            // each interval goes to the wall-clock second of its midpoint from the first start
            if ((STARTS[k] - STARTS[0] + 1000L * i + 500) / 1000 == 1) {
              secondBucket.recordValue(v);
            }
          }
          log.interval(h, STARTS[k] + 1000L * i, STARTS[k] + 1000L * (i + 1));
        }
      }
    }
    Path json = dir.resolve("merged.json");
    List<String> args =
        new ArrayList<>(List.of("--percentile=50,90,95,99,99.9", "--report-json=" + json));
    args.addAll(files);
    Result r = merge(args.toArray(new String[0]));
    assertEquals(0, r.status, r.err);
    assertEquals("", r.err);
    Object j = JsonDocuments.parse(Files.readString(json));
    assertEquals(all.getTotalCount(), integer(j, "results.transactions"));
    List<?> ps = (List<?>) get(j, "results.latency.percentiles");
    assertEquals(PS.size(), ps.size());
    for (int i = 0; i < PS.size(); i++) {
      double p = PS.get(i);
      long expected = p == 100.0 ? all.getMaxValue() : all.getValueAtPercentile(p);
      assertEquals(p, num(ps.get(i), "percentile"));
      assertEquals(expected / 1000.0, num(ps.get(i), "value"), "p" + p);
    }
    // the text says the same, and tps is the sum of each log's count over its span
    assertTrue(r.out.startsWith("jpgbench ("), r.out);
    assertTrue(
        r.out.contains(
            "latency percentiles: p50 = "
                + CFormat.fixed(all.getValueAtPercentile(50) / 1000.0, 3)
                + " ms"),
        r.out);
    assertTrue(
        r.out.contains("number of transactions actually processed: " + all.getTotalCount() + "\n"),
        r.out);
    // intervals are re-bucketed on the wall clock (here p0's and p1's 2nd and p2's 1st interval)
    List<?> entries = (List<?>) get(j, "intervals.entries");
    assertEquals(secondBucket.getTotalCount(), integer(entries.get(1), "transactions"));
    assertEquals(
        secondBucket.getValueAtPercentile(99) / 1000.0, num(entries.get(1), "latency_p99"));
  }

  /** A run summary made of known latencies (µs), as a run of one script would report it. */
  static RunSummary summary(long[] latencies, long benchMicros, long startEpochMicros) {
    StatsData total = new StatsData();
    Histogram h = StatsRecorder.newHistogram();
    Histogram cmd = new Histogram(2);
    for (long v : latencies) {
      total.accumulate(false, v, 0, TxStatus.OK, 1);
      h.recordValue(v);
      cmd.recordValue(v);
    }
    total.accumulate(false, 0, 0, TxStatus.SERIALIZATION, 1);
    RunSettings s =
        RunSettings.builder()
            .transactionType("one.sql")
            .scale(1)
            .queryMode("simple")
            .clients(2)
            .threads(1)
            .durationSeconds(10)
            .progress(true)
            .reportPerCommand(true)
            .build();
    CommandSummary c =
        new CommandSummary(
            "SELECT 1;", latencies.length, java.util.Arrays.stream(latencies).sum(), 1, 0, cmd);
    ScriptSummary sc = new ScriptSummary("one.sql", 1, null, List.of(c), h);
    RunDetails d =
        new RunDetails(
            List.of(),
            null,
            null,
            null,
            0,
            1,
            startEpochMicros,
            startEpochMicros + benchMicros,
            "test",
            List.of());
    return new RunSummary(
        s, total, 0, benchMicros, 0, 1234, List.of(sc), 1, h, false, false, d, null);
  }

  /** {@code s}'s JSON report in the test's directory, as {@code name}; returns its path. */
  private String written(RunSummary s, String name) throws java.io.IOException {
    Path p = dir.resolve(name);
    StringBuilder b = new StringBuilder();
    new JsonReport().write(s, b);
    Files.writeString(p, b);
    return p.toString();
  }

  @Test
  void mergedReportsAddUpAndTheirPercentilesAreThoseOfAllSamples() throws Exception {
    Histogram all = new Histogram(3);
    List<String> args = new ArrayList<>();
    double tps = 0;
    long failed = 0;
    for (int k = 0; k < 3; k++) {
      long[] v = samples(k, 0);
      for (long x : v) {
        all.recordValue(x);
      }
      RunSummary s = summary(v, 10_000_000L + k * 1000L, STARTS[k] * 1000);
      tps += s.tps();
      failed += s.total().failures();
      args.add(written(s, "r" + k + ".json"));
    }
    args.add("--report-json=-");
    Result r = merge(args.toArray(new String[0]));
    assertEquals(0, r.status, r.err);
    Object j = JsonDocuments.parse(r.out);
    assertEquals(all.getTotalCount(), integer(j, "results.transactions"));
    assertEquals(failed, integer(j, "results.failed"));
    assertEquals(6, integer(j, "settings.clients"));
    // the sum of the processes' tps
    assertEquals(tps, num(j, "results.tps"), tps * 1e-12);
    assertEquals(
        all.getValueAtPercentile(99) / 1000.0,
        num(get(j, "results.latency.percentiles"), "3.value"));
    assertEquals(all.getTotalCount(), integer(j, "scripts.0.commands.0.executions"));
    assertEquals(3, integer(j, "scripts.0.commands.0.failures"));
    assertEquals(3, ((List<?>) get(j, "inputs")).size());
    // the text went to stderr and agrees with the JSON
    TextVsJson.assertSame(r.err, j);
    // the exact mean and stddev survive the round trip through JSON
    StatsData t = new StatsData();
    for (int k = 0; k < 3; k++) {
      for (long x : samples(k, 0)) {
        t.accumulate(false, x, 0, TxStatus.OK, 1);
      }
    }
    assertEquals(0.001 * t.latency.mean(), num(j, "results.latency.average"), 1e-9);
    assertEquals(0.001 * t.latency.stddev(), num(j, "results.latency.stddev"), 1e-6);
  }

  @Test
  void theServerStatsOfTheInputThatSampledThemAreCarriedOnTheMergedTimeline() throws Exception {
    // the second process (started 0.3 s after the first) sampled the server; the first did not
    List<ServerStats.Interval> in = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      in.add(
          new ServerStats.Interval(
              i,
              i + 1,
              i == 2,
              i == 2 ? Map.of() : Map.of("commits", 100L + i, "wal_bytes", 4096L * (i + 1)),
              i == 1,
              i == 1 ? List.of("VACUUM public.pgbench_tellers") : List.of(),
              Map.of(),
              i == 2 ? Map.of() : Map.of("CPU", 3L, "Lock:relation", 1L + i),
              i == 2 ? 0 : 2));
    }
    ServerStats stats = new ServerStats(1, 2, 180001, in, List.of("nothing"), Double.NaN);
    List<String> args = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      RunSummary s = summary(samples(k, 0), 3_000_000L, STARTS[k] * 1000);
      if (k == 1) {
        s = s.withDetails(s.details().withServerStats(stats));
      }
      args.add(written(s, "s" + k + ".json"));
    }
    args.add("--report-json=-");
    Result r = merge(args.toArray(new String[0]));
    assertEquals(0, r.status, r.err);
    Object j = JsonDocuments.parse(r.out);
    assertEquals(201L, integer(j, "server_stats.totals.commits"));
    assertEquals(4096L * 3, integer(j, "server_stats.totals.wal_bytes"));
    assertEquals(3L, integer(j, "server_stats.waits.Lock:relation"));
    assertEquals(180001L, integer(j, "server_stats.server_version_num"));
    List<?> entries = (List<?>) get(j, "server_stats.entries");
    assertEquals(3, entries.size());
    // on the merged timeline, which starts with the first process
    assertEquals(1.3, num(entries.get(1), "start"), 1e-9);
    assertEquals(2.3, num(entries.get(1), "end"), 1e-9);
    assertEquals(true, get(entries.get(1), "checkpoint"));
    assertEquals(true, get(entries.get(2), "gap"));
    assertTrue(
        r.err.contains(" - autovacuum: VACUUM public.pgbench_tellers, at 1.3-2.3 s\n"), r.err);

    // without an input that sampled the server, the merged report has no server_stats
    Result none = merge(args.get(0), "--report-json=-");
    assertEquals(0, none.status, none.err);
    assertTrue(!((java.util.Map<?, ?>) JsonDocuments.parse(none.out)).containsKey("server_stats"));
    assertTrue(!none.err.contains("server statistics"), none.err);
  }

  @Test
  void theOutagesOfSeveralProcessesAreMergedIntoOneWindowPerOutage() throws Exception {
    // two processes saw the same restart, a little apart; the second also a later blip of its own
    long t0 = STARTS[0] * 1000;
    Outages[] seen = {
      new Outages(t0, List.of(new Outage(t0 + 3_000_000, t0 + 4_500_000, 4, 4, 1_400_000, false))),
      new Outages(
          t0 + 300_000,
          List.of(
              new Outage(t0 + 3_100_000, t0 + 4_700_000, 4, 3, 1_500_000, false),
              new Outage(t0 + 8_000_000, t0 + 8_050_000, 1, 1, 40_000, false)))
    };
    List<String> args = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      RunSummary s =
          reconnecting(summary(samples(k, 0), 10_000_000L, STARTS[k] * 1000)).withOutages(seen[k]);
      Path p = dir.resolve("o" + k + ".json");
      StringBuilder b = new StringBuilder();
      new JsonReport().write(s, b);
      Files.writeString(p, b);
      args.add(p.toString());
    }
    args.add("--report-json=-");
    Result r = merge(args.toArray(new String[0]));
    assertEquals(0, r.status, r.err);
    Object j = JsonDocuments.parse(r.out);
    assertEquals(2, integer(j, "outages.count"));
    assertEquals(1.7, num(j, "outages.longest_duration"), 1e-9);
    assertEquals(8, integer(j, "outages.windows.0.clients"));
    assertEquals(7, integer(j, "outages.windows.0.failed_transactions"));
    assertEquals(3.0, num(j, "outages.windows.0.start"), 1e-9);
    assertEquals(1600.0, num(j, "outages.windows.0.time_to_recover"), 1e-6);
    assertEquals(Boolean.TRUE, get(j, "settings.reconnect"));
    assertTrue(
        r.err.contains(
            "\noutages: 2, total 1.750 s, longest 1.700 s (from 3.000 s to "
                + "4.700 s)\ntime to first successful transaction after an outage: 1600.000 ms (max)\n"),
        r.err);
    TextVsJson.assertSame(r.err, j);
  }

  /** {@code s} as a run with --reconnect reports it. */
  private static RunSummary reconnecting(RunSummary s) {
    RunSettings rs = s.settings().toBuilder().reconnect(true).build();
    return new RunSummary(
        rs,
        s.total(),
        s.latencyLate(),
        s.benchMicros(),
        s.connectionMicros(),
        s.initialConnectionMicros(),
        s.scripts(),
        s.totalWeight(),
        s.latencies(),
        s.aborted(),
        s.interrupted(),
        s.details(),
        s.outages());
  }

  @Test
  void inputErrorsAreReportedWithoutAStackTrace() throws Exception {
    Result none = merge();
    assertEquals(1, none.status);
    assertTrue(
        none.err.startsWith("jpgbench: error: merge: no input file given\nUsage: "), none.err);
    Result opt = merge("--frobnicate", "x");
    assertEquals(1, opt.status);
    assertTrue(
        opt.err.startsWith("jpgbench: error: merge: unrecognized option \"--frobnicate\""),
        opt.err);
    Path missing = dir.resolve("missing.json");
    Result m = merge(missing.toString());
    assertEquals(
        "jpgbench: error: merge: could not read file \""
            + missing
            + "\": No such file or directory\n",
        m.err);
    Path text = dir.resolve("notes.txt");
    Files.writeString(text, "hello\n");
    Result t = merge(text.toString());
    assertEquals(
        "jpgbench: error: merge: file \""
            + text
            + "\" is neither a jpgbench JSON "
            + "report nor an HdrHistogram log\n",
        t.err);
    Path other = dir.resolve("other.json");
    Files.writeString(other, "{\"schema\": \"something/2\"}");
    Result o = merge(other.toString());
    assertEquals(
        "jpgbench: error: merge: file \""
            + other
            + "\" has unsupported schema "
            + "\"something/2\"\n",
        o.err);
    Result p = merge("--percentile=0", other.toString());
    assertEquals("jpgbench: error: invalid value \"0\" for option --percentile\n", p.err);
    assertNotNull(p);
  }
}
