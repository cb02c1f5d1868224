package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jpgbench.report.JsonDocuments;
import org.jpgbench.report.JsonPath;
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
