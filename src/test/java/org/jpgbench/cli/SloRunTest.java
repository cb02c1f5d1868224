package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jpgbench.report.JsonPath;
import org.jpgbench.report.json.JsonDocuments;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** --slo on real runs: the threshold lines, the JSON's slo array and the exit status 3. */
@ExtendWith(PostgresExtension.class)
class SloRunTest {
  @TempDir Path dir;

  private CliRun.Result run(TestDatabase db, String... middle) {
    List<String> args = db.cliArgs(middle);
    return CliRun.run(Map.of(), "SELECT 1;\n", args.toArray(new String[0]));
  }

  @Test
  void anUnreachableThresholdFailsTheRunWithItsOwnExitStatus(TestDatabase db) throws Exception {
    Path json = dir.resolve("r.json");
    CliRun.Result r =
        run(
            db,
            "-n",
            "-c",
            "2",
            "-t",
            "50",
            "-f",
            "-",
            "--slo=tps>=1000000000, p99<=10000ms",
            "--report-json=" + json);
    assertEquals(3, r.status(), r.err());
    String[] lines = r.out().split("\n");
    String tps = lines[lines.length - 2];
    String p99 = lines[lines.length - 1];
    assertTrue(
        Pattern.matches("threshold tps>=1000000000: [0-9]+\\.[0-9]{6} tps FAILED", tps), r.out());
    assertTrue(Pattern.matches("threshold p99<=10000ms: [0-9]+\\.[0-9]{3} ms ok", p99), r.out());
    assertTrue(r.out().contains("number of transactions actually processed: 100/100\n"), r.out());
    Object doc = JsonDocuments.parse(Files.readString(json));
    assertEquals("tps>=1000000000", JsonPath.str(doc, "slo.0.threshold"));
    assertEquals(false, JsonPath.get(doc, "slo.0.met"));
    assertEquals(true, JsonPath.get(doc, "slo.1.met"));
    assertEquals("ms", JsonPath.str(doc, "slo.1.unit"));
    assertEquals(10000.0, JsonPath.num(doc, "slo.1.limit"));
    assertEquals(JsonPath.num(doc, "results.tps"), JsonPath.num(doc, "slo.0.measured"), 1e-9);
    r.assertNoStackTrace();
  }

  @Test
  void aRunThatMeetsItsThresholdsExitsWithZero(TestDatabase db) {
    CliRun.Result r = run(db, "-n", "-t", "20", "-f", "-", "--slo=p99<=10000ms,failed<=0%");
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("threshold p99<=10000ms: "), r.out());
    assertTrue(r.out().endsWith("threshold failed<=0%: 0.000% ok\n"), r.out());
  }

  @Test
  void aGroupIsCheckedOnceOnItsMergedReport(TestDatabase db) {
    CliRun.Result r =
        run(
            db,
            "-n",
            "-c",
            "2",
            "-t",
            "20",
            "-f",
            "-",
            "--group=slo",
            "--group-size=1",
            "--slo=tps>=1000000000,p99<=10000ms");
    assertEquals(3, r.status(), r.err());
    assertEquals(1, r.out().split("threshold tps>=1000000000: ", -1).length - 1, r.out());
    assertTrue(r.out().contains("tps FAILED\nthreshold p99<=10000ms: "), r.out());
    assertTrue(r.out().endsWith(" ms ok\n"), r.out());
  }

  @Test
  void sloAbortStopsTheRunAtTheFirstIntervalThatFails(TestDatabase db) throws Exception {
    Path json = dir.resolve("stopped.json");
    List<String> args =
        db.cliArgs(
            "-n",
            "-c",
            "2",
            "-T",
            "30",
            "-P",
            "1",
            "-f",
            "-",
            "--slo=avg<=1000ms,p99<=5ms",
            "--slo-abort",
            "--report-json=" + json);
    long t0 = System.nanoTime();
    CliRun.Result r = CliRun.run(Map.of(), "SELECT pg_sleep(0.02);\n", args.toArray(new String[0]));
    double seconds = (System.nanoTime() - t0) / 1e9;
    assertEquals(3, r.status(), r.err());
    assertTrue(seconds < 15, "stopped after " + seconds + " s, not at the first interval");
    assertTrue(
        Pattern.compile(
                "jpgbench: warning: threshold p99<=5ms failed after 1\\.[0-9] s \\([0-9.]+ ms\\):"
                    + " the run was stopped \\(--slo-abort\\)\n")
            .matcher(r.err())
            .find(),
        r.err());
    assertTrue(
        r.err().contains("Run was stopped by --slo-abort; the above results are partial."),
        r.err());
    assertTrue(r.out().contains("duration: 30 s\n"), r.out());
    assertTrue(r.out().contains("threshold avg<=1000ms: "), r.out());
    assertTrue(Pattern.compile("threshold p99<=5ms: [0-9.]+ ms FAILED\n").matcher(r.out()).find());
    Object doc = JsonDocuments.parse(Files.readString(json));
    assertEquals("p99<=5ms", JsonPath.str(doc, "slo_abort.threshold"));
    double elapsed = JsonPath.num(doc, "slo_abort.elapsed");
    assertTrue(elapsed >= 0.9 && elapsed < 3, "elapsed " + elapsed);
    assertTrue(JsonPath.num(doc, "slo_abort.measured") > 5, r.out());
    assertEquals("ms", JsonPath.str(doc, "slo_abort.unit"));
    assertEquals(false, JsonPath.get(doc, "results.interrupted"));
    assertTrue(JsonPath.num(doc, "results.transactions") > 0, r.out());
    r.assertNoStackTrace();
  }

  @Test
  void sloAbortLetsARunThatMeetsItsThresholdsEnd(TestDatabase db) throws Exception {
    Path json = dir.resolve("whole.json");
    CliRun.Result r =
        run(
            db,
            "-n",
            "-T",
            "2",
            "-P",
            "1",
            "-f",
            "-",
            "--slo=p99<=10000ms,failed<=0%",
            "--slo-abort",
            "--report-json=" + json);
    assertEquals(0, r.status(), r.err());
    assertTrue(!r.err().contains("slo-abort"), r.err());
    assertTrue(r.out().endsWith("threshold failed<=0%: 0.000% ok\n"), r.out());
    Map<?, ?> doc = (Map<?, ?>) JsonDocuments.parse(Files.readString(json));
    assertTrue(doc.containsKey("slo") && !doc.containsKey("slo_abort"), doc.keySet().toString());
  }

  @Test
  void sloAbortNeedsSloAndProgressAndASingleRun() {
    String[][] cases = {
      {"--slo-abort", "-P", "1"},
      {"--slo=tps>=1", "--slo-abort"},
      {"--slo=tps>=1", "--slo-abort", "-P", "1", "--group=g", "--group-size=2"},
    };
    String[] errors = {
      "jpgbench: error: --slo-abort is allowed only under --slo\n",
      "jpgbench: error: --slo-abort is allowed only under --progress\n",
      "jpgbench: error: --slo-abort cannot be used with --group (the group's thresholds are"
          + " checked on its merged report)\n",
    };
    for (int i = 0; i < cases.length; i++) {
      List<String> args = new java.util.ArrayList<>(List.of("-h", "127.0.0.1", "-p", "1"));
      args.addAll(List.of(cases[i]));
      args.add("postgres");
      CliRun.Result r = CliRun.run(args.toArray(new String[0]));
      assertEquals(1, r.status(), String.join(" ", cases[i]));
      assertTrue(r.err().startsWith(errors[i]), r.err());
      r.assertNoStackTrace();
    }
    CliRun.Result sweep =
        CliRun.run(
            "sweep",
            "--clients=1,2",
            "-h",
            "127.0.0.1",
            "-p",
            "1",
            "-T",
            "1",
            "-P",
            "1",
            "--slo=tps>=1",
            "--slo-abort",
            "postgres");
    assertEquals(1, sweep.status());
    assertTrue(
        sweep
            .err()
            .startsWith(
                "jpgbench: error: --slo-abort applies to a single run (an experiment's runs are"
                    + " compared whole)\n"),
        sweep.err());
  }

  @Test
  void withoutSloTheReportHasNoThresholdLines(TestDatabase db) {
    CliRun.Result r = run(db, "-n", "-t", "5", "-f", "-");
    assertEquals(0, r.status(), r.err());
    assertTrue(!r.out().contains("threshold"), r.out());
  }

  @Test
  void anUnparsableThresholdIsRefusedBeforeConnecting() {
    // a port nothing listens on: a connection attempt would fail differently
    CliRun.Result r =
        CliRun.run("-h", "127.0.0.1", "-p", "1", "-t", "1", "--slo=p99<=fast", "postgres");
    assertEquals(1, r.status());
    assertTrue(
        r.err().startsWith("jpgbench: error: invalid value \"p99<=fast\" for option --slo\n"),
        r.err());
    assertEquals("", r.out());
    r.assertNoStackTrace();
  }
}
