package org.jpgbench.init;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpgbench.testing.InProcess;
import org.jpgbench.testing.RenderedPage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * -b tpcc in the experiments, against a real server at one warehouse: a sweep gives each point's
 * NOPM (the median of its runs', each counted in the database) in its table, JSON, CSV and page,
 * its --init loads the warehouses, and an A/B test judges NOPM first.
 */
@Timeout(600)
class TpccExperimentsTest {
  @TempDir static Path dir;
  private static TpccServer server;

  @BeforeAll
  static void start() throws Exception {
    server = TpccServer.startOne(dir, "fresh");
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  @SuppressWarnings("unchecked")
  void aSweepGivesEachPointsNopmAsTheDatabaseCountedIt() throws Exception {
    Path json = dir.resolve("sweep.json");
    Path csv = dir.resolve("sweep.csv");
    Path html = dir.resolve("sweep.html");
    long before = server.value("tpcc1", "select sum(d_next_o_id) from district");
    InProcess.Output o =
        server.command(
            "sweep",
            "--clients=1,2",
            "--repeat=2",
            "-b",
            "tpcc",
            "-T",
            "2",
            "--slo=nopm>=1",
            "--report-json=" + json,
            "--report-csv=" + csv,
            "--report-html=" + html,
            "tpcc1");
    assertEquals(0, o.status(), o.err());
    long gained = server.value("tpcc1", "select sum(d_next_o_id) from district") - before;
    Map<String, Object> doc = JSON.std.mapFrom(Files.readString(json));
    List<Map<String, Object>> points = (List<Map<String, Object>>) doc.get("points");
    assertEquals(2, points.size());
    long counted = 0;
    List<String> csvRows = Files.readAllLines(csv);
    for (Map<String, Object> p : points) {
      List<Double> nopm = new ArrayList<>();
      for (Object r : (List<Object>) p.get("reports")) {
        Map<String, Object> w = (Map<String, Object>) ((Map<String, Object>) r).get("workload");
        counted += ((Number) w.get("new_orders")).longValue();
        nopm.add(((Number) w.get("nopm")).doubleValue());
      }
      assertEquals(2, nopm.size());
      double median = (nopm.get(0) + nopm.get(1)) / 2; // of two runs
      double point = ((Number) p.get("nopm")).doubleValue();
      assertEquals(median, point, 1e-6 * median);
      assertEquals(Math.min(nopm.get(0), nopm.get(1)), number(p, "nopm_min"), 1e-9);
      assertEquals(Math.max(nopm.get(0), nopm.get(1)), number(p, "nopm_max"), 1e-9);
      String clients = p.get("clients").toString();
      // the table's column and the CSV's row carry the same median
      Matcher row =
          Pattern.compile(
                  "(?m)^ +" + clients + " +- +[0-9.]+ \\([0-9.]+\\.\\.[0-9.]+\\) +([0-9.]+) ")
              .matcher(o.out());
      assertTrue(row.find(), o.out());
      assertEquals(String.format(Locale.ROOT, "%.1f", point), row.group(1));
      String[] cells =
          csvRows.stream()
              .filter(l -> l.startsWith(clients + ",,nopm,new orders/min,"))
              .findFirst()
              .orElseThrow()
              .split(",");
      assertEquals(point, Double.parseDouble(cells[4]), 0.001);
    }
    assertEquals(gained, counted, "each run's new orders are the database's");
    assertTrue(o.out().contains(" nopm "), o.out());
    assertTrue(
        o.out().matches("(?s).*max throughput within nopm>=1: [0-9.]+ tps \\(NOPM .*"), o.out());
    String dom = RenderedPage.render(dir, html, 3);
    assertTrue(dom.contains("New orders per minute (NOPM)"), "the NOPM chart");
    assertTrue(dom.matches("(?s).*Max throughput within the thresholds: [0-9.]+ tps \\(NOPM .*"));
    assertTrue(dom.contains("<th>nopm</th>"), "the points' NOPM column");
  }

  /** sweep --init with -b tpcc loads the TPC-C tables the scripts use, not pgbench's. */
  @Test
  void aSweepsInitLoadsTheWarehouses() throws Exception {
    InProcess.Output o =
        server.command(
            "sweep", "--init", "-s", "2", "--clients=1", "-b", "tpcc", "-t", "20", "fresh");
    assertEquals(0, o.status(), o.err());
    assertEquals(2, server.value("fresh", "select count(*) from warehouse"));
    assertEquals(
        0, server.value("fresh", "select count(*) from pg_class where relname ~ '^pgbench'"));
    assertTrue(o.out().contains(" nopm "), o.out());
  }

  @Test
  @SuppressWarnings("unchecked")
  void anAbTestJudgesNopmFirst() throws Exception {
    Path json = dir.resolve("ab.json");
    InProcess.Output o =
        server.command(
            "ab",
            "--a=tpcc1",
            "--b=tpcc1",
            "-b",
            "tpcc",
            "-T",
            "2",
            "--rounds=2",
            "--warmup=0",
            "--report-json=" + json);
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().matches("(?s).*\nmetric .*\nnopm .*"), o.out());
    Map<String, Object> point =
        ((List<Map<String, Object>>) JSON.std.mapFrom(Files.readString(json)).get("points")).get(0);
    Map<String, Object> nopm = ((List<Map<String, Object>>) point.get("metrics")).get(0);
    assertEquals("nopm", nopm.get("metric"));
    // each side's figure is the mean of its runs' NOPM, as each run's report counted it
    for (String side : List.of("a", "b")) {
      double[] runs =
          ((List<Map<String, Object>>) point.get("reports_" + side))
              .stream()
                  .mapToDouble(r -> number((Map<String, Object>) r.get("workload"), "nopm"))
                  .toArray();
      assertEquals(2, runs.length);
      double expected = Arrays.stream(runs).average().orElseThrow();
      assertEquals(expected, number(nopm, side.equals("a") ? "base" : "new"), 1e-6 * expected);
    }
  }

  private static double number(Map<String, Object> m, String key) {
    return ((Number) m.get(key)).doubleValue();
  }
}
