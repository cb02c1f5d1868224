package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C on a real jpgbench process (its own JVM, SIGINT sent with kill): the report of what ran,
 * the interrupted line, exit status 130, the log flushed.
 */
@ExtendWith(PostgresExtension.class)
class CtrlCProcessTest {
  @Test
  void sigintEndsTheRunWithAPartialReport(TestDatabase db, @TempDir Path dir) throws Exception {
    Path script = Files.writeString(dir.resolve("sleepy.sql"), "SELECT pg_sleep(0.05);\n");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "org.jpgbench.cli.Main"));
    cmd.addAll(db.cliArgs("-n", "-c", "2", "-T", "60", "-l", "-f", script.toString()));
    Process p =
        new ProcessBuilder(cmd)
            .directory(dir.toFile())
            .redirectOutput(dir.resolve("out").toFile())
            .redirectError(dir.resolve("err").toFile())
            .start();
    try {
      awaitQueries(db, p);
      Thread.sleep(300);
      new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
      assertTrue(p.waitFor(30, TimeUnit.SECONDS), "stopped long before -T 60");
    } finally {
      p.destroyForcibly();
    }
    String out = Files.readString(dir.resolve("out"));
    String err = Files.readString(dir.resolve("err"));
    assertEquals(130, p.exitValue(), out + err);
    assertTrue(out.contains("\nduration: 60 s\n"), out);
    String processed =
        out.lines()
            .filter(l -> l.startsWith("number of transactions actually"))
            .findFirst()
            .orElseThrow();
    long n = Long.parseLong(processed.replaceAll("\\D+", ""));
    assertTrue(out.contains("\ntps = "), out);
    assertTrue(
        err.endsWith(
            "jpgbench: warning: Run was interrupted; the above results are " + "partial.\n"),
        err);
    long logged;
    try (var files = Files.list(dir)) {
      logged =
          files
              .filter(f -> f.getFileName().toString().startsWith("pgbench_log."))
              .mapToLong(
                  f -> {
                    try {
                      return Files.readAllLines(f).size();
                    } catch (java.io.IOException e) {
                      throw new java.io.UncheckedIOException(e);
                    }
                  })
              .sum();
    }
    assertEquals(n, logged, "every counted transaction is logged");
  }

  private static void awaitQueries(TestDatabase db, Process p) throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      for (int i = 0; i < 400 && p.isAlive(); i++) {
        try (ResultSet rs =
            s.executeQuery(
                "select count(*) from pg_stat_activity where query "
                    + "like 'SELECT pg_sleep(0.05)%' and pid <> pg_backend_pid()")) {
          rs.next();
          if (rs.getInt(1) > 0) {
            return;
          }
        }
        Thread.sleep(50);
      }
    }
    throw new AssertionError("the run did not start");
  }
}
