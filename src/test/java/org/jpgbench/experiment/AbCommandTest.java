package org.jpgbench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jpgbench.testing.InProcess;
import org.jpgbench.testing.RenderedPage;
import org.jpgbench.testing.TestCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jpgbench ab} on a server of its own with durable commits (fsync on): a database against
 * itself, and against a copy whose commits wait for the WAL flush (synchronous_commit = on).
 */
@Timeout(300)
class AbCommandTest {
  @TempDir static Path dir;
  private static TestCluster server;

  @BeforeAll
  static void start() throws Exception {
    server = TestCluster.create(dir);
    server.restartWith("fsync=on");
    try (Connection c = server.connect("postgres");
        Statement s = c.createStatement()) {
      s.execute("create database ab_async");
      s.execute("alter database ab_async set synchronous_commit = off");
      s.execute("create database ab_sync");
      s.execute("alter database ab_sync set synchronous_commit = on");
      s.execute("create database ab_scale2");
      s.execute("create database ab_empty");
    }
    InProcess.Output scale2 =
        run(
            "-i",
            "-q",
            "-s",
            "2",
            "-h",
            server.host(),
            "-p",
            "" + server.port(),
            "-U",
            "postgres",
            "ab_scale2");
    assertEquals(0, scale2.status(), scale2.err());
    for (String db : List.of("ab_async", "ab_sync")) {
      InProcess.Output init =
          run("-i", "-q", "-h", server.host(), "-p", "" + server.port(), "-U", "postgres", db);
      assertEquals(0, init.status(), init.err());
    }
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static InProcess.Output run(String... args) {
    return InProcess.run(Map.of(), "", args);
  }

  private static InProcess.Output ab(String... args) {
    List<String> a =
        new ArrayList<>(
            List.of("ab", "-h", server.host(), "-p", "" + server.port(), "-U", "postgres"));
    a.addAll(List.of(args));
    return run(a.toArray(new String[0]));
  }

  private static String row(InProcess.Output o, String metric) {
    return o.out().lines().filter(l -> l.startsWith(metric + " ")).findFirst().orElseThrow();
  }

  /**
   * --rounds=auto: a line per round from the second with the interval so far, at most MAX rounds
   * (here the sides are one database and 1 s runs noisy, so it may or may not decide), the final
   * table at the spent level, and --max-time ending it after the round that reaches it.
   */
  @Test
  void roundsUntilDecidedPrintTheIntervalEachRound() {
    InProcess.Output o =
        ab(
            "--a=dbname=ab_async",
            "--b=dbname=ab_async",
            "--rounds=auto:3",
            "--metric=tps",
            "-S",
            "-c",
            "1",
            "-T",
            "1");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("up to 3 rounds, each look at alpha 0.05 / 2"), o.out());
    // each side warmed up (by default as long as a run, up to 10 s) before its first run only
    List<String> warm = o.out().lines().filter(l -> l.contains("warm-up")).toList();
    assertEquals(
        List.of(
            "A, clients 1: warm-up 1 s (not measured)", "B, clients 1: warm-up 1 s (not measured)"),
        warm,
        o.out());
    List<String> looks = o.out().lines().filter(l -> l.startsWith("round ")).toList();
    assertTrue(!looks.isEmpty() && looks.size() <= 2, o.out());
    assertTrue(looks.get(0).matches("round 2: tps [+-][0-9.]+% \\[.*\\] .*"), looks.get(0));
    long runs = o.out().lines().filter(l -> l.contains(", run ")).count();
    assertTrue(runs == 2L * (looks.size() + 1), o.out());
    assertTrue(o.out().contains("alpha 0.025."), "the final table at the spent level: " + o.out());

    InProcess.Output timed =
        ab(
            "--a=dbname=ab_async",
            "--b=dbname=ab_async",
            "--rounds=9",
            "--max-time=1",
            "--warmup=0",
            "-S",
            "-T",
            "1");
    assertEquals(0, timed.status(), timed.err());
    assertTrue(timed.out().contains("--max-time reached after round 1"), timed.out());
    assertTrue(!timed.out().contains("warm-up"), "--warmup=0: none " + timed.out());
    InProcess.Output bad = ab("--a=dbname=ab_async", "--b=dbname=ab_async", "--rounds=auto:1");
    assertEquals(1, bad.status(), bad.err());
  }

  /**
   * Before the first round: a side without the pgbench tables, or whose scale differs, is refused
   * with what differs (exit 1, no run made); --force compares them anyway, saying what differs.
   */
  @Test
  void sidesWhoseTablesDifferAreRefusedBeforeTheFirstRound() {
    InProcess.Output scale =
        ab("--a=dbname=ab_async", "--b=dbname=ab_scale2", "--rounds=2", "-S", "-T", "1");
    assertEquals(1, scale.status(), scale.out() + scale.err());
    assertTrue(
        scale
            .err()
            .contains("the sides are not comparable: A: scale 1, partitions: none; B: scale 2"),
        scale.err());
    assertTrue(scale.out().lines().noneMatch(l -> l.contains(", run ")), "no run: " + scale.out());

    InProcess.Output empty =
        ab("--a=dbname=ab_async", "--b=dbname=ab_empty", "--rounds=2", "-S", "-T", "1");
    assertEquals(1, empty.status(), empty.err());
    assertTrue(empty.err().contains("pgbench_branches"), empty.err());
    assertTrue(empty.err().contains("side B (dbname=ab_empty) cannot be benchmarked"), empty.err());

    InProcess.Output forced =
        ab("--a=dbname=ab_async", "--b=dbname=ab_scale2", "--rounds=2", "--force", "-S", "-T", "1");
    assertEquals(0, forced.status(), forced.err());
    assertTrue(forced.err().contains("comparing sides whose pgbench tables differ"), forced.err());
  }

  /**
   * ab --embedded: each side a throwaway server with its own settings (--b-set), initialized at -s;
   * the settings that differ are named, and --a/--b with it, or --b-set without it, are refused.
   */
  @Test
  void throwawayServersWithTheirOwnSettings() {
    InProcess.Output o =
        run(
            "ab",
            "--embedded",
            "--b-set=fsync=on,synchronous_commit=on",
            "--rounds=auto:12",
            "--warmup=0",
            "--metric=tps",
            "-N",
            "-c",
            "2",
            "-T",
            "2");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.err().contains("starting side B's throwaway server with fsync=on"), o.err());
    assertTrue(o.out().contains("  fsync: off vs on\n"), o.out());
    assertTrue(o.out().contains("  synchronous_commit: "), o.out());
    assertTrue(
        o.out().contains("B = B (throwaway server with fsync=on,synchronous_commit=on)"), o.out());
    // the embedded servers run with fsync off: waiting for the flush of every commit on B is
    // found a regression, rounds added until it is decided
    assertTrue(o.out().lines().filter(l -> l.contains(", run ")).count() >= 4, o.out());
    assertTrue(row(o, "tps").endsWith("regressed"), o.out());

    InProcess.Output both = run("ab", "--embedded", "--a=dbname=x", "-T", "1");
    assertEquals(1, both.status());
    assertTrue(both.err().contains("--a and --b are not used"), both.err());
    InProcess.Output set = ab("--a=dbname=ab_async", "--b=dbname=ab_sync", "--b-set=fsync=on");
    assertEquals(1, set.status());
    assertTrue(set.err().contains("they need --embedded"), set.err());
  }

  @Test
  void aDatabaseAgainstItselfIsUnchanged() {
    // alpha 0.01: a comparison of equals claims a difference in 1% of cases by construction. On
    // two shared cores a 1 s run's tps is bimodal (where the scheduler puts the
    // backends), and 4 such runs per side once fell 4 low against
    // 4 high (CI of 9c4c87c): 6 rounds of 2 s let each side see both modes.
    InProcess.Output o =
        ab(
            "--a=dbname=ab_async",
            "--b=dbname=ab_async",
            "--rounds=6",
            "--alpha=0.01",
            "-S",
            "-c",
            "2",
            "-T",
            "2");
    assertEquals(0, o.status(), o.err());
    // the same database on both sides: never a difference; unchanged, or ~ where 2 s runs are
    // too noisy to show the sides within the margin
    assertTrue(row(o, "tps").endsWith("unchanged") || row(o, "tps").contains(" ~"), o.out());
    assertTrue(
        o.out().contains("no server setting or run parameter differs between A and B"), o.out());
    // ABBA: A B, B A, A B, B A, ...
    List<String> sides =
        o.out().lines().filter(l -> l.contains(", run ")).map(l -> l.substring(0, 1)).toList();
    assertEquals(List.of("A", "B", "B", "A", "A", "B", "B", "A", "A", "B", "B", "A"), sides);
  }

  @Test
  @SuppressWarnings("unchecked")
  void waitingForTheWalFlushIsARegression() throws Exception {
    Path json = dir.resolve("ab.json");
    Path html = dir.resolve("ab.html");
    InProcess.Output o =
        ab(
            "--a=dbname=ab_async password=hunter2",
            "--b=postgresql:///ab_sync",
            "--label-a=async",
            "--label-b=sync",
            "--rounds=6",
            "-N",
            "-c",
            "2",
            "-T",
            "1",
            "--report-json=" + json,
            "--report-html=" + html,
            "--report-csv=" + dir.resolve("ab.csv"));
    assertEquals(0, o.status(), o.err());
    assertTrue(row(o, "tps").endsWith("regressed"), o.out());
    assertTrue(row(o, "latency").endsWith("regressed"), o.out());
    assertTrue(
        o.out().contains("what differs between A and B:\n  synchronous_commit: off vs on\n"),
        o.out());
    assertFalse(o.out().contains("hunter2") || o.err().contains("hunter2"));
    Map<String, Object> doc = JSON.std.mapFrom(Files.readString(json));
    assertFalse(Files.readString(json).contains("hunter2"));
    assertEquals("jpgbench-ab/1", doc.get("schema"));
    assertEquals(
        List.of(Map.of("name", "synchronous_commit", "base", "off", "new", "on")),
        doc.get("differences"));
    @SuppressWarnings("unchecked")
    Map<String, Object> point = ((List<Map<String, Object>>) doc.get("points")).get(0);
    assertEquals(6, ((List<?>) point.get("reports_a")).size());
    assertEquals(6, ((List<?>) point.get("reports_b")).size());
    @SuppressWarnings("unchecked")
    Map<String, Object> tps = ((List<Map<String, Object>>) point.get("metrics")).get(0);
    assertEquals("regressed", tps.get("verdict"));
    assertTrue(((Number) tps.get("ci_high")).doubleValue() < 0, tps.toString());
    // the CSV holds the JSON's verdicts, a row per metric
    List<org.apache.commons.csv.CSVRecord> csv =
        CompareCommandTest.csv(Files.readString(dir.resolve("ab.csv")));
    List<Map<String, Object>> metrics = (List<Map<String, Object>>) point.get("metrics");
    assertEquals(metrics.size(), csv.size());
    for (int i = 0; i < csv.size(); i++) {
      assertEquals(metrics.get(i).get("metric"), csv.get(i).get("metric"));
      assertEquals(metrics.get(i).get("verdict"), csv.get(i).get("verdict"));
      assertEquals("clients 2", csv.get(i).get("point"));
    }
    String dom = RenderedPage.render(dir, html, 2);
    assertEquals(6 + 1, RenderedPage.rowsOf(dom, "verdicts clients 2")); // a row per metric
    assertTrue(dom.contains("synchronous_commit: off vs on"), "the differing setting");
    assertFalse(dom.contains("hunter2"));
  }

  @Test
  void anUnreachableSideIsAnErrorBeforeAnyRun() {
    InProcess.Output o = ab("--a=dbname=ab_async", "--b=host=127.0.0.1 port=1 dbname=x", "-T", "1");
    assertEquals(1, o.status());
    assertTrue(o.err().startsWith("jpgbench: error: connection to server"), o.err());
    assertTrue(
        o.err().contains("side B (host=127.0.0.1 port=1 dbname=x) cannot be reached"), o.err());
    assertFalse(o.out().contains(", run "), o.out());
    InProcess.Output missing = ab("--a=dbname=ab_async", "-T", "1");
    assertEquals(1, missing.status());
    assertTrue(missing.err().contains("ab needs both sides"), missing.err());
    // a syntax error is said as one, once, before anything connects
    InProcess.Output syntax = ab("--a=dbname=ab_async", "--b=dbname=x foo=bar", "-T", "1");
    assertEquals(1, syntax.status());
    assertEquals(
        "jpgbench: error: invalid connection string in --b: invalid connection option \"foo\"\n",
        syntax.err());
    // a database name besides --a and --b is refused, not silently ignored
    InProcess.Output positional =
        ab("--a=dbname=ab_async", "--b=dbname=ab_sync", "-T", "1", "ab_sync");
    assertEquals(1, positional.status());
    assertTrue(positional.err().contains("not a database name (\"ab_sync\")"), positional.err());
  }
}
