package org.jpgbench.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.PrometheusServer;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution tarball as a user installs it: unpacked into a fresh directory, run with a PATH
 * that holds no java and no mvn, as an unprivileged account, through bin/jpgbench and the link
 * bin/pgbench, against the embedded server and against the test server's Unix socket. A successful
 * run says nothing on stderr: no JVM warning, no note of any kind. The runtime is jlink's, trimmed
 * to the modules jpgbench names: what needs one more (as --metrics-listen did while it served on
 * the JDK's jdk.httpserver) is run here from the tarball.
 */
@ExtendWith(PostgresExtension.class)
class DistributionIT {
  @TempDir static Path work;
  private static Path dist;
  private static Path path;

  @BeforeAll
  static void unpack() throws Exception {
    Path build = Path.of(System.getProperty("jpgbench.build", "target"));
    Path tarball;
    try (Stream<Path> s = Files.list(build)) {
      tarball =
          s.filter(p -> p.getFileName().toString().matches("jpgbench-.*-linux-.*\\.tar\\.gz"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no distribution tarball in " + build));
    }
    Path into = Files.createDirectories(work.resolve("install"));
    Process tar =
        new ProcessBuilder("tar", "-xzf", tarball.toString(), "-C", into.toString())
            .inheritIO()
            .start();
    assertEquals(0, tar.waitFor());
    try (Stream<Path> s = Files.list(into)) {
      dist = s.findFirst().orElseThrow();
    }
    // a PATH of the few tools the launcher uses, and no java, no mvn
    path = Files.createDirectories(work.resolve("path"));
    for (String tool :
        List.of(
            "bash",
            "readlink",
            "flock",
            "timeout",
            "mkdir",
            "rm",
            "touch",
            "id",
            "env",
            "cat",
            "sleep",
            "uname")) {
      Path real = Path.of("/usr/bin", tool);
      if (!Files.exists(real)) {
        real = Path.of("/bin", tool);
      }
      Files.createSymbolicLink(path.resolve(tool), real);
    }
    InstalledRun.openToAll(work);
  }

  private static Map<String, String> env(Path home) {
    return Map.of("PATH", path.toString(), "HOME", home.toString());
  }

  /** A script of one SELECT, in a directory the unprivileged account can read. */
  private static Path selectOne() throws Exception {
    Path script = work.resolve("one.sql");
    Files.writeString(script, "select 1;\n");
    InstalledRun.openToAll(work);
    return script;
  }

  @Test
  void thePathHasNoJavaAndNoMaven() {
    assertFalse(Files.exists(path.resolve("java")));
    assertFalse(Files.exists(path.resolve("mvn")));
    assertTrue(Files.isSymbolicLink(dist.resolve("bin/pgbench")), "bin/pgbench is a link");
  }

  @Test
  void versionThroughBothNames() throws Exception {
    Path home = InstalledRun.home(work, true);
    InstalledRun.Result j =
        InstalledRun.run(true, env(home), List.of(dist + "/bin/jpgbench", "-V"));
    assertEquals(0, j.status(), j.err());
    assertTrue(j.out().startsWith("jpgbench (PostgreSQL) 18 compatible, jpgbench "), j.out());
    assertEquals("", j.err());
    InstalledRun.Result p = InstalledRun.run(true, env(home), List.of(dist + "/bin/pgbench", "-V"));
    assertTrue(p.out().startsWith("pgbench (PostgreSQL) 18.1 (jpgbench "), p.out());
    assertEquals("", p.err());
  }

  @Test
  void aRunOverTheUnixSocketIsSilentOnStderr(TestDatabase db) throws Exception {
    Path script = selectOne();
    Path home = InstalledRun.home(work, true);
    for (String name : List.of("jpgbench", "pgbench")) {
      InstalledRun.Result r =
          InstalledRun.run(
              true, env(home), InstalledRun.socketRun(dist + "/bin/" + name, script, db));
      assertEquals(0, r.status(), r.err());
      assertEquals("", r.err());
      assertTrue(r.out().contains("number of transactions actually processed: 40/40"), r.out());
      assertTrue(r.out().startsWith(name + " ("), r.out());
    }
    // the first run trained the AOT cache (faster starts) in the user's own cache directory
    Path aot =
        home.resolve(".cache/jpgbench/jpgbench-" + System.getProperty("jpgbench.version") + ".aot");
    assertTrue(Files.size(aot) > 1_000_000, "AOT cache " + aot);
  }

  @Test
  void aRunWithMetricsListenIsScrapedThroughItsLastFigures(TestDatabase db) throws Exception {
    Path script = selectOne();
    Path home = InstalledRun.home(work, true);
    int port = PrometheusServer.freePort();
    List<String> command =
        new ArrayList<>(InstalledRun.socketRun(dist + "/bin/jpgbench", script, db));
    command.addAll(1, List.of("--metrics-listen=127.0.0.1:" + port, "--metrics-linger=5"));
    // the JVM's class loading, logged to a file (the launcher passes these options to the run only)
    Path classes = home.resolve("classes.log");
    Map<String, String> env = new HashMap<>(env(home));
    env.put("JPGBENCH_JAVA_OPTS", "-Xlog:class+load=info:file=" + classes);
    CompletableFuture<InstalledRun.Result> run =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return InstalledRun.run(true, env, command);
              } catch (IOException | InterruptedException e) {
                throw new AssertionError(e);
              }
            });
    String last = null;
    try (HttpClient http = HttpClient.newHttpClient()) {
      HttpRequest get =
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
              .timeout(Duration.ofSeconds(5))
              .build();
      while (!run.isDone()) {
        try {
          HttpResponse<String> r = http.send(get, HttpResponse.BodyHandlers.ofString());
          if (r.statusCode() == 200) {
            last = r.body();
          }
        } catch (IOException e) {
          // not listening yet, or no more
        }
        Thread.sleep(200);
      }
    }
    InstalledRun.Result r = run.get();
    assertEquals(0, r.status(), r.err());
    // stderr holds the endpoint's one line and nothing else
    assertTrue(
        r.err()
            .matches(
                "metrics at http://127\\.0\\.0\\.1:" + port + "/metrics \\(run \"[^\"]+\"\\)\n"),
        r.err());
    assertTrue(r.out().contains("number of transactions actually processed: 40/40"), r.out());
    assertTrue(last != null, "no scrape answered; stderr: " + r.err());
    // the scrapes in the linger see the run's end
    assertTrue(last.matches("(?s).*\njpgbench_transactions_total\\{[^}]*} 40\\.0\n.*"), last);
    // the AOT cache's training run scraped its own endpoint once: what a scrape loads (microhttp's
    // request parser, the exchange, the histogram's snapshot) comes from the cache, not the jars
    List<String> loaded = Files.readAllLines(classes);
    for (String c :
        List.of(
            "org.microhttp.RequestParser",
            "org.jpgbench.metrics.ScrapeExchange",
            "io.prometheus.metrics.model.snapshots.HistogramSnapshot")) {
      List<String> lines = loaded.stream().filter(l -> l.contains(" " + c + " source:")).toList();
      assertEquals(1, lines.size(), c + " loaded " + lines.size() + " times");
      assertTrue(lines.get(0).endsWith(" source: shared objects file"), lines.get(0));
    }
  }

  @Test
  void aRunOnTheEmbeddedServerPrintsOnlyPgbenchsOwnMessages() throws Exception {
    Path home = InstalledRun.home(work, true);
    InstalledRun.Result r =
        InstalledRun.run(
            true,
            env(home),
            List.of(dist + "/bin/jpgbench", "--embedded", "-S", "-t", "20", "-c", "2"));
    assertEquals(0, r.status(), r.err());
    // the first run on a machine unpacks the binaries into the user's cache first, and says so
    String err = r.err().replaceFirst("^jpgbench: unpacking the embedded PostgreSQL [^\n]*\n", "");
    assertTrue(err.startsWith("jpgbench: embedded PostgreSQL "), r.err());
    // the rest is init's progress and the server's notices; nothing from the JVM or the launcher
    for (String line : r.err().split("\n")) {
      assertFalse(line.matches("(?i).*(warning|exception|openjdk|java|error).*"), r.err());
    }
    assertTrue(r.out().contains("number of transactions actually processed: 40/40"), r.out());
  }
}
