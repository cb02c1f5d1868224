package org.jpgbench.report.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.jpgbench.report.RunSummary;
import org.jpgbench.testing.InProcess;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON report's one reader over every document the project writes a report into: a run's, a
 * merged group's, and those a sweep's and an A/B test's documents embed. Each is read back into its
 * summary and written again: the document must come out as it went in, every key and value (numbers
 * to the last digits a double round trip keeps), so nothing the writer puts in is lost.
 */
@ExtendWith(PostgresExtension.class)
class JsonReportReaderTest {
  @TempDir Path dir;

  /** jpgbench with {@code args} (split at spaces) against the database, SELECT 1 on stdin. */
  private InProcess.Output jpgbench(TestDatabase db, String command, String args) {
    List<String> a = new ArrayList<>();
    if (command != null) {
      a.add(command);
    }
    a.addAll(db.cliArgs(args.split(" ")));
    return InProcess.run(Map.of(), "SELECT 1;\n", a.toArray(new String[0]));
  }

  private Map<?, ?> document(Path file) throws Exception {
    return (Map<?, ?>) JsonDocuments.parse(Files.readString(file));
  }

  /** Reads the report, writes it again, and compares the two documents. */
  private static void roundTrips(Object doc, String what) throws Exception {
    RunSummary s = JsonReportReader.read(doc);
    StringBuilder again = new StringBuilder();
    new JsonReport().write(s, again);
    same(doc, JsonDocuments.parse(again.toString()), what);
  }

  private static void same(Object a, Object b, String at) {
    if (a instanceof Map<?, ?> ma && b instanceof Map<?, ?> mb) {
      assertEquals(ma.keySet(), mb.keySet(), at + ": keys");
      Iterator<?> ka = ma.keySet().iterator();
      Iterator<?> kb = mb.keySet().iterator();
      while (ka.hasNext()) {
        assertEquals(ka.next(), kb.next(), at + ": key order");
      }
      for (Object k : ma.keySet()) {
        same(ma.get(k), mb.get(k), at + "." + k);
      }
    } else if (a instanceof List<?> la && b instanceof List<?> lb) {
      assertEquals(la.size(), lb.size(), at + ": length");
      for (int i = 0; i < la.size(); i++) {
        same(la.get(i), lb.get(i), at + "[" + i + "]");
      }
    } else if (a instanceof Number na && b instanceof Number nb) {
      double x = na.doubleValue();
      double y = nb.doubleValue();
      assertEquals(x, y, Math.abs(x) * 1e-9, at);
    } else {
      assertEquals(a, b, at);
    }
  }

  @Test
  void aRunsReportComesBackAsItWasWritten(TestDatabase db) throws Exception {
    Path plain = dir.resolve("plain.json");
    InProcess.Output o =
        jpgbench(
            db,
            null,
            "-n -c 2 -j 2 -T 2 -P 1 -f - --percentile=50,99.9 --server-stats --report-json="
                + plain);
    assertEquals(0, o.status(), o.err());
    Map<?, ?> doc = document(plain);
    assertTrue(doc.get("server_stats") instanceof Map, "with the server's statistics");
    roundTrips(doc, "run");
    Path throttled = dir.resolve("throttled.json");
    o = jpgbench(db, null, "-n -c 2 -t 30 -R 200 -L 50 -f - --report-json=" + throttled);
    assertEquals(0, o.status(), o.err());
    roundTrips(document(throttled), "throttled run");
  }

  @Test
  void aMergedGroupsReportComesBackAsItWasWritten(TestDatabase db) throws Exception {
    List<String> files = new ArrayList<>();
    for (String name : List.of("a.json", "b.json")) {
      Path p = dir.resolve(name);
      InProcess.Output o = jpgbench(db, null, "-n -c 1 -T 1 -P 1 -f - --report-json=" + p);
      assertEquals(0, o.status(), o.err());
      files.add(p.toString());
    }
    Path merged = dir.resolve("merged.json");
    InProcess.Output m =
        InProcess.run(Map.of(), "", "merge", "--report-json=" + merged, files.get(0), files.get(1));
    assertEquals(0, m.status(), m.err());
    Map<?, ?> doc = document(merged);
    assertEquals(2, ((List<?>) doc.get("inputs")).size(), "a merged report names its inputs");
    roundTrips(doc, "merged");
  }

  @Test
  void theReportsASweepAndAnAbTestEmbedComeBackAsTheyWereWritten(TestDatabase db) throws Exception {
    Path sweep = dir.resolve("sweep.json");
    InProcess.Output o = jpgbench(db, "sweep", "--clients=1,2 -n -T 1 -f - --report-json=" + sweep);
    assertEquals(0, o.status(), o.err());
    int read = 0;
    for (Object p : (List<?>) document(sweep).get("points")) {
      for (Object r : (List<?>) ((Map<?, ?>) p).get("reports")) {
        roundTrips(r, "sweep point");
        read++;
      }
    }
    assertEquals(2, read, "one report per point");
    Path ab = dir.resolve("ab.json");
    List<String> args =
        new ArrayList<>(List.of("ab", "-h", db.host(), "-p", "" + db.port(), "-U", db.user()));
    args.addAll(
        List.of(
            "--a=dbname=" + db.name(),
            "--b=dbname=" + db.name(),
            "--rounds=2",
            "-n",
            "-T",
            "1",
            "-f",
            "-",
            "--report-json=" + ab));
    o = InProcess.run(Map.of(), "SELECT 1;\n", args.toArray(new String[0]));
    assertEquals(0, o.status(), o.err());
    read = 0;
    for (Object p : (List<?>) document(ab).get("points")) {
      for (String side : List.of("reports_a", "reports_b")) {
        for (Object r : (List<?>) ((Map<?, ?>) p).get(side)) {
          roundTrips(r, "ab " + side);
          read++;
        }
      }
    }
    assertEquals(4, read, "two rounds of two sides");
  }

  @Test
  void whatIsNotAReportIsRefusedWithTheReason() {
    JsonReportReader.BadReport e =
        org.junit.jupiter.api.Assertions.assertThrows(
            JsonReportReader.BadReport.class,
            () -> JsonReportReader.read(Map.of("schema", "jpgbench-sweep/1")));
    assertEquals("schema jpgbench-sweep/1", e.getMessage());
    e =
        org.junit.jupiter.api.Assertions.assertThrows(
            JsonReportReader.BadReport.class,
            () -> JsonReportReader.read(Map.of("schema", JsonReport.SCHEMA)));
    assertTrue(e.getMessage().startsWith("malformed report (missing "), e.getMessage());
  }
}
