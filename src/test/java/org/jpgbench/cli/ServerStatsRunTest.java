package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpgbench.report.JsonPath;
import org.jpgbench.report.json.JsonDocuments;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.RenderedPage;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * --server-stats against the suite's server (PostgreSQL 18): what the server did shows in the
 * interval in which it happened, for a superuser and for a role without pg_monitor.
 */
@ExtendWith(PostgresExtension.class)
class ServerStatsRunTest {
  @TempDir Path dir;

  @BeforeAll
  static void init(TestDatabase db) {
    CliRun.Result r = CliRun.run(db.cliArgs("-i", "-s", "1", "-q").toArray(new String[0]));
    assertEquals(0, r.status(), r.err());
  }

  /**
   * The run's report, with the run in the background while {@code meanwhile} acts on the server.
   */
  private Map<?, ?> run(TestDatabase db, List<String> options, String stdin, Meanwhile meanwhile)
      throws Exception {
    Path json = dir.resolve("run" + System.nanoTime() + ".json");
    lastHtml = dir.resolve(json.getFileName().toString().replace(".json", ".html"));
    List<String> args = new ArrayList<>(options);
    args.addAll(List.of("--server-stats", "--report-json=" + json, "--report-html=" + lastHtml));
    CompletableFuture<CliRun.Result> run =
        CompletableFuture.supplyAsync(
            () ->
                CliRun.run(
                    Map.of(),
                    stdin,
                    db.cliArgs(args.toArray(new String[0])).toArray(new String[0])));
    if (meanwhile != null) {
      meanwhile.act();
    }
    CliRun.Result r = run.get();
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("\nserver statistics (every 1 s, "), r.out());
    // the views' counters reach them when the backends flush: the block says where they are
    assertTrue(
        r.out()
            .matches(
                "(?s).*; per-interval counters (as the backends flushed them, up to 1 s late"
                    + "|put back in the seconds they came from \\(flushed [0-2]\\.\\d\\d s late\\))\\):\n.*"),
        r.out());
    r.assertNoStackTrace();
    lastText = r.out();
    return (Map<?, ?>) JsonDocuments.parse(Files.readString(json));
  }

  private String lastText;
  private Path lastHtml;
  private String lastDom;

  /** A chart of the rendered page: its title and what its {@code <div>} tells of the drawing. */
  private record DrawnChart(String title, String xRange, String bands, String cursor) {
    /** The [from, to] seconds of each band with this label. */
    List<double[]> bands(String label) {
      List<double[]> out = new ArrayList<>();
      for (String b : bands.split(";")) {
        if (b.startsWith(label + "@")) {
          String[] fromTo = b.substring(label.length() + 1).split("-");
          out.add(new double[] {Double.parseDouble(fromTo[0]), Double.parseDouble(fromTo[1])});
        }
      }
      return out;
    }
  }

  private static final Pattern CHART_DIV = Pattern.compile("<div class=\"chart\"[^>]*>");

  /** The charts of the report, rendered by Chromium opened at {@code #fragment}. */
  private List<DrawnChart> drawn(String fragment, int charts) throws Exception {
    String dom = RenderedPage.render(dir, lastHtml, fragment, charts);
    lastDom = dom;
    List<DrawnChart> out = new ArrayList<>();
    Matcher m = CHART_DIV.matcher(dom);
    while (m.find()) {
      String tag = m.group();
      out.add(
          new DrawnChart(
              attribute(tag, "data-title"),
              attribute(tag, "data-x-range"),
              attribute(tag, "data-bands"),
              attribute(tag, "data-cursor")));
    }
    return out;
  }

  private static String attribute(String tag, String name) {
    Matcher m = Pattern.compile(" " + name + "=\"([^\"]*)\"").matcher(tag);
    return m.find() ? m.group(1) : null;
  }

  @FunctionalInterface
  interface Meanwhile {
    void act() throws Exception;
  }

  private static List<Map<?, ?>> entries(Map<?, ?> doc) {
    List<Map<?, ?>> out = new ArrayList<>();
    for (Object o : (List<?>) JsonPath.get(doc, "server_stats.entries")) {
      out.add((Map<?, ?>) o);
    }
    return out;
  }

  /** Seconds from the run's start (the report's start_time) to {@code t}. */
  private static double since(Map<?, ?> doc, Instant t) {
    Instant start = Instant.parse(JsonPath.str(doc, "start_time"));
    return (t.toEpochMilli() - start.toEpochMilli()) / 1000.0;
  }

  private static long number(Map<?, ?> entry, String key) {
    Object v = entry.get(key);
    return v == null ? 0 : ((Number) v).longValue();
  }

  /**
   * The server's per-interval commits add up to the run's transactions, and none reads as a spike:
   * what the backends flushed late, at their exit too, is put back in the seconds it came from.
   */
  @Test
  void theServersCommitsAddUpAndTheLastIntervalIsNoSpike(TestDatabase db) throws Exception {
    Map<?, ?> doc = run(db, List.of("-n", "-c", "2", "-T", "6", "-P", "1", "-N"), "", null);
    List<Map<?, ?>> entries = entries(doc);
    long commits = 0;
    double busiestServer = 0;
    for (Map<?, ?> e : entries) {
      commits += number(e, "commits");
      double seconds =
          ((Number) e.get("end")).doubleValue() - ((Number) e.get("start")).doubleValue();
      assertTrue(seconds >= 0.5, "no short interval: " + e);
      busiestServer = Math.max(busiestServer, number(e, "commits") / seconds);
    }
    long transactions = ((Number) JsonPath.get(doc, "results.transactions")).longValue();
    assertEquals(transactions, commits, transactions * 0.01 + 5, "commits against transactions");
    double lag = ((Number) JsonPath.get(doc, "server_stats.flush_lag")).doubleValue();
    assertTrue(lag >= 0 && lag <= 2, "the lag the counters were moved back by: " + lag);
    assertTrue(lastText.contains("put back in the seconds they came from"), lastText);
    double busiestClient = 0;
    for (Object o : (List<?>) JsonPath.get(doc, "intervals.entries")) {
      busiestClient = Math.max(busiestClient, ((Number) ((Map<?, ?>) o).get("tps")).doubleValue());
    }
    // as flushed, the last few hundredths of a second read ~10x the run's rate, and folded into
    // the last whole interval still 1.8-1.9x: it held its own second and the exit's flush
    assertTrue(
        busiestServer <= 1.5 * busiestClient,
        "the busiest server interval " + busiestServer + " commits/s, client " + busiestClient);
  }

  @Test
  void aCheckpointShowsInTheIntervalItHappened(TestDatabase db) throws Exception {
    Instant[] at = new Instant[2];
    Map<?, ?> doc =
        run(
            db,
            List.of("-n", "-c", "2", "-T", "5", "-P", "1", "-N"),
            "",
            () -> {
              try (Connection c = db.connect();
                  Statement s = c.createStatement()) {
                Thread.sleep(2_500);
                at[0] = Instant.now();
                s.execute("CHECKPOINT");
                at[1] = Instant.now();
              }
            });
    double issued = since(doc, at[0]);
    double done = since(doc, at[1]);
    // the requested checkpoint counts in the interval in which it happened, not before; the
    // interval is marked (others may be too: a spread checkpoint the server was already running)
    Map<?, ?> first = null;
    for (Map<?, ?> e : entries(doc)) {
      if (number(e, "checkpoints_requested") >= 1) {
        first = first == null ? e : first;
      }
    }
    assertTrue(first != null, doc.get("server_stats").toString());
    double start = ((Number) first.get("start")).doubleValue();
    double end = ((Number) first.get("end")).doubleValue();
    // counted when it completes (the command returns then), in the interval that saw it run
    assertTrue(
        start <= done + 0.1 && end >= issued,
        "CHECKPOINT from " + issued + " to " + done + " s, counted in " + first);
    assertEquals(true, first.get("checkpoint"), first.toString());
    assertTrue(
        lastText.matches(
            "(?s).*\n - checkpoints: \\d+ \\([1-9]\\d* requested, \\d+ timed\\), at .*"),
        lastText);

    // the HTML page: tps, latency, WAL, cache hits, wait events on one time axis, each with the
    // checkpoint's band where JSON has it; the cursor set at the checkpoint shows in all of them
    List<DrawnChart> charts = drawn("at=" + end, 6);
    List<DrawnChart> timed = charts.stream().filter(c -> !c.title().contains("histogram")).toList();
    assertEquals(5, timed.size(), charts.toString());
    for (DrawnChart c : timed) {
      assertEquals(timed.get(0).xRange(), c.xRange(), "one time axis: " + charts);
      assertTrue(
          c.bands("checkpoint").stream().anyMatch(b -> b[0] <= start + 1e-3 && b[1] >= end - 1e-3),
          "a checkpoint band over " + start + "-" + end + " on " + c);
      assertEquals(end, Double.parseDouble(c.cursor()), 0.6, "one cursor: " + charts);
    }
    // a share's axis ends at 100%
    Matcher hits =
        Pattern.compile("<div class=\"chart\"[^>]*data-title=\"cache hit ratio\"[^>]*>")
            .matcher(lastDom);
    assertTrue(hits.find(), "the cache hit chart");
    assertEquals("0,100", attribute(hits.group(), "data-y-range"), hits.group());
    // the server's totals as a table, each the JSON's; the wait events' shares beside them
    Map<?, ?> totals = (Map<?, ?>) JsonPath.get(doc, "server_stats.totals");
    Matcher commits =
        Pattern.compile("<tr><td class=\"t\">commits</td><td>(\\d+)</td>").matcher(lastDom);
    assertTrue(commits.find(), lastDom);
    assertEquals(((Number) totals.get("commits")).longValue(), Long.parseLong(commits.group(1)));
    assertTrue(lastDom.contains("id=\"server-waits\""), "the wait events' table");
    DrawnChart histogram = charts.get(charts.size() - 1);
    assertTrue(histogram.title().contains("histogram"), histogram.toString());
    assertTrue(histogram.cursor() == null || histogram.cursor().isEmpty(), histogram.toString());
  }

  @Test
  void aLockHolderShowsAsLockWaitsWhileItHoldsTheLock(TestDatabase db) throws Exception {
    Instant[] held = new Instant[2];
    Map<?, ?> doc =
        run(
            db,
            List.of("-c", "4", "-T", "6", "-P", "1"),
            "",
            () -> {
              try (Connection c = db.connect();
                  Statement s = c.createStatement()) {
                Thread.sleep(1_500);
                c.setAutoCommit(false);
                s.execute("LOCK pgbench_branches");
                held[0] = Instant.now();
                Thread.sleep(2_000);
                held[1] = Instant.now();
                c.commit();
              }
            });
    double from = since(doc, held[0]);
    double to = since(doc, held[1]);
    long inside = 0;
    for (Map<?, ?> e : entries(doc)) {
      double start = ((Number) e.get("start")).doubleValue();
      double end = ((Number) e.get("end")).doubleValue();
      Map<?, ?> waits = (Map<?, ?>) e.get("waits");
      long locks = number(waits, "Lock:relation");
      if (start >= from && end <= to) {
        // the clients are queued behind the lock for the whole interval: on the table itself, or
        // on a row that a client queued on the table holds
        long anyLock = 0;
        for (Map.Entry<?, ?> w : waits.entrySet()) {
          anyLock +=
              ((String) w.getKey()).startsWith("Lock:") ? ((Number) w.getValue()).longValue() : 0;
        }
        long samples = number(e, "wait_samples");
        assertTrue(anyLock >= samples * 3, "interval " + e + " under the lock");
        assertTrue(locks >= samples, "interval " + e + " under the lock");
        inside++;
      } else if (end <= from - 0.2 || start >= to + 0.5) {
        assertEquals(0, locks, "interval " + e + " outside the lock (" + from + "-" + to + " s)");
      }
    }
    assertTrue(inside >= 1, "an interval entirely under the lock: " + from + "-" + to);
    assertTrue(lastText.contains("     Lock:relation "), lastText);
  }

  @Test
  void writesShowAsWalThatGrowsWithTheTransactions(TestDatabase db) throws Exception {
    Map<?, ?> doc = run(db, List.of("-N", "-c", "2", "-T", "4", "-P", "1"), "", null);
    long wal = JsonPath.integer(doc, "server_stats.totals.wal_bytes");
    long transactions = JsonPath.integer(doc, "results.transactions");
    // an -N transaction updates an account, inserts history: a few hundred bytes of WAL each
    assertTrue(
        wal > 100 * transactions && wal < 20_000 * transactions,
        wal + " bytes of WAL for " + transactions + " transactions");
    long commits = JsonPath.integer(doc, "server_stats.totals.commits");
    assertTrue(
        // the last interval is read after the benchmark's backends exited and reported all
        Math.abs(commits - transactions) <= transactions / 100 + 20,
        commits + " commits for " + transactions + " transactions (the monitor's own excluded)");
    for (Map<?, ?> e : entries(doc)) {
      if (((Number) e.get("end")).doubleValue() - ((Number) e.get("start")).doubleValue() >= 1) {
        assertTrue(number(e, "wal_bytes") > 0, e.toString());
      }
    }
    assertTrue(JsonPath.integer(doc, "server_stats.totals.wal_records") > transactions);
  }

  @Test
  void aRoleWithoutPgMonitorGetsWhatItMayReadAndIsToldWhatIsMissing(TestDatabase db)
      throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("DROP ROLE IF EXISTS plain_monitor");
      s.execute("CREATE ROLE plain_monitor LOGIN");
    }
    TestDatabase plain = new TestDatabase(db.host(), db.port(), "plain_monitor", db.name());
    Map<?, ?> doc = run(plain, List.of("-n", "-c", "2", "-T", "3", "-f", "-"), "SELECT 1;\n", null);
    List<?> missing = (List<?>) JsonPath.get(doc, "server_stats.missing");
    assertEquals(1, missing.size(), missing.toString());
    assertTrue(missing.get(0).toString().contains("grant pg_monitor"), missing.toString());
    assertTrue(lastText.contains(" - not available: "), lastText);
    assertTrue(JsonPath.integer(doc, "server_stats.totals.commits") > 0);
    // its own backends' wait events it may always read
    assertTrue(JsonPath.integer(doc, "server_stats.wait_samples") > 10, doc.toString());
  }

  @Test
  void withoutTheOptionNothingChanges(TestDatabase db) throws Exception {
    Path json = dir.resolve("plain.json");
    CliRun.Result r =
        CliRun.run(
            Map.of(),
            "SELECT 1;\n",
            db.cliArgs("-n", "-t", "10", "-f", "-", "--report-json=" + json)
                .toArray(new String[0]));
    assertEquals(0, r.status(), r.err());
    assertFalse(r.out().contains("server statistics"), r.out());
    assertFalse(Files.readString(json).contains("server_stats"));
  }

  @Test
  void badValuesAreRefusedBeforeConnecting() {
    CliRun.run("-h", "127.0.0.1", "-p", "1", "--server-stats=0", "postgres")
        .assertError("jpgbench: error: --server-stats must be in range 1..86400\n");
    CliRun.run("-h", "127.0.0.1", "-p", "1", "--server-stats=1s", "postgres")
        .assertError("jpgbench: error: invalid value \"1s\" for option --server-stats\n");
    CliRun.run("-h", "127.0.0.1", "-p", "1", "--wait-sampling=5", "postgres")
        .assertError("jpgbench: error: --wait-sampling is allowed only under --server-stats\n");
    CliRun.run("-h", "127.0.0.1", "-p", "1", "--server-stats", "--wait-sampling=-1", "postgres")
        .assertError("jpgbench: error: --wait-sampling must be in range 0..1000\n");
  }
}
