package org.jpgbench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jpgbench.testing.InProcess;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.RenderedPage;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jpgbench compare} on reports of real runs: verdicts on known differences (the runs' tps
 * set to known values), refusals of files that are not reports and of runs that differ.
 */
@ExtendWith(PostgresExtension.class)
class CompareCommandTest {
  @TempDir Path dir;

  /** A real run's JSON report, -c clients. */
  private Path report(TestDatabase db, String name, int clients) throws Exception {
    Path json = dir.resolve(name);
    List<String> args =
        db.cliArgs(
            "-n", "-c", Integer.toString(clients), "-t", "20", "-f", "-", "--report-json=" + json);
    InProcess.Output o = InProcess.run(Map.of(), "SELECT 1;\n", args.toArray(new String[0]));
    assertEquals(0, o.status(), o.err());
    return json;
  }

  /** A copy of {@code from} whose tps is {@code tps}. */
  @SuppressWarnings("unchecked")
  private Path withTps(Path from, String name, double tps) throws Exception {
    Map<String, Object> doc = JSON.std.mapFrom(Files.readString(from));
    ((Map<String, Object>) doc.get("results")).put("tps", tps);
    Path to = dir.resolve(name);
    Files.writeString(to, JSON.std.asString(doc));
    return to;
  }

  private static InProcess.Output compare(Object... args) {
    List<String> a = new ArrayList<>(List.of("compare"));
    for (Object o : args) {
      a.add(o.toString());
    }
    return InProcess.run(Map.of(), "", a.toArray(new String[0]));
  }

  @Test
  void aTenPercentHigherTpsOverThreeRunsIsAnImprovement(TestDatabase db) throws Exception {
    Path run = report(db, "run.json", 1);
    Path a1 = withTps(run, "a1.json", 1000);
    Path a2 = withTps(run, "a2.json", 1010);
    Path a3 = withTps(run, "a3.json", 990);
    Path b1 = withTps(run, "b1.json", 1100);
    Path b2 = withTps(run, "b2.json", 1111);
    Path b3 = withTps(run, "b3.json", 1089);
    Path out = dir.resolve("cmp.json");
    Path html = dir.resolve("cmp.html");
    InProcess.Output o =
        compare(
            a1,
            a2,
            a3,
            "--vs",
            b1,
            b2,
            b3,
            "--metric=tps",
            "--report-json=" + out,
            "--report-html=" + html,
            "--report-csv=" + dir.resolve("cmp.csv"));
    assertEquals(0, o.status(), o.err());
    String tpsLine = o.out().lines().filter(l -> l.startsWith("tps ")).findFirst().orElseThrow();
    assertTrue(tpsLine.contains("1000.0 ±1.0%"), tpsLine);
    assertTrue(tpsLine.contains("+10.00%"), tpsLine);
    assertTrue(tpsLine.endsWith("improved"), tpsLine);
    assertTrue(o.out().contains("Welch's t-test over 3 and 3 runs"), o.out());
    Map<String, Object> doc = JSON.std.mapFrom(Files.readString(out));
    assertEquals("jpgbench-compare/1", doc.get("schema"));
    @SuppressWarnings("unchecked")
    Map<String, Object> tps = ((List<Map<String, Object>>) doc.get("metrics")).get(0);
    assertEquals("improved", tps.get("verdict"));
    assertEquals(10.0, ((Number) tps.get("change")).doubleValue(), 0.01);
    double lo = ((Number) tps.get("ci_low")).doubleValue();
    double hi = ((Number) tps.get("ci_high")).doubleValue();
    assertTrue(lo > 5 && lo < 10 && hi > 10 && hi < 15, lo + ".." + hi);
    assertTrue(((Number) tps.get("p_value")).doubleValue() < 0.001);
    // the CSV: the same row as the JSON's, for spreadsheets
    List<org.apache.commons.csv.CSVRecord> csv = csv(Files.readString(dir.resolve("cmp.csv")));
    assertEquals(1, csv.size());
    org.apache.commons.csv.CSVRecord row = csv.get(0);
    assertEquals("", row.get("point"));
    assertTrue(
        Files.readAllLines(dir.resolve("cmp.csv")).get(1).startsWith(",tps,tps,1000,1100,"),
        "an empty point is an empty field, not quoted");
    assertEquals("tps", row.get("metric"));
    assertEquals(1000.0, Double.parseDouble(row.get("base")), 1e-9);
    assertEquals(1100.0, Double.parseDouble(row.get("new")), 1e-9);
    assertEquals(10.0, Double.parseDouble(row.get("change_percent")), 0.01);
    assertEquals(lo, Double.parseDouble(row.get("ci_low_percent")), 0.001);
    assertEquals(hi, Double.parseDouble(row.get("ci_high_percent")), 0.001);
    assertEquals("improved", row.get("verdict"));
    // tps per run and the latency distributions overlaid; the verdict table below
    String dom = RenderedPage.render(dir, html, 2);
    assertEquals(1 + 1, RenderedPage.rowsOf(dom, "verdicts"));
    assertTrue(dom.contains("<td>improved</td>"), "the verdict in the page");
    // the page names its inputs and what they ran, and shows each side's spread
    assertTrue(dom.contains("base: " + a1 + ", " + a2 + ", " + a3 + "; new: " + b1), dom);
    assertTrue(dom.contains("transaction type: -; PostgreSQL "), dom);
    assertTrue(dom.contains("<td>±1.0%</td>"), "the base side's spread");
  }

  /** Every difference between the sides is listed, in the text and as fields in the JSON. */
  @Test
  @SuppressWarnings("unchecked")
  void whatDiffersBetweenTheSidesIsListed(TestDatabase db) throws Exception {
    Path run = report(db, "one.json", 1);
    Map<String, Object> doc = JSON.std.mapFrom(Files.readString(run));
    ((Map<String, Object>) doc.get("settings")).put("threads", 2);
    ((Map<String, Object>) doc.get("server")).put("version", "99.1");
    Path other = dir.resolve("other.json");
    Files.writeString(other, JSON.std.asString(doc));
    Path json = dir.resolve("cmp.json");
    InProcess.Output o = compare(run, "--vs", other, "--metric=tps", "--report-json=" + json);
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("what differs between base and new:\n"), o.out());
    assertTrue(o.out().contains("  threads: 1 vs 2\n"), o.out());
    assertTrue(o.out().contains("  server_version: "), o.out());
    Map<String, Object> cmp = JSON.std.mapFrom(Files.readString(json));
    List<Map<String, Object>> diff = (List<Map<String, Object>>) cmp.get("differences");
    assertTrue(diff.contains(Map.of("name", "threads", "base", "1", "new", "2")), diff.toString());
  }

  /**
   * Two runs a side that overlap say nothing (inconclusive, with the runs that would decide); five
   * a side within 1% of each other are unchanged at the default margin, and not at a margin their
   * interval does not fit in.
   */
  @Test
  void overlappingRunsAreInconclusiveUntilTheIntervalFitsTheMargin(TestDatabase db)
      throws Exception {
    Path run = report(db, "run.json", 1);
    InProcess.Output two =
        compare(
            withTps(run, "a1.json", 1000),
            withTps(run, "a2.json", 1040),
            "--vs",
            withTps(run, "b1.json", 1010),
            withTps(run, "b2.json", 1030),
            "--metric=tps");
    assertEquals(0, two.status(), two.err());
    assertTrue(
        two.out()
            .lines()
            .anyMatch(l -> l.startsWith("tps ") && l.matches(".* ~ \\(\\d+ runs/side\\)")),
        two.out());
    List<Object> five = new ArrayList<>();
    int[] a = {1000, 1010, 1020, 1005, 1015};
    int[] b = {1008, 1012, 1003, 1018, 1009};
    for (int i = 0; i < a.length; i++) {
      five.add(withTps(run, "fa" + i + ".json", a[i]));
    }
    five.add("--vs");
    for (int i = 0; i < b.length; i++) {
      five.add(withTps(run, "fb" + i + ".json", b[i]));
    }
    five.add("--metric=tps");
    InProcess.Output equal = compare(five.toArray());
    assertTrue(
        equal.out().lines().anyMatch(l -> l.startsWith("tps ") && l.endsWith("unchanged")),
        equal.out());
    five.add("--margin=0.5");
    InProcess.Output tight = compare(five.toArray());
    assertTrue(
        tight.out().lines().anyMatch(l -> l.startsWith("tps ") && l.contains(" ~")), tight.out());
  }

  @Test
  void aFileThatIsNotAReportIsRefused(TestDatabase db) throws Exception {
    Path notJson = dir.resolve("notes.txt");
    Files.writeString(notJson, "tps = 1000\n");
    Path otherJson = dir.resolve("other.json");
    Files.writeString(otherJson, "{\"tps\": 1000}");
    Path run = report(db, "run.json", 1);
    for (Path bad : List.of(notJson, otherJson)) {
      InProcess.Output o = compare(run, "--vs", bad);
      assertEquals(1, o.status());
      assertTrue(
          o.err().startsWith("jpgbench: error: file \"" + bad + "\" is not a jpgbench JSON report"),
          o.err());
      assertFalse(o.err().contains("Exception"), o.err());
    }
    InProcess.Output missing = compare(run, "--vs", dir.resolve("missing.json"));
    assertEquals(1, missing.status());
    assertTrue(missing.err().contains("could not open file"), missing.err());
    InProcess.Output empty = compare(run);
    assertEquals(1, empty.status());
    assertTrue(empty.err().contains("--vs"), empty.err());
  }

  @Test
  void runsWithDifferentClientCountsAreRefusedUnlessForced(TestDatabase db) throws Exception {
    Path one = report(db, "one.json", 1);
    Path two = report(db, "two.json", 2);
    InProcess.Output o = compare(one, "--vs", two);
    assertEquals(1, o.status());
    assertEquals(
        "jpgbench: error: the runs are not comparable: number of clients: 1 ("
            + one
            + ") vs 2 ("
            + two
            + ")\n",
        o.err().lines().findFirst().orElseThrow() + "\n");
    InProcess.Output forced = compare(one, "--vs", two, "--force");
    assertEquals(0, forced.status(), forced.err());
    assertTrue(forced.err().contains("warning: comparing runs that differ:"), forced.err());
    assertTrue(forced.err().contains("  number of clients: 1"), forced.err());
  }

  @Test
  @SuppressWarnings("unchecked")
  void sweepsAreComparedPointByPoint(TestDatabase db) throws Exception {
    Path[] sweeps = {dir.resolve("s1.json"), dir.resolve("s2.json")};
    for (Path s : sweeps) {
      List<String> args = new ArrayList<>(List.of("sweep"));
      args.addAll(
          db.cliArgs(
              "--clients=1,2", "--repeat=2", "-n", "-t", "20", "-f", "-", "--report-json=" + s));
      InProcess.Output o = InProcess.run(Map.of(), "SELECT 1;\n", args.toArray(new String[0]));
      assertEquals(0, o.status(), o.err());
    }
    InProcess.Output o =
        compare(sweeps[0], "--vs", sweeps[1], "--metric=tps", "--report-json=-", "--report-csv=-");
    assertEquals(1, o.status(), o.err());
    assertTrue(o.err().contains("cannot both be written to standard output"), o.err());
    Path json = dir.resolve("cmp.json");
    o =
        compare(
            sweeps[0],
            "--vs",
            sweeps[1],
            "--metric=tps",
            "--report-json=" + json,
            "--report-csv=-");
    assertEquals(0, o.status(), o.err());
    assertTrue(
        o.err().startsWith("no server setting or run parameter differs between base and new\n"),
        o.err());
    // with the CSV on stdout, the tables go to stderr
    assertTrue(o.err().contains("\n\nclients 1:\nmetric "), o.err());
    assertTrue(o.err().contains("\nclients 2:\nmetric "), o.err());
    assertEquals(2, o.err().split("Welch's t-test over 2 and 2 runs", -1).length - 1, o.err());
    List<org.apache.commons.csv.CSVRecord> csv = csv(o.out());
    assertEquals(List.of("clients 1", "clients 2"), csv.stream().map(r -> r.get("point")).toList());
    assertEquals(List.of("tps", "tps"), csv.stream().map(r -> r.get("metric")).toList());
    Map<String, Object> doc = JSON.std.mapFrom(Files.readString(json));
    List<Map<String, Object>> points = (List<Map<String, Object>>) doc.get("points");
    assertEquals(
        List.of("clients 1", "clients 2"), points.stream().map(p -> p.get("point")).toList());
    InProcess.Output mixed = compare(sweeps[0], "--vs", report(db, "run.json", 1));
    assertEquals(1, mixed.status());
    assertTrue(mixed.err().contains("cannot compare sweeps with single runs"), mixed.err());
  }

  @Test
  void badOptionsAreRefused() {
    assertEquals(1, compare("a.json", "--vs", "b.json", "--alpha=2").status());
    assertEquals(1, compare("a.json", "--vs", "b.json", "--metric=speed").status());
    InProcess.Output o = compare("--bogus");
    assertEquals(1, o.status());
    assertTrue(o.err().contains("unrecognized option \"--bogus\""), o.err());
    assertTrue(
        o.err().endsWith("jpgbench: hint: Try \"jpgbench compare --help\" for more information.\n"),
        o.err());
    assertTrue(
        compare("--help").out().contains("compare [OPTION]... BASE.json... --vs NEW.json..."));
  }

  /** A CSV file's records, read by its header. */
  static List<org.apache.commons.csv.CSVRecord> csv(String text) throws java.io.IOException {
    return org.apache.commons.csv.CSVFormat.RFC4180
        .builder()
        .setHeader()
        .setSkipHeaderRecord(true)
        .get()
        .parse(new java.io.StringReader(text))
        .getRecords();
  }
}
