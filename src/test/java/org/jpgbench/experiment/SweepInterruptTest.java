package org.jpgbench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C on a real sweep process (SIGINT sent with kill) during its second run: the run in flight
 * ends as an interrupted run and is not counted, the table of what completed is printed, the JSON
 * holds the completed run's full report, and the exit status is 130.
 */
@ExtendWith(PostgresExtension.class)
class SweepInterruptTest {
  @Test
  @SuppressWarnings("unchecked")
  void sigintKeepsWhatTheSweepMeasured(TestDatabase db, @TempDir Path dir) throws Exception {
    Path script = Files.writeString(dir.resolve("sleepy.sql"), "SELECT pg_sleep(0.01);\n");
    Path json = dir.resolve("sweep.json");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "org.jpgbench.cli.Main",
                "sweep"));
    cmd.addAll(
        db.cliArgs(
            "--clients=1,2,4",
            "--repeat=2",
            "-n",
            "-T",
            "2",
            "-f",
            script.toString(),
            "--report-json=" + json,
            "--report-html=" + dir.resolve("sweep.html")));
    Path out = dir.resolve("out");
    Process p =
        new ProcessBuilder(cmd)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(dir.resolve("err").toFile())
            .start();
    try {
      for (int i = 0; i < 600 && !Files.readString(out).contains("clients 1, run 1/2: "); i++) {
        Thread.sleep(50);
      }
      assertTrue(Files.readString(out).contains("clients 1, run 1/2: "), "the first run ended");
      Thread.sleep(700); // into the second run
      new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
      assertTrue(p.waitFor(30, TimeUnit.SECONDS), "stopped before the rest of the sweep");
    } finally {
      p.destroyForcibly();
    }
    String text = Files.readString(out);
    assertEquals(130, p.exitValue(), text + Files.readString(dir.resolve("err")));
    assertTrue(text.contains("clients 2, run 1/2: "), text);
    assertTrue(text.contains("(interrupted: not counted)"), text);
    assertTrue(text.contains("sweep interrupted: the points measured so far"), text);
    assertTrue(!text.contains("run 2/2"), text);
    // the point that never ran says so, on the page too, which says the sweep was interrupted
    assertTrue(text.lines().anyMatch(l -> l.matches(" +4 .* not run")), text);
    String page = Files.readString(dir.resolve("sweep.html"));
    assertTrue(page.contains("The sweep was interrupted"), "the page says so");
    assertTrue(page.contains("not run"), "the point that never ran");
    // drawn in Chromium without a console error: the two charts of the points measured
    org.jpgbench.testing.RenderedPage.render(dir, dir.resolve("sweep.html"), 2);
    Map<String, Object> doc = JSON.std.mapFrom(Files.readString(json));
    assertEquals(true, doc.get("interrupted"));
    List<Map<String, Object>> points = (List<Map<String, Object>>) doc.get("points");
    assertEquals(1, ((Number) points.get(0).get("runs_measured")).intValue());
    assertEquals(1, ((List<?>) points.get(0).get("reports")).size());
    assertEquals(0, ((Number) points.get(1).get("runs_measured")).intValue());
    assertEquals(false, points.get(2).get("ran"), "the point never reached");
  }
}
