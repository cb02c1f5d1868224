package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.jpgbench.report.JsonPath;
import org.jpgbench.report.TextVsJson;
import org.jpgbench.report.json.JsonDocuments;
import org.jpgbench.report.json.JsonReport;
import org.jpgbench.script.Script;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** jpgbench's extra reports from real runs: percentile lines, JSON, --hdr-log. */
@ExtendWith(PostgresExtension.class)
class ReportsRunTest {
  @TempDir Path dir;

  /** Two scripts (weights 2 and 1), -r, 2 clients on 2 threads, 30 transactions each. */
  private static RunHarness twoScripts(RunHarness h, TestDatabase db) {
    h.options.clients = 2;
    h.options.threads = 2;
    h.options.transactionsPerClient = 30;
    h.options.reportPerCommand = true;
    Script one = h.script().sql("SELECT 1;").build("one.sql", 2);
    Script two = h.script().sql("SELECT 2;").sql("SELECT 3;").build("two.sql", 1);
    return h.run(db, one, two);
  }

  @Test
  void withoutTheOptionsTheReportHasNoPercentileLines(TestDatabase db) {
    RunHarness h = twoScripts(new RunHarness(), db);
    assertEquals(0, h.status, h.err);
    assertFalse(h.out.contains("percentile"), h.out);
  }

  @Test
  void percentileLinesForTheRunEachScriptAndEachCommand(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.percentiles = new ArrayList<>(List.of(50.0, 90.0, 95.0, 99.0, 99.9));
    twoScripts(h, db);
    assertEquals(0, h.status, h.err);
    String num = "[0-9]+\\.[0-9]{3}";
    String values =
        "p50 = "
            + num
            + " ms, p90 = "
            + num
            + " ms, p95 = "
            + num
            + " ms, p99 = "
            + num
            + " ms, p99\\.9 = "
            + num
            + " ms, max = "
            + num
            + " ms";
    assertTrue(h.line("latency percentiles: ").matches("latency percentiles: " + values), h.out);
    assertEquals(
        2,
        h.out.lines().filter(l -> l.matches(" - latency percentiles: " + values)).count(),
        h.out);
    assertEquals(
        2,
        h.out
            .lines()
            .filter(
                l ->
                    l.equals(
                        " - statement latency percentiles in "
                            + "milliseconds (p50 p90 p95 p99 p99.9 max):"))
            .count(),
        h.out);
    String row = "   ( +" + num + "){6}  ";
    assertTrue(h.out.lines().anyMatch(l -> l.matches(row + "SELECT 1;")), h.out);
    assertTrue(h.out.lines().anyMatch(l -> l.matches(row + "SELECT 3;")), h.out);
    // the lines follow the latency figures they belong to
    assertTrue(
        h.out.indexOf("latency stddev") < 0
            || h.out.indexOf("latency percentiles") > h.out.indexOf("latency average"),
        h.out);
  }

  @Test
  void jsonHoldsEveryFigureOfTheTextReport(TestDatabase db) throws Exception {
    for (boolean measured : new boolean[] {true, false}) {
      RunHarness h = new RunHarness();
      h.options.percentiles = new ArrayList<>(List.of(50.0, 90.0, 99.0, 99.9));
      h.options.progressSeconds = measured ? 1 : 0;
      Path json = dir.resolve("report-" + measured + ".json");
      h.options.reportJson = json.toString();
      twoScripts(h, db);
      assertEquals(0, h.status, h.err);
      Object j = JsonDocuments.parse(Files.readString(json));
      assertEquals(JsonReport.SCHEMA, JsonPath.str(j, "schema"));
      int compared = TextVsJson.assertSame(h.out, j);
      assertTrue(compared >= 25, "only " + compared + " figures compared in\n" + h.out);
      assertEquals(60, JsonPath.integer(j, "results.latency.count"));
      assertEquals(
          measured ? "measured" : "duration", JsonPath.str(j, "results.latency.average_source"));
      // the server settings fetched before the run
      Map<?, ?> settings = (Map<?, ?>) JsonPath.get(j, "server.settings");
      assertNotNull(settings.get("shared_buffers"), settings.toString());
      assertNotNull(settings.get("synchronous_commit"), settings.toString());
      assertNotNull(settings.get("max_connections"), settings.toString());
      assertNotNull(settings.get("fsync"), settings.toString());
      // the series accounts for every transaction
      List<?> entries = (List<?>) JsonPath.get(j, "intervals.entries");
      long sum = 0;
      for (Object e : entries) {
        sum += JsonPath.integer(e, "transactions");
      }
      assertEquals(60, sum);
    }
  }

  @Test
  void rateReportsLatencyFromTheScheduleAndFromTheActualStart(TestDatabase db) throws Exception {
    RunHarness h = new RunHarness();
    h.options.percentiles = new ArrayList<>(List.of(50.0, 99.0));
    h.options.rate = 500;
    h.options.transactionsPerClient = 20;
    Path json = dir.resolve("rate.json");
    h.options.reportJson = json.toString();
    h.run(db, h.script().sql("SELECT 1;").build("one.sql", 1));
    assertEquals(0, h.status, h.err);
    assertNotNull(h.line("latency percentiles (from scheduled start): p50 = "), h.out);
    assertNotNull(h.line("latency percentiles (from actual start): p50 = "), h.out);
    TextVsJson.assertSame(h.out, JsonDocuments.parse(Files.readString(json)));
  }

  @Test
  void progressLinesCarryTheIntervalP99WithPercentiles(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.percentiles = new ArrayList<>(List.of(99.0));
    h.options.durationSeconds = 2;
    h.options.progressSeconds = 1;
    h.run(db, h.script().sql("SELECT 1;").build("one.sql", 1));
    assertEquals(0, h.status, h.err);
    List<String> progress = h.err.lines().filter(l -> l.startsWith("progress: ")).toList();
    assertTrue(progress.size() >= 1, h.err);
    for (String l : progress) {
      assertTrue(l.matches("progress: .*, 0 failed, p99 [0-9]+\\.[0-9]{3} ms"), l);
    }
  }

  @Test
  void reportJsonDashPutsTheJsonAloneOnStdout(TestDatabase db) throws Exception {
    RunHarness h = new RunHarness();
    h.options.reportJson = "-";
    h.options.transactionsPerClient = 5;
    h.run(db, h.script().sql("SELECT 1;").build("one.sql", 1));
    assertEquals(0, h.status, h.err);
    Object j = JsonDocuments.parse(h.out);
    assertEquals(5, JsonPath.integer(j, "results.transactions"));
    assertTrue(h.err.contains("number of transactions actually processed: 5/5"), h.err);
  }

  @Test
  void hdrLogHoldsEveryLatencyInIntervals(TestDatabase db) throws Exception {
    RunHarness h = new RunHarness();
    Path log = dir.resolve("run.hlog");
    h.options.hdrLog = log.toString();
    h.options.clients = 3;
    h.options.transactionsPerClient = 25;
    h.run(db, h.script().sql("SELECT 1;").build("one.sql", 1));
    assertEquals(0, h.status, h.err);
    assertFalse(h.out.contains("percentile"), h.out);
    String text = Files.readString(log);
    assertTrue(text.contains("#[StartTime: "), text);
    assertTrue(text.contains("#[BaseTime: "), text);
    long total = 0;
    int intervals = 0;
    try (HistogramLogReader r = new HistogramLogReader(log.toFile())) {
      EncodableHistogram e;
      while ((e = r.nextIntervalHistogram()) != null) {
        total += ((org.HdrHistogram.Histogram) e).getTotalCount();
        intervals++;
        assertTrue(e.getStartTimeStamp() > 1_500_000_000_000L, "absolute time stamps");
      }
    }
    assertTrue(intervals >= 1);
    assertEquals(75, total);
  }

  @Test
  void anUnwritableReportIsAnErrorAfterTheTextReport(TestDatabase db) {
    RunHarness h = new RunHarness();
    h.options.reportJson = dir.resolve("no/such/dir/r.json").toString();
    h.options.transactionsPerClient = 2;
    h.run(db, h.script().sql("SELECT 1;").build("one.sql", 1));
    assertEquals(1, h.status);
    assertNotNull(h.line("tps = "), h.out);
    assertTrue(h.err.startsWith("jpgbench: error: could not write report file \""), h.err);
    assertTrue(h.err.endsWith("\": No such file or directory\n"), h.err);
  }
}
