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
import java.util.stream.Stream;
import org.jpgbench.server.EmbeddedPostgres;
import org.jpgbench.testing.InProcess;
import org.jpgbench.testing.TestCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Initializations compared: {@code -i --report-json}'s report (each step's seconds and the total),
 * {@code compare} on such reports, {@code ab -i} between two databases, and {@code ab} between
 * throwaway servers of two PostgreSQL installations (--a-bindir, --b-bindir).
 */
@Timeout(300)
class InitComparedTest {
  private static final List<String> STEPS =
      List.of("done in", "drop tables", "create tables", "client-side generate", "vacuum");

  @TempDir static Path dir;
  private static TestCluster server;

  @BeforeAll
  static void start() throws Exception {
    server = TestCluster.create(dir);
    try (Connection c = server.connect("postgres");
        Statement s = c.createStatement()) {
      s.execute("create database init_a");
      s.execute("create database init_b");
    }
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

  private static InProcess.Output ab(String... args) {
    List<String> a =
        new ArrayList<>(
            List.of("ab", "-h", server.host(), "-p", "" + server.port(), "-U", "postgres"));
    a.addAll(List.of(args));
    return InProcess.run(Map.of(), "", a.toArray(new String[0]));
  }

  private static InProcess.Output command(String name, String... args) {
    List<String> a = new ArrayList<>(List.of(name));
    a.addAll(List.of(args));
    return InProcess.run(Map.of(), "", a.toArray(new String[0]));
  }

  /** An initialization's report: its steps, their sum as "done in", the server and the settings. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> init(Path json, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("-i", "-s", "2", "--report-json=" + json));
    args.addAll(List.of(more));
    args.add("init_a");
    InProcess.Output o = run(args.toArray(new String[0]));
    assertEquals(0, o.status(), o.err());
    Map<String, Object> doc = JSON.std.mapFrom(Files.readString(json));
    assertEquals("jpgbench-init/1", doc.get("schema"));
    Map<String, Object> results = (Map<String, Object>) doc.get("results");
    List<Map<String, Object>> steps = (List<Map<String, Object>>) results.get("steps");
    double sum = steps.stream().mapToDouble(s -> ((Number) s.get("seconds")).doubleValue()).sum();
    assertEquals(sum, ((Number) results.get("done_in")).doubleValue(), 1e-9);
    assertEquals(true, results.get("completed"));
    // the text's closing line gives the same figures
    String done = o.err().lines().filter(l -> l.startsWith("done in ")).findFirst().orElseThrow();
    assertTrue(done.startsWith(String.format(java.util.Locale.ROOT, "done in %.2f s", sum)), done);
    return doc;
  }

  @Test
  @SuppressWarnings("unchecked")
  void initReportsAreComparedStepByStep() throws Exception {
    List<String> base = new ArrayList<>();
    List<String> neu = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Path b = dir.resolve("base" + i + ".json");
      Map<String, Object> doc = init(b);
      base.add(b.toString());
      Map<String, Object> settings = (Map<String, Object>) doc.get("settings");
      assertEquals(2, settings.get("scaling_factor"));
      assertEquals("dtgvp", settings.get("init_steps"));
      assertTrue(((Map<String, Object>) doc.get("server")).get("version") != null);
      Path n = dir.resolve("new" + i + ".json");
      init(n, "--unlogged-tables");
      neu.add(n.toString());
    }
    List<String> args = new ArrayList<>(base);
    args.add("--vs");
    args.addAll(neu);
    InProcess.Output o = command("compare", args.toArray(new String[0]));
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("  unlogged_tables: false vs true\n"), o.out());
    for (String step : STEPS) {
      String row = o.out().lines().filter(l -> l.startsWith(step + " ")).findFirst().orElseThrow();
      assertTrue(row.matches(".* [0-9]+\\.[0-9]{2} s .*"), row);
    }
    assertTrue(o.out().contains("seconds on the log scale"), o.out());

    // an initialization at another scale, or a run, is not compared with these
    Path other = dir.resolve("scale1.json");
    InProcess.Output one = run("-i", "-s", "1", "--report-json=" + other, "init_b");
    assertEquals(0, one.status(), one.err());
    InProcess.Output scale = command("compare", base.get(0), "--vs", other.toString());
    assertEquals(1, scale.status());
    assertTrue(scale.err().contains("scaling factor: 2"), scale.err());
    Path runReport = dir.resolve("run.json");
    InProcess.Output r = run("-S", "-t", "5", "--report-json=" + runReport, "init_b");
    assertEquals(0, r.status(), r.err());
    InProcess.Output mixed = command("compare", base.get(0), "--vs", runReport.toString());
    assertEquals(1, mixed.status());
    assertTrue(mixed.err().contains("cannot compare an initialization with a run"), mixed.err());
    InProcess.Output metric = command("compare", "--metric=tps", base.get(0), "--vs", neu.get(0));
    assertEquals(1, metric.status());
    assertTrue(metric.err().contains("--metric does not apply"), metric.err());
    // a path that cannot be written is found before the first step
    InProcess.Output bad = run("-i", "--report-json=/nonexistent/x.json", "init_b");
    assertEquals(1, bad.status());
    assertTrue(bad.err().contains("/nonexistent/x.json"), bad.err());
    assertFalse(bad.err().contains("dropping old tables"), bad.err());
  }

  @Test
  @SuppressWarnings("unchecked")
  void abInitComparesTheTotalAndEachStep() throws Exception {
    Path json = dir.resolve("ab-init.json");
    InProcess.Output o =
        ab(
            "-i",
            "-s",
            "2",
            "--a=dbname=init_a",
            "--b=dbname=init_b",
            "--rounds=2",
            "--report-json=" + json);
    assertEquals(0, o.status(), o.err());
    for (String step : STEPS) {
      String row = o.out().lines().filter(l -> l.startsWith(step + " ")).findFirst().orElseThrow();
      assertTrue(
          row.matches(".*(improved|regressed|unchanged|~.*)$"),
          "a verdict for " + step + ": " + row);
    }
    List<String> sides =
        o.out()
            .lines()
            .filter(l -> l.contains(": initialization "))
            .map(l -> l.substring(0, 1))
            .toList();
    assertEquals(List.of("A", "B", "B", "A"), sides);
    Map<String, Object> doc = JSON.std.mapFrom(Files.readString(json));
    assertEquals("init", doc.get("mode"));
    assertEquals(2, ((List<?>) doc.get("reports_a")).size());
    List<Map<String, Object>> metrics = (List<Map<String, Object>>) doc.get("metrics");
    assertEquals(STEPS, metrics.stream().map(m -> m.get("metric")).toList().subList(0, 5));

    InProcess.Output refused = ab("-i", "--a=dbname=init_a", "--b=dbname=init_b", "--metric=tps");
    assertEquals(1, refused.status());
    assertTrue(refused.err().contains("do not apply to ab -i"), refused.err());
  }

  /** A bin directory whose programs are links to the embedded server's: a second installation. */
  private static Path linkedBinDir(String name) throws Exception {
    Path programs = EmbeddedPostgres.programDirectory(System.err);
    Path to = Files.createDirectories(dir.resolve(name));
    try (Stream<Path> files = Files.list(programs)) {
      for (Path f : files.toList()) {
        Files.createSymbolicLink(to.resolve(f.getFileName()), f);
      }
    }
    return to;
  }

  @Test
  void throwawayServersFromTwoInstallations() throws Exception {
    Path a = linkedBinDir("bin-a");
    Path b = linkedBinDir("bin-b");
    InProcess.Output o =
        command(
            "ab",
            "--a-bindir=" + a,
            "--b-bindir=" + b,
            "--rounds=2",
            "--warmup=0",
            "--metric=tps",
            "-S",
            "-T",
            "1");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("A = A (throwaway server from " + a + "), server "), o.out());
    assertTrue(o.out().contains("B = B (throwaway server from " + b + "), server "), o.out());
    assertTrue(o.out().lines().anyMatch(l -> l.startsWith("tps ")), o.out());

    InProcess.Output bad = command("ab", "--a-bindir=" + dir, "-S", "-T", "1");
    assertEquals(1, bad.status());
    assertTrue(
        bad.err().contains("could not start the embedded PostgreSQL server: " + dir + ": "),
        bad.err());
    assertFalse(bad.err().contains("Exception"), bad.err());
  }
}
