package org.jpgbench.cli;

import static org.jpgbench.cli.MetricsRunTest.cli;
import static org.jpgbench.cli.MetricsRunTest.reported;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpgbench.report.json.JsonDocuments;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.PrometheusServer;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * --metrics-listen scraped by a real Prometheus server that the test starts: the run's figures as
 * PromQL reads them, and every query of docs/grafana-dashboard.json answering with the run's data.
 */
@ExtendWith(PostgresExtension.class)
class PrometheusRunTest {
  @BeforeAll
  static void init(TestDatabase db) {
    CliRun.Result r = CliRun.run(cli(db, "-i -s 1 -q"));
    assertEquals(0, r.status(), r.err());
  }

  @Test
  void aRealPrometheusScrapesTheRunAndAnswersTheDashboardsQueries(TestDatabase db)
      throws Exception {
    assumeTrue(PrometheusServer.installed(), "Prometheus is not installed (CI installs it)");
    int port = PrometheusServer.freePort();
    try (PrometheusServer prometheus = PrometheusServer.start("127.0.0.1:" + port)) {
      String[] args =
          cli(
              db,
              "-c 4 -j 2 -T 6",
              "--percentile=99",
              "--server-stats",
              "--metrics-listen=127.0.0.1:" + port,
              "--metrics-linger=4",
              "--run-label=prometheus");
      CliRun.Result r = CliRun.run(args);
      assertEquals(0, r.status(), r.err());
      long processed = reported(r.out(), "number of transactions actually processed: (\\d+)");
      // the scrapes during --metrics-linger saw the final figures
      assertEquals(
          processed,
          (long)
              value(
                  prometheus,
                  "sum(last_over_time(jpgbench_transactions_total{run=\"prometheus\"}[1m]))"),
          prometheus.targets());
      double p99 =
          value(
              prometheus,
              "histogram_quantile(0.99, sum by (le) (last_over_time("
                  + "jpgbench_latency_seconds_bucket{run=\"prometheus\"}[1m])))");
      Matcher m = Pattern.compile("p99 = ([0-9.]+) ms").matcher(r.out());
      assertTrue(m.find(), r.out());
      double exact = Double.parseDouble(m.group(1)) / 1000;
      assertTrue(
          Math.abs(p99 / exact - 1) < 0.15, "p99 from Prometheus " + p99 + " s, report " + exact);
      assertTrue(
          value(
                  prometheus,
                  "sum(last_over_time(jpgbench_server_commits_total{run=\"prometheus\"}[1m]))")
              >= processed * 0.99,
          "the server's commits");
      // every query of the dashboard answers with data for this run
      String dashboard = Files.readString(Path.of("docs/grafana-dashboard.json"));
      List<String> exprs = new ArrayList<>();
      collectExprs(JsonDocuments.parse(dashboard), exprs);
      assertTrue(exprs.size() >= 8, "queries: " + exprs);
      for (String expr : exprs) {
        String q = expr.replace("$run", "prometheus").replace("$__rate_interval", "5s");
        String answer = prometheus.query("last_over_time((" + q + ")[1m:1s])");
        assertTrue(answer.contains("\"status\":\"success\""), expr + ": " + answer);
        assertFalse(answer.contains("\"result\":[]"), expr + " returned nothing: " + answer);
      }
    }
  }

  private static double value(PrometheusServer p, String promql) throws Exception {
    String answer = p.query(promql);
    Matcher m = Pattern.compile("\"value\":\\[[0-9.]+,\"([^\"]+)\"]").matcher(answer);
    assertTrue(m.find(), promql + ": " + answer);
    return Double.parseDouble(m.group(1));
  }

  private static void collectExprs(Object json, List<String> out) {
    if (json instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if ("expr".equals(e.getKey()) && e.getValue() instanceof String s) {
          out.add(s);
        } else {
          collectExprs(e.getValue(), out);
        }
      }
    } else if (json instanceof List<?> list) {
      list.forEach(x -> collectExprs(x, out));
    }
  }
}
