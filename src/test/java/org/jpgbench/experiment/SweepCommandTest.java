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

/** {@code jpgbench sweep} against a real server: the lines, the table, the JSON, bad input. */
@ExtendWith(PostgresExtension.class)
class SweepCommandTest {
  @TempDir Path dir;

  private static InProcess.Output sweep(List<String> args) {
    List<String> a = new ArrayList<>(List.of("sweep"));
    a.addAll(args);
    return InProcess.run(Map.of(), "SELECT 1;\n", a.toArray(new String[0]));
  }

  @Test
  @SuppressWarnings("unchecked")
  void threeClientCountsTwiceEachMakeAThreePointTableAndJson(TestDatabase db) throws Exception {
    Path json = dir.resolve("sweep.json");
    Path html = dir.resolve("sweep.html");
    Path csv = dir.resolve("sweep.csv");
    InProcess.Output o =
        sweep(
            db.cliArgs(
                "--clients=1,2,4",
                "--repeat=2",
                "-j",
                "2",
                "-n",
                "-t",
                "25",
                "-f",
                "-",
                "--slo=p99<=10000ms",
                "--report-json=" + json,
                "--report-html=" + html,
                "--report-csv=" + csv));
    assertEquals(0, o.status(), o.err());
    List<String> lines = o.out().lines().toList();
    // interleaved: every point once, then every point again
    String[] order = {
      "clients 1, run 1/2",
      "clients 2, run 1/2",
      "clients 4, run 1/2",
      "clients 1, run 2/2",
      "clients 2, run 2/2",
      "clients 4, run 2/2"
    };
    for (int i = 0; i < order.length; i++) {
      assertTrue(lines.get(i).startsWith(order[i] + ": tps = "), lines.get(i));
    }
    int header =
        lines.indexOf(
            lines.stream()
                .filter(l -> l.startsWith("clients rate") && l.contains("scaling"))
                .findFirst()
                .orElseThrow());
    for (int i = 0; i < 3; i++) {
      String row = lines.get(header + 1 + i).trim();
      assertTrue(row.startsWith(new String[] {"1 ", "2 ", "4 "}[i]), row);
      assertTrue(row.endsWith("ok"), row);
    }
    assertTrue(o.out().contains("max throughput within p99<=10000ms: "), o.out());
    Map<String, Object> doc = JSON.std.mapFrom(Files.readString(json));
    assertEquals("jpgbench-sweep/1", doc.get("schema"));
    List<Map<String, Object>> points = (List<Map<String, Object>>) doc.get("points");
    assertEquals(3, points.size());
    int[] clients = {1, 2, 4};
    for (int i = 0; i < 3; i++) {
      Map<String, Object> p = points.get(i);
      assertEquals(clients[i], ((Number) p.get("clients")).intValue());
      List<Map<String, Object>> reports = (List<Map<String, Object>>) p.get("reports");
      assertEquals(2, reports.size());
      for (Map<String, Object> r : reports) {
        assertEquals("jpgbench-report/1", r.get("schema"));
        Map<String, Object> results = (Map<String, Object>) r.get("results");
        assertEquals(25L * clients[i], ((Number) results.get("transactions")).longValue());
        Map<String, Object> settings = (Map<String, Object>) r.get("settings");
        assertEquals(Math.min(2, clients[i]), ((Number) settings.get("threads")).intValue());
      }
      double median = ((Number) p.get("tps")).doubleValue();
      assertTrue(median >= ((Number) p.get("tps_min")).doubleValue());
      assertTrue(median <= ((Number) p.get("tps_max")).doubleValue());
      assertEquals(true, p.get("slo_met"));
      assertEquals(0, ((Number) p.get("rate")).intValue(), "no -R: rate 0, as the run report's");
    }
    // scaling against the first point: 100% there, tps per client over its tps elsewhere
    double tps1 = ((Number) points.get(0).get("tps")).doubleValue();
    assertEquals(100.0, ((Number) points.get(0).get("scaling_percent")).doubleValue(), 1e-9);
    double tps4 = ((Number) points.get(2).get("tps")).doubleValue();
    assertEquals(
        100 * tps4 / (4 * tps1),
        ((Number) points.get(2).get("scaling_percent")).doubleValue(),
        1e-6);
    // the best point within the SLO: the highest median tps, as the text names it
    Map<String, Object> best = (Map<String, Object>) doc.get("best_within_slo");
    Map<String, Object> top =
        points.stream()
            .max(java.util.Comparator.comparingDouble(p -> ((Number) p.get("tps")).doubleValue()))
            .orElseThrow();
    assertEquals(top.get("clients"), best.get("clients"));
    assertTrue(o.out().contains("at clients " + top.get("clients") + "\n"), o.out());
    // the CSV: a header, then six metrics for each of the three points, as the JSON has them
    List<String> rows = Files.readAllLines(csv);
    assertEquals("clients,rate,metric,unit,value,min,max,runs,runs_failed,slo_met", rows.get(0));
    assertEquals(1 + 3 * 6, rows.size(), String.join("\n", rows));
    String[] tpsRow = rows.get(1).split(",", -1);
    assertEquals(List.of("1", "", "tps", "tps"), List.of(tpsRow).subList(0, 4));
    assertEquals(tps1, Double.parseDouble(tpsRow[4]), 0.0006);
    assertEquals("2", tpsRow[7]);
    assertEquals("true", tpsRow[9]);
    assertTrue(rows.get(6).startsWith("1,,scaling,%,100,"), rows.get(6));
    String dom = RenderedPage.render(dir, html, 2);
    // the page says what it shows: the script, the server, -t, the scale, -M, and the best point
    assertTrue(dom.contains("transaction type: -; PostgreSQL "), dom);
    assertTrue(dom.contains("; -t 25; scale 1; -M simple; "), dom);
    assertTrue(dom.contains("Max throughput within the thresholds: "), dom);
    assertEquals(3 + 1, RenderedPage.rowsOf(dom, "points"));
    assertEquals(6 + 1, RenderedPage.rowsOf(dom, "runs"));
  }

  @Test
  void withTheJsonOnStdoutTheLinesAndTableGoToStderr(TestDatabase db) throws Exception {
    InProcess.Output o =
        sweep(db.cliArgs("--clients=1,2", "-n", "-t", "5", "-f", "-", "--report-json=-"));
    assertEquals(0, o.status(), o.err());
    assertEquals("jpgbench-sweep/1", JSON.std.mapFrom(o.out()).get("schema"));
    assertTrue(o.err().contains("clients 2, run 1/1: tps = "), o.err());
  }

  /** -P's lines say which point they belong to. */
  @Test
  void progressLinesNameTheirPoint(TestDatabase db) {
    InProcess.Output o =
        sweep(db.cliArgs("--clients=1,2", "--warmup=0", "-n", "-T", "2", "-P", "1", "-f", "-"));
    assertEquals(0, o.status(), o.err());
    for (int c : new int[] {1, 2}) {
      assertTrue(
          o.err().lines().anyMatch(l -> l.startsWith("clients " + c + ": progress: ")), o.err());
    }
    assertTrue(o.err().lines().noneMatch(l -> l.startsWith("progress: ")), o.err());
  }

  @Test
  void aPointThatCannotConnectIsReportedAndTheSweepGoesOn(TestDatabase db) {
    // 3 clients cannot all connect to a database whose limit is 2
    try (var c = db.connect();
        var s = c.createStatement()) {
      s.execute("create role sweep_limited login connection limit 2");
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    try {
      List<String> args =
          new ArrayList<>(
              List.of("-h", db.host(), "-p", Integer.toString(db.port()), "-U", "sweep_limited"));
      args.addAll(List.of("--clients=1,3", "-n", "-t", "5", "-f", "-", db.name()));
      InProcess.Output o = sweep(args);
      assertEquals(2, o.status(), o.err());
      assertTrue(o.out().contains("clients 3, run 1/1: failed (exit status 1)"), o.out());
      assertTrue(o.out().contains("failed (1 of its runs failed)"), o.out());
      assertTrue(o.out().lines().anyMatch(l -> l.trim().startsWith("1 ") && l.contains("100%")));
    } finally {
      try (var c = db.connect();
          var s = c.createStatement()) {
        s.execute("drop role sweep_limited");
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    }
  }

  @Test
  void badInputIsRefusedBeforeAnyRun() {
    String[][] cases = {
      {"--clients=0", "invalid value \"0\" for option --clients"},
      {"--clients=", "invalid value \"\" for option --clients"},
      {"--clients=1,x", "invalid value \"1,x\" for option --clients"},
      {"--rates=-5", "invalid value \"-5\" for option --rates"},
      {"--repeat=0", "--repeat must be in range 1..1000"},
      {"--clients=2,1,2", "invalid value \"2,1,2\" for option --clients"},
      {"-T", "sweep needs --clients=LIST or --rates=LIST"},
    };
    for (String[] c : cases) {
      List<String> args = new ArrayList<>(List.of(c[0]));
      if (!c[0].equals("-T")) {
        args.add(c[0].startsWith("--clients") ? "--rates=10" : "--clients=1");
      } else {
        args.add("5");
      }
      args.addAll(List.of("-h", "127.0.0.1", "-p", "1", "postgres"));
      InProcess.Output o = sweep(args);
      assertEquals(1, o.status(), c[0]);
      assertTrue(o.err().startsWith("jpgbench: error: " + c[1]), o.err());
      assertFalse(o.err().contains("Exception"), o.err());
      assertEquals("", o.out(), c[0]);
    }
    // a usage error's hint points at the subcommand's help, as compare's and ab's do
    InProcess.Output usage = sweep(List.of("--clients=1", "--nosuch"));
    assertEquals(1, usage.status());
    assertTrue(
        usage
            .err()
            .endsWith("jpgbench: hint: Try \"jpgbench sweep --help\" for more information.\n"),
        usage.err());
    InProcess.Output init = sweep(List.of("--clients=1", "-i", "-h", "127.0.0.1", "-p", "1"));
    assertEquals(1, init.status());
    assertTrue(init.err().contains("give --init to initialize once"), init.err());
  }

  /**
   * A target that cannot be benchmarked, or a report that cannot be written, is one error before
   * the first point, not the same error at every point and repeat.
   */
  @Test
  void theTargetAndTheReportPathsAreCheckedOnceBeforeTheFirstPoint(TestDatabase db) {
    InProcess.Output gone =
        sweep(
            List.of(
                "--clients=1,2",
                "--repeat=3",
                "-T",
                "1",
                "-h",
                db.host(),
                "-p",
                "" + db.port(),
                "-U",
                db.user(),
                "nosuchdb"));
    assertEquals(1, gone.status(), gone.err());
    assertEquals(
        1, gone.err().split("database \"nosuchdb\" does not exist", -1).length - 1, gone.err());
    assertFalse(gone.out().contains(", run "), gone.out());

    InProcess.Output path =
        sweep(db.cliArgs("--clients=1", "-T", "1", "--report-json=/nonexistent/x.json"));
    assertEquals(1, path.status(), path.err());
    assertTrue(
        path.err()
            .contains("could not write file \"/nonexistent/x.json\": No such file or directory"),
        path.err());
    assertFalse(path.out().contains(", run "), path.out());
  }

  /** --repeat=auto:MAX: a point runs until its tps is known within the margin, at most MAX. */
  @Test
  void repeatAutoStopsAtTheMostAtMax(TestDatabase db) {
    InProcess.Output o =
        sweep(db.cliArgs("--clients=1,2", "--repeat=auto:3", "-n", "-t", "5", "-f", "-"));
    assertEquals(0, o.status(), o.err());
    assertTrue(
        o.out()
            .startsWith("--repeat=auto: each point until its tps is known within +-5%, at most 3"),
        o.out());
    for (String point : List.of("clients 1,", "clients 2,")) {
      long runs = o.out().lines().filter(l -> l.startsWith(point + " run ")).count();
      assertTrue(runs >= 2 && runs <= 3, point + " " + runs + "\n" + o.out());
    }
  }

  /** sweep --embedded: a throwaway server of the sweep's own, initialized at -s. */
  @Test
  void aSweepOnAThrowawayServer() {
    InProcess.Output o = sweep(List.of("--embedded", "--clients=1,2", "-S", "-T", "1"));
    assertEquals(0, o.status(), o.err());
    assertEquals(2, o.out().lines().filter(l -> l.contains(", run ")).count(), o.out());
    assertTrue(o.out().contains("\nclients "), o.out());
  }

  /** Points run in ascending client order, whatever order the list gave. */
  @Test
  void clientCountsAreSorted(TestDatabase db) {
    InProcess.Output o = sweep(db.cliArgs("--clients=2,1", "-n", "-t", "5", "-f", "-"));
    assertEquals(0, o.status(), o.err());
    List<String> runs = o.out().lines().filter(l -> l.contains(", run ")).toList();
    assertTrue(runs.get(0).startsWith("clients 1,"), o.out());
    assertTrue(runs.get(1).startsWith("clients 2,"), o.out());
    // each run's start on stderr, with where the sweep stands
    assertTrue(o.err().contains("jpgbench: clients 1: run 1/1 starts (run 1 of 2; 0:"), o.err());
    assertTrue(o.err().contains("jpgbench: clients 2: run 1/1 starts (run 2 of 2; 0:"), o.err());
  }

  /** Seconds-long latencies and a crossed sweep: the table stays aligned, one line per count. */
  @Test
  void slowPointsKeepTheTableAlignedAndACrossedSweepDrawsALinePerClientCount(TestDatabase db)
      throws Exception {
    Path html = dir.resolve("crossed.html");
    List<String> args = new ArrayList<>(List.of("sweep"));
    args.addAll(
        db.cliArgs(
            "--clients=1,2",
            "--rates=100,200",
            "-n",
            "-T",
            "2",
            "-f",
            "-",
            "--report-html=" + html));
    InProcess.Output o =
        InProcess.run(Map.of(), "SELECT pg_sleep(1.01);\n", args.toArray(new String[0]));
    assertEquals(0, o.status(), o.err());
    List<String> lines = o.out().lines().toList();
    int h =
        lines.indexOf(
            lines.stream().filter(l -> l.startsWith("clients rate")).findFirst().orElseThrow());
    String header = lines.get(h);
    int p99End = header.indexOf("p99") + 3;
    int achievedEnd = header.indexOf("achieved") + "achieved".length();
    for (int i = h + 1; i <= h + 4; i++) {
      String row = lines.get(i);
      assertTrue(row.matches(".* \\d{4,}\\.\\d{3} ms .*"), "a p99 over 1000 ms: " + row);
      // right-aligned columns end where their heading ends
      assertEquals(" ms", row.substring(p99End - 3, p99End), header + "\n" + row);
      assertEquals('%', row.charAt(achievedEnd - 1), header + "\n" + row);
    }
    String dom = RenderedPage.render(dir, html, 2);
    assertTrue(dom.contains("Throughput by target rate"), dom);
    assertTrue(dom.contains("clients 1") && dom.contains("clients 2"), dom);
  }
}
