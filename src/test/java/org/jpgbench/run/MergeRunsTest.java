package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.jpgbench.merge.MergeCommand;
import org.jpgbench.report.HistogramCodec;
import org.jpgbench.report.JsonPath;
import org.jpgbench.report.TextVsJson;
import org.jpgbench.report.json.JsonDocuments;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several runs against one server, each writing --report-json and --hdr-log as the pods of a
 * distributed run would, merged by {@code jpgbench merge}: totals add up, percentiles are those of
 * all the runs' latencies together, and the merged text and JSON agree.
 */
@ExtendWith(PostgresExtension.class)
class MergeRunsTest {
  @TempDir Path dir;

  @Test
  void mergeOfThreeRunsAddsUpAndMergesHistograms(TestDatabase db) throws Exception {
    List<String> files = new ArrayList<>();
    double tps = 0;
    Histogram fromJson = new Histogram(3);
    for (int k = 0; k < 3; k++) {
      RunHarness h = new RunHarness();
      h.options.clients = 2;
      h.options.transactionsPerClient = 20 + 10 * k;
      h.options.reportPerCommand = true;
      h.options.reportJson = dir.resolve("run" + k + ".json").toString();
      h.options.hdrLog = dir.resolve("run" + k + ".hlog").toString();
      h.run(db, h.script().sql("SELECT " + 1 + ";").build("one.sql", 1));
      assertEquals(0, h.status, h.err);
      Object j = JsonDocuments.parse(Files.readString(Path.of(h.options.reportJson)));
      tps += JsonPath.num(j, "results.tps");
      fromJson.add(HistogramCodec.decode(JsonPath.str(j, "results.latency.histogram")));
      files.add(h.options.reportJson);
      files.add(h.options.hdrLog);
    }
    Histogram fromLogs = new Histogram(3);
    for (String f : files) {
      if (f.endsWith(".hlog")) {
        try (HistogramLogReader r = new HistogramLogReader(Path.of(f).toFile())) {
          EncodableHistogram e;
          while ((e = r.nextIntervalHistogram()) != null) {
            fromLogs.add((Histogram) e);
          }
        }
      }
    }
    assertEquals(fromJson, fromLogs, "the JSON histograms and the logs hold the same latencies");

    Path merged = dir.resolve("merged.json");
    Path html = dir.resolve("merged.html");
    List<String> args =
        new ArrayList<>(List.of("--report-json=" + merged, "--report-html=" + html));
    args.addAll(files);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = MergeCommand.run(args.toArray(new String[0]), o, e);
    }
    String text = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
    assertTrue(text.startsWith("jpgbench (") && text.contains("merged from 6 inputs"), text);
    assertTrue(text.contains("\nnumber of clients: 6\n"), text);
    // -t differs between the runs: the expected count is per client of the first run times clients
    assertTrue(text.contains("\nnumber of transactions actually processed: 180/"), text);
    Object j = JsonDocuments.parse(Files.readString(merged));
    TextVsJson.assertSame(text, j);
    assertEquals(180, JsonPath.integer(j, "results.latency.count"));
    assertEquals(tps, JsonPath.num(j, "results.tps"), tps * 1e-12);
    List<?> ps = (List<?>) JsonPath.get(j, "results.latency.percentiles");
    for (Object p : ps) {
      double pct = JsonPath.num(p, "percentile");
      long v = pct == 100 ? fromJson.getMaxValue() : fromJson.getValueAtPercentile(pct);
      assertEquals(v / 1000.0, JsonPath.num(p, "value"), "p" + pct);
    }
    assertEquals(180, JsonPath.integer(j, "scripts.0.commands.0.executions"));
    long intervalSum = 0;
    for (Object e : (List<?>) JsonPath.get(j, "intervals.entries")) {
      intervalSum += JsonPath.integer(e, "transactions");
    }
    assertEquals(180, intervalSum);
    assertTrue(Files.readString(html).contains("merged from 6 inputs"));
  }
}
