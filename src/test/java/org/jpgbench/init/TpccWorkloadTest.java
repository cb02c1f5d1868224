package org.jpgbench.init;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jpgbench.testing.InProcess;
import org.jpgbench.testing.NativePgbench;
import org.jpgbench.testing.TestCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TPC-C-like workload against a real server, at 1 and 2 warehouses: clause 4.3's rows, the mix
 * and input rules of clause 2 over a real run, NOPM against the database's own count, clause
 * 3.3.2's consistency after init, after runs (one across a server restart) and not after a
 * corruption, the scripts under native pgbench, and bad input.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TpccWorkloadTest {
  @TempDir static Path dir;
  private static TestCluster server;

  @BeforeAll
  static void start() throws Exception {
    server = TestCluster.create(dir);
    try (Connection c = server.connect("postgres");
        Statement s = c.createStatement()) {
      s.execute("create database tpcc1");
      s.execute("create database tpcc2");
      s.execute("create database empty");
      s.execute("create database tpccg");
      s.execute("create database tpccp");
      s.execute("create database tpcch");
      s.execute("create database tpccf");
    }
    InProcess.Output one = run("-i", "--workload=tpcc", "-s", "1", "tpcc1");
    assertEquals(0, one.status(), one.err());
    InProcess.Output two = run("-i", "--workload=tpcc", "-s", "2", "--init-jobs=2", "tpcc2");
    assertEquals(0, two.status(), two.err());
    assertTrue(two.err().contains("warehouse 2 loaded"), two.err());
    // g: generated here, sent by COPY; with two connections a transaction per warehouse
    assertTrue(two.err().matches("(?s).*done in .*client-side generate .*"), two.err());
    assertTrue(
        two.err()
            .contains("COPY FREEZE not used for the TPC-C tables (a transaction per warehouse"),
        two.err());
    assertTrue(one.err().matches("(?s).*done in .*client-side generate .*"), one.err());
    assertFalse(one.err().contains("COPY FREEZE not used"), one.err());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static InProcess.Output run(String... args) {
    List<String> a =
        new ArrayList<>(List.of("-h", server.host(), "-p", "" + server.port(), "-U", "postgres"));
    a.addAll(List.of(args));
    return InProcess.run(Map.of(), "", a.toArray(new String[0]));
  }

  private static long value(String db, String sql) throws Exception {
    try (Connection c = server.connect(db);
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      assertTrue(r.next(), sql);
      return r.getLong(1);
    }
  }

  private static List<String> strings(String db, String sql) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = server.connect(db);
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      while (r.next()) {
        out.add(r.getString(1));
      }
    }
    return out;
  }

  private static void execute(String db, String sql) throws Exception {
    try (Connection c = server.connect(db);
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  @Test
  @Order(1) // before any run adds rows
  void clause43sRowsAndCardinalities() throws Exception {
    int w = 2;
    assertEquals(100_000, value("tpcc2", "select count(*) from item"));
    assertEquals(w, value("tpcc2", "select count(*) from warehouse"));
    assertEquals(100_000L * w, value("tpcc2", "select count(*) from stock"));
    assertEquals(10L * w, value("tpcc2", "select count(*) from district"));
    assertEquals(30_000L * w, value("tpcc2", "select count(*) from customer"));
    assertEquals(30_000L * w, value("tpcc2", "select count(*) from history"));
    assertEquals(30_000L * w, value("tpcc2", "select count(*) from orders"));
    assertEquals(9_000L * w, value("tpcc2", "select count(*) from new_order"));
    long lines = value("tpcc2", "select count(*) from order_line");
    assertEquals(value("tpcc2", "select sum(o_ol_cnt) from orders"), lines);
    assertTrue(lines > 290_000L * w && lines < 310_000L * w, "about 300,000 a warehouse: " + lines);
    // o_c_id a permutation of the district's customers
    assertEquals(
        0,
        value(
            "tpcc2",
            "select count(*) from (select o_w_id, o_d_id from orders group by 1, 2"
                + " having count(distinct o_c_id) <> 3000) x"));
    // the last 900 orders undelivered: no carrier, and in new_order
    assertEquals(
        0,
        value(
            "tpcc2", "select count(*) from orders where (o_id >= 2101) <> (o_carrier_id is null)"));
    assertEquals(2101, value("tpcc2", "select min(no_o_id) from new_order"));
    clause433sData("tpcc2");
    // step v analyzed each table whole, on one connection and on two: autovacuum has no count of
    // changes left to analyze them again for during the first run (nor did it), and only the
    // columns the transactions search by carry statistics
    for (String db : List.of("tpcc1", "tpcc2")) {
      assertEquals(
          TpccTables.TABLES.size(),
          value(
              db,
              "select count(*) from pg_stat_user_tables where relname in ('"
                  + String.join("', '", TpccTables.TABLES)
                  + "') and n_mod_since_analyze = 0 and last_analyze is not null"
                  + " and last_autoanalyze is null"),
          db + ": analyzed at init, nothing left for autovacuum");
      assertEquals(
          List.of("s_i_id", "s_quantity", "s_w_id"),
          strings(db, "select attname from pg_stats where tablename = 'stock' order by 1"),
          db);
    }
    assertEquals(
        "character varying(24)",
        strings(
                "tpcc1",
                "select format_type(atttypid, atttypmod) from pg_attribute"
                    + " where attrelid = 'stock'::regclass and attname = 's_dist_01'")
            .get(0));
    // C_LAST's run constant at a legal distance from the load's (clause 2.1.6.1)
    long delta = value("tpcc2", "select abs(c_last_run - c_last_load) from tpcc_constants");
    assertTrue(delta >= 65 && delta <= 119 && delta != 96 && delta != 112, "delta " + delta);
  }

  /** G: the same data generated by SQL on the server, as consistent, as large, as random. */
  @Test
  void theServerSideLoadMakesTheSameCardinalities() throws Exception {
    InProcess.Output g = run("-i", "--workload=tpcc", "-s", "1", "-I", "dtGvpk", "tpccg");
    assertEquals(0, g.status(), g.err());
    assertTrue(g.err().matches("(?s).*done in .*server-side generate .*"), g.err());
    for (String[] t :
        new String[][] {
          {"item", "100000"}, {"stock", "100000"}, {"customer", "30000"}, {"history", "30000"},
          {"orders", "30000"}, {"new_order", "9000"}, {"district", "10"}, {"warehouse", "1"}
        }) {
      assertEquals(Long.parseLong(t[1]), value("tpccg", "select count(*) from " + t[0]), t[0]);
    }
    assertEquals(
        value("tpccg", "select sum(o_ol_cnt) from orders"),
        value("tpccg", "select count(*) from order_line"));
    clause433sData("tpccg");
  }

  /**
   * Clause 4.3.3.1's random data as loaded: a-string lengths within their bounds, "ORIGINAL" in 10%
   * of I_DATA and S_DATA, 10% bad credit, each district's first 1,000 customers carrying the 1,000
   * last names once each, and every string drawn anew (no two S_DIST_05 alike).
   */
  private static void clause433sData(String db) throws Exception {
    for (String[] c :
        new String[][] {
          {"item", "i_data", "26", "50"}, {"item", "i_name", "14", "24"},
          {"stock", "s_data", "26", "50"}, {"stock", "s_dist_05", "24", "24"},
          {"customer", "c_data", "300", "500"}, {"customer", "c_first", "8", "16"},
          {"history", "h_data", "12", "24"}, {"order_line", "ol_dist_info", "24", "24"}
        }) {
      String range = "select min(length(" + c[1] + ")) || '..' || max(length(" + c[1] + "))";
      assertEquals(
          c[2] + ".." + c[3], strings(db, range + " from " + c[0]).get(0), db + " " + c[1]);
    }
    for (String[] t : new String[][] {{"item", "i_data"}, {"stock", "s_data"}}) {
      double original =
          value(db, "select count(*) from " + t[0] + " where " + t[1] + " like '%ORIGINAL%'")
              / (double) value(db, "select count(*) from " + t[0]);
      assertTrue(original > 0.09 && original < 0.11, db + " ORIGINAL " + t[0] + ": " + original);
    }
    double bad =
        value(db, "select count(*) from customer where c_credit = 'BC'")
            / (double) value(db, "select count(*) from customer");
    assertTrue(bad > 0.09 && bad < 0.11, db + " BC customers: " + bad);
    assertEquals(
        0,
        value(
            db,
            "select count(*) from (select c_w_id, c_d_id from customer where c_id <= 1000"
                + " group by 1, 2 having count(distinct c_last) <> 1000) x"),
        db);
    assertEquals(
        value(db, "select count(*) from stock"),
        value(db, "select count(distinct s_dist_05) from stock"),
        db);
  }

  /** How many of the relation's rows are not frozen (their xmin, pageinspect's infomask). */
  private static long unfrozenRows(String db, String rel) throws Exception {
    execute(db, "create extension if not exists pageinspect");
    return value(
        db,
        "select count(*) from generate_series(0, pg_relation_size('"
            + rel
            + "') / 8192 - 1) b, heap_page_items(get_raw_page('"
            + rel
            + "', b::int)) i where i.t_infomask & 768 <> 768"); // HEAP_XMIN_FROZEN
  }

  /**
   * --partitions: the warehouse-keyed tables partitioned by warehouse, by range or hash; each leaf
   * loaded directly with COPY FREEZE, by one connection or a transaction per leaf.
   */
  @Test
  void partitionedByWarehouseEachLeafLoadedFrozen() throws Exception {
    InProcess.Output range =
        run(
            "-i",
            "--workload=tpcc",
            "-s",
            "3",
            "--partitions=2",
            "--init-jobs=2",
            "-I",
            "dtg",
            "tpccp");
    assertEquals(0, range.status(), range.err());
    assertTrue(range.err().contains("creating 2 partitions..."), range.err());
    assertFalse(range.err().contains("COPY FREEZE not used"), range.err());
    // range: two warehouses a leaf, the last open-ended
    assertEquals(200_000, value("tpccp", "select count(*) from stock_1"));
    assertEquals(100_000, value("tpccp", "select count(*) from stock_2"));
    assertEquals(3, value("tpccp", "select max(ol_w_id) from order_line_2"));
    assertEquals(30_000L * 3, value("tpccp", "select count(*) from customer"));
    for (String t : List.of("stock", "customer", "history", "orders", "order_line", "new_order")) {
      assertEquals(
          1,
          value(
              "tpccp",
              "select count(*) from pg_class where relkind = 'p' and relname = '" + t + "'"),
          t + " partitioned");
      assertEquals(0, unfrozenRows("tpccp", t + "_2"), t + "_2's rows not frozen");
    }
    InProcess.Output keys =
        run("-i", "--workload=tpcc", "-s", "3", "--partitions=2", "-I", "vpk", "tpccp");
    assertEquals(0, keys.status(), keys.err());
    InProcess.Output ran = run("-b", "tpcc", "-c", "2", "-t", "100", "tpccp");
    assertEquals(0, ran.status(), ran.err());
    InProcess.Output check = run("-i", "--workload=tpcc", "-s", "3", "-I", "k", "tpccp");
    assertEquals(0, check.status(), "consistent after a run: " + check.err());

    InProcess.Output hash =
        run(
            "-i",
            "--workload=tpcc",
            "-s",
            "2",
            "--partitions=3",
            "--partition-method=hash",
            "-I",
            "dtg",
            "tpcch");
    assertEquals(0, hash.status(), hash.err());
    assertEquals(200_000, value("tpcch", "select count(*) from stock"));
    long unfrozen = 0;
    for (int p = 1; p <= 3; p++) {
      unfrozen += unfrozenRows("tpcch", "new_order_" + p);
    }
    assertEquals(0, unfrozen, "hash leaves' rows frozen");
    assertEquals(18_000, value("tpcch", "select count(*) from new_order"));
    // without partitions, --init-jobs loads each warehouse in a transaction that did not truncate
    long without = unfrozenRows("tpcc2", "new_order");
    assertTrue(without > 9_000, "tpcc2's rows, loaded without FREEZE: " + without);
    // every row in the leaf the server routes its warehouse to (COPY into a leaf checks it)
    assertEquals(2, value("tpcch", "select count(distinct (tableoid, s_w_id)) from stock"));
  }

  /**
   * Step f (--foreign-keys): clause 1.3's relations as foreign keys; the transactions run under
   * them, a row without its parent is refused, and a reload with --init-jobs works beside them.
   */
  @Test
  void foreignKeysOfClause13() throws Exception {
    InProcess.Output init = run("-i", "--workload=tpcc", "-s", "1", "--foreign-keys", "tpccf");
    assertEquals(0, init.status(), init.err());
    assertTrue(init.err().contains("creating foreign keys..."), init.err());
    assertEquals(
        TpccTables.FOREIGN_KEYS.size(),
        value("tpccf", "select count(*) from pg_constraint where contype = 'f'"));
    InProcess.Output ran = run("-b", "tpcc", "-c", "2", "-t", "300", "tpccf");
    assertEquals(0, ran.status(), ran.err());
    java.sql.SQLException orphan =
        org.junit.jupiter.api.Assertions.assertThrows(
            java.sql.SQLException.class,
            () -> execute("tpccf", "insert into new_order values (99999, 1, 1)"));
    assertEquals("23503", orphan.getSQLState(), orphan.getMessage()); // foreign_key_violation
    InProcess.Output reload =
        run("-i", "--workload=tpcc", "-s", "1", "--init-jobs=2", "-I", "gk", "tpccf");
    assertEquals(0, reload.status(), reload.err());
    assertTrue(reload.err().contains("COPY FREEZE not used for the TPC-C tables"), reload.err());
  }

  /** 20,000 transactions at 2 warehouses: clause 5.2.3's mix and clause 2's input rules. */
  @Test
  @SuppressWarnings("unchecked")
  void theMixTheRollbacksTheRemoteSharesAndNopm() throws Exception {
    long orders = value("tpcc2", "select sum(d_next_o_id) from district");
    long payments = value("tpcc2", "select count(*) from history");
    Path json = dir.resolve("tpcc.json");
    InProcess.Output o =
        run(
            "-b",
            "tpcc",
            "-c",
            "4",
            "-j",
            "2",
            "-t",
            "5000",
            // each client's draws follow from the seed: the shares are the same every time, so
            // the +-1% bound cannot fail by chance (unseeded, 43.995% came once in CI: 2.9 sd)
            "--random-seed=20261207",
            "--slo=nopm>=1",
            "--report-json=" + json,
            "tpcc2");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().matches("(?s).*\\nthreshold nopm>=1: [0-9]+\\.[0-9] NOPM ok\\n.*"), o.out());
    assertTrue(o.out().contains("scaling factor: 2\n"), o.out());
    Map<String, Object> doc = JSON.std.mapFrom(Files.readString(json));
    List<Map<String, Object>> scripts = (List<Map<String, Object>>) doc.get("scripts");
    long total = 20_000;
    long[] count = new long[5];
    for (int i = 0; i < 5; i++) {
      count[i] = ((Number) scripts.get(i).get("transactions")).longValue();
    }
    assertEquals(total, java.util.Arrays.stream(count).sum());
    int[] mix = {45, 43, 4, 4, 4};
    for (int i = 0; i < 5; i++) {
      double share = 100.0 * count[i] / total;
      assertTrue(Math.abs(share - mix[i]) <= 1, scripts.get(i).get("name") + ": " + share + "%");
    }
    long gained = value("tpcc2", "select sum(d_next_o_id) from district") - orders;
    double rolledBack = 100.0 * (count[0] - gained) / count[0];
    assertTrue(Math.abs(rolledBack - 1) <= 0.3, "rolled back: " + rolledBack + "%");
    long paid = value("tpcc2", "select count(*) from history") - payments;
    assertEquals(count[1], paid);
    double remotePayments =
        100.0 * value("tpcc2", "select count(*) from history where h_c_w_id <> h_w_id") / paid;
    assertTrue(Math.abs(remotePayments - 15) <= 1.5, "remote payments: " + remotePayments + "%");
    double remoteLines =
        100.0
            * value(
                "tpcc2",
                "select count(*) filter (where ol_supply_w_id <> ol_w_id)::float8 / count(*)"
                    + " * 1e6 from order_line where ol_o_id > 3000")
            / 1e6;
    assertTrue(Math.abs(remoteLines - 1) <= 0.25, "remote order lines: " + remoteLines + "%");
    // NOPM: the orders the database gained, per minute of the run
    Map<String, Object> workload = (Map<String, Object>) doc.get("workload");
    assertNotNull(workload, "workload object");
    assertEquals(gained, ((Number) workload.get("new_orders")).longValue());
    double seconds = ((Number) workload.get("seconds")).doubleValue();
    assertEquals(gained * 60 / seconds, ((Number) workload.get("nopm")).doubleValue(), 1e-6);
    assertTrue(o.out().contains("NOPM = "), o.out());
    // compare puts NOPM first for such runs
    InProcess.Output cmp =
        InProcess.run(Map.of(), "", "compare", json.toString(), "--vs", json.toString());
    assertEquals(0, cmp.status(), cmp.err());
    assertTrue(cmp.out().lines().anyMatch(l -> l.startsWith("nopm ")), cmp.out());
    InProcess.Output check = run("-i", "--workload=tpcc", "-I", "k", "tpcc2");
    assertEquals(0, check.status(), check.err());
  }

  @Test
  void consistentAfterInitAfterRunsAndAcrossARestartNotAfterACorruption() throws Exception {
    InProcess.Output first = run("-i", "--workload=tpcc", "-I", "k", "tpcc1");
    assertEquals(0, first.status(), first.err());
    assertTrue(first.err().contains("consistency conditions 1-4 (clause 3.3.2) hold"), first.err());
    InProcess.Output[] during = new InProcess.Output[1];
    Thread t =
        new Thread(
            () ->
                during[0] =
                    run("-b", "tpcc", "--reconnect", "-c", "4", "-j", "2", "-T", "5", "tpcc1"));
    t.start();
    Thread.sleep(1_500);
    server.restart(1_000);
    t.join();
    assertEquals(0, during[0].status(), during[0].err());
    assertTrue(during[0].out().contains("outages: 1"), during[0].out());
    InProcess.Output after = run("-i", "--workload=tpcc", "-I", "k", "tpcc1");
    assertEquals(0, after.status(), after.err());

    execute("tpcc1", "update district set d_ytd = d_ytd + 1 where d_w_id = 1 and d_id = 7");
    try {
      InProcess.Output bad = run("-i", "--workload=tpcc", "-I", "k", "tpcc1");
      assertEquals(1, bad.status());
      assertTrue(
          bad.err()
              .contains(
                  "error: TPC-C consistency condition 1 (W_YTD = sum(D_YTD)) does not hold at"
                      + " warehouse 1"),
          bad.err());
    } finally {
      execute("tpcc1", "update district set d_ytd = d_ytd - 1 where d_w_id = 1 and d_id = 7");
    }
  }

  /**
   * NOPM over time: --server-stats reads the orders created at every interval's end, so the
   * intervals add up to the run's count, the page draws them, and Prometheus scrapes the counter.
   */
  @Test
  @SuppressWarnings("unchecked")
  void nopmOverTimeInTheIntervalsThePageAndTheMetrics() throws Exception {
    Path json = dir.resolve("series.json");
    Path html = dir.resolve("series.html");
    int port = org.jpgbench.testing.PrometheusServer.freePort();
    java.util.concurrent.CompletableFuture<InProcess.Output> running =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () ->
                run(
                    "-b",
                    "tpcc",
                    "-c",
                    "2",
                    "-T",
                    "4",
                    "-P",
                    "1",
                    "--server-stats",
                    "--report-json=" + json,
                    "--report-html=" + html,
                    "--metrics-listen=127.0.0.1:" + port,
                    "--metrics-linger=2",
                    "tpcc1"));
    String lastScrape = null;
    try (java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient()) {
      while (!running.isDone()) {
        try {
          java.net.http.HttpResponse<String> r =
              http.send(
                  java.net.http.HttpRequest.newBuilder(
                          java.net.URI.create("http://127.0.0.1:" + port + "/metrics"))
                      .build(),
                  java.net.http.HttpResponse.BodyHandlers.ofString());
          if (r.statusCode() == 200) {
            lastScrape = r.body();
          }
        } catch (java.io.IOException notYetOrNoMore) {
          // not listening yet, or no more
        }
        Thread.sleep(250);
      }
    }
    InProcess.Output o = running.get();
    assertEquals(0, o.status(), o.err());
    Map<String, Object> doc = JSON.std.mapFrom(Files.readString(json));
    long created =
        ((Number) ((Map<String, Object>) doc.get("workload")).get("new_orders")).longValue();
    assertTrue(created > 0, doc.get("workload").toString());
    Map<String, Object> stats = (Map<String, Object>) doc.get("server_stats");
    long sum = 0;
    for (Object e : (List<Object>) stats.get("entries")) {
      Object n = ((Map<String, Object>) e).get("new_orders");
      sum += n == null ? 0 : ((Number) n).longValue();
    }
    assertEquals(created, sum, "the intervals' new orders add up to the run's");
    assertEquals(
        created,
        ((Number) ((Map<String, Object>) stats.get("totals")).get("new_orders")).longValue());
    // the page draws NOPM over the run's time
    String page = Files.readString(html);
    String dom =
        org.jpgbench.testing.RenderedPage.render(
            dir, html, org.jpgbench.testing.RenderedPage.count(page, "<div class=\"chart\""));
    assertTrue(dom.contains("data-title=\"new orders\""), "a NOPM chart");
    assertTrue(dom.contains("<div class=\"k\">NOPM</div>"), "a NOPM card");
    // the last scrape (while the run lingers) holds the same count
    assertNotNull(lastScrape, "scraped");
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?m)^jpgbench_server_new_orders_total\\{[^}]*\\} (\\S+)$")
            .matcher(lastScrape);
    assertTrue(m.find(), lastScrape);
    assertEquals(created, (long) Double.parseDouble(m.group(1)));
  }

  /** merge (and --group, which merges its members' reports): the database's orders, once. */
  @Test
  @SuppressWarnings("unchecked")
  void mergedRunsCountTheDatabasesOrdersOnce() throws Exception {
    long before = value("tpcc1", "select sum(d_next_o_id) from district");
    Path[] parts = {dir.resolve("part1.json"), dir.resolve("part2.json")};
    for (Path p : parts) {
      InProcess.Output o = run("-b", "tpcc", "-c", "2", "-t", "200", "--report-json=" + p, "tpcc1");
      assertEquals(0, o.status(), o.err());
    }
    long gained = value("tpcc1", "select sum(d_next_o_id) from district") - before;
    Path merged = dir.resolve("merged.json");
    InProcess.Output m =
        InProcess.run(
            Map.of(),
            "",
            "merge",
            "--report-json=" + merged,
            parts[0].toString(),
            parts[1].toString());
    assertEquals(0, m.status(), m.err());
    assertTrue(m.out().contains("NOPM = "), m.out());
    Map<String, Object> w =
        (Map<String, Object>) JSON.std.mapFrom(Files.readString(merged)).get("workload");
    assertNotNull(w, "the merged report's workload");
    assertEquals(gained, ((Number) w.get("new_orders")).longValue());
    double seconds = ((Number) w.get("seconds")).doubleValue();
    assertEquals(gained * 60 / seconds, ((Number) w.get("nopm")).doubleValue(), 1e-6);
  }

  @Test
  void theScriptsRunUnderNativePgbenchAndInEveryQueryMode() throws Exception {
    NativePgbench pgbench = NativePgbench.find();
    assertNotNull(pgbench, "the native pgbench (pg_config --bindir), which CI installs");
    List<String> args =
        new ArrayList<>(
            List.of(
                "-h", server.host(), "-p", "" + server.port(), "-U", "postgres", "-n", "-s", "1"));
    String[] names = {"new-order", "payment", "order-status", "delivery", "stock-level"};
    int[] weights = {45, 43, 4, 4, 4};
    for (int i = 0; i < names.length; i++) {
      InProcess.Output shown = InProcess.run(Map.of(), "", "--show-script=tpcc-" + names[i]);
      assertEquals(0, shown.status());
      Path file = dir.resolve(names[i] + ".sql");
      // --show-script's first line names the builtin; the rest is the script
      Files.writeString(file, shown.err().substring(shown.err().indexOf('\n') + 1));
      args.add("-f");
      args.add(file + "@" + weights[i]);
    }
    args.addAll(List.of("-c", "2", "-t", "200", "tpcc1"));
    // in every query mode: extended and prepared have the server type the parameters
    for (String mode : List.of("simple", "extended", "prepared")) {
      List<String> moded = new ArrayList<>(List.of("-M", mode));
      moded.addAll(args);
      InProcess.Output o = pgbench.run(Map.of(), moded);
      assertEquals(0, o.status(), mode + ": " + o.err());
      assertTrue(o.out().contains("number of failed transactions: 0 (0.000%)"), mode + o.out());
      InProcess.Output ours = run("-b", "tpcc", "-M", mode, "-c", "2", "-t", "200", "tpcc1");
      assertEquals(0, ours.status(), mode + ": " + ours.err());
      assertTrue(
          ours.out().contains("number of failed transactions: 0 (0.000%)"), mode + ours.out());
    }
    // -s names the scale of pgbench's builtins; with the TPC-C-like scripts the warehouses do
    InProcess.Output scaled = run("-b", "tpcc", "-s", "5", "-t", "10", "tpcc1");
    assertEquals(0, scaled.status(), scaled.err());
    assertTrue(
        scaled
            .err()
            .contains(
                "jpgbench: warning: scale option ignored, using count from the warehouse table"
                    + " (1)"),
        scaled.err());
    assertTrue(scaled.out().contains("scaling factor: 1\n"), scaled.out());
    InProcess.Output check = run("-i", "--workload=tpcc", "-I", "k", "tpcc1");
    assertEquals(0, check.status(), check.err());
  }

  @Test
  void badInputIsRefusedInPgbenchsWords() {
    InProcess.Output zero = run("-i", "--workload=tpcc", "-s", "0", "tpcc1");
    assertEquals(1, zero.status());
    assertTrue(zero.err().startsWith("jpgbench: error: "), zero.err());
    InProcess.Output none = run("-b", "tpcc", "-t", "1", "empty");
    assertEquals(1, none.status());
    assertTrue(none.err().contains("could not count the warehouses"), none.err());
    assertTrue(
        none.err().contains("(\"jpgbench -i --workload=tpcc -s W\") in database \"empty\""),
        none.err());
    InProcess.Output mixed = run("-b", "tpcc", "-b", "select-only", "-t", "1", "tpcc1");
    assertEquals(1, mixed.status());
    assertTrue(mixed.err().contains("cannot run beside pgbench's builtin scripts"), mixed.err());
    InProcess.Output fk = run("-i", "--workload=tpcc", "-I", "dtcvp", "tpcc1");
    assertEquals(1, fk.status());
    assertTrue(fk.err().contains("\"c\" is not available with --workload=tpcc"), fk.err());
    InProcess.Output missed = run("-b", "tpcc", "-t", "20", "--slo=nopm>=1e9", "tpcc1");
    assertEquals(1, missed.status(), "1e9 is no number --slo takes: " + missed.err());
    InProcess.Output slo = run("-b", "tpcc", "-t", "20", "--slo=nopm>=999999999", "tpcc1");
    assertEquals(3, slo.status(), slo.out() + slo.err());
    assertTrue(slo.out().contains("threshold nopm>=999999999: "), slo.out());
    assertTrue(slo.out().contains(" NOPM FAILED\n"), slo.out());
    InProcess.Output nopm = run("-S", "-t", "1", "--slo=nopm>=1", "tpcc1");
    assertEquals(1, nopm.status());
    assertTrue(nopm.err().contains("measured by the TPC-C-like scripts only"), nopm.err());
    for (InProcess.Output x : List.of(zero, none, mixed, fk, missed, nopm)) {
      assertFalse(x.err().contains("Exception"), x.err());
    }
  }
}
