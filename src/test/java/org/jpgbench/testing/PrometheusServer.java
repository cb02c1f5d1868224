package org.jpgbench.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Prometheus server (Debian's package; CI installs it) on a free loopback port, scraping one
 * target every second, as an unprivileged account when the tests run as root. {@link #start} is
 * null when Prometheus is not installed (the tests that need it are then skipped with a reason).
 * Also runs {@code promtool check metrics}, Prometheus' own reading of an exposition.
 */
public final class PrometheusServer implements AutoCloseable {
  private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
  private static final Path PROMTOOL = Path.of("/usr/bin/promtool");
  private static final String ACCOUNT = "nobody";

  private final Process process;
  private final Path dir;
  private final int port;
  private final HttpClient http = HttpClient.newHttpClient();

  private PrometheusServer(Process process, Path dir, int port) {
    this.process = process;
    this.dir = dir;
    this.port = port;
  }

  /** Whether Prometheus and promtool are installed. */
  public static boolean installed() {
    return Files.isExecutable(PROMETHEUS) && Files.isExecutable(PROMTOOL);
  }

  /**
   * Starts Prometheus scraping {@code target} ("127.0.0.1:PORT") every second and waits until it is
   * ready; null when it is not installed.
   */
  public static PrometheusServer start(String target) throws IOException, InterruptedException {
    if (!installed()) {
      return null;
    }
    Path dir = Files.createTempDirectory("jpgbench-prometheus");
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
    Path config = dir.resolve("prometheus.yml");
    Files.writeString(
        config,
        "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n"
            + "scrape_configs:\n  - job_name: jpgbench\n    static_configs:\n"
            + "      - targets: ['"
            + target
            + "']\n");
    Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-r--r--"));
    int port = freePort();
    List<String> cmd = new ArrayList<>();
    if (root()) {
      cmd.addAll(List.of("runuser", "-u", ACCOUNT, "--"));
    }
    cmd.addAll(
        List.of(
            PROMETHEUS.toString(),
            "--config.file=" + config,
            "--storage.tsdb.path=" + dir.resolve("data"),
            "--web.listen-address=127.0.0.1:" + port,
            "--log.level=warn"));
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("prometheus.log").toFile())
            .start();
    PrometheusServer s = new PrometheusServer(p, dir, port);
    s.awaitReady();
    return s;
  }

  private void awaitReady() throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("prometheus ended: " + log());
      }
      try {
        if (get("/-/ready").statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    throw new IOException("prometheus not ready in 30 s: " + log());
  }

  /** What Prometheus logged. */
  public String log() throws IOException {
    Path log = dir.resolve("prometheus.log");
    return Files.exists(log) ? Files.readString(log) : "";
  }

  /** An instant query through the HTTP API: the JSON answer. */
  public String query(String promql) throws IOException, InterruptedException {
    HttpResponse<String> r =
        get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
    if (r.statusCode() != 200) {
      throw new IOException("query " + promql + ": HTTP " + r.statusCode() + ": " + r.body());
    }
    return r.body();
  }

  /** The scrape targets' state (/api/v1/targets), JSON. */
  public String targets() throws IOException, InterruptedException {
    return get("/api/v1/targets").body();
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(10))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /**
   * {@code promtool check metrics} on an exposition: its exit status and what it printed (nothing
   * when the text parses and follows Prometheus' conventions).
   */
  public static ProcessResult checkMetrics(String exposition)
      throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(PROMTOOL.toString(), "check", "metrics")
            .redirectErrorStream(true)
            .start();
    try (var in = p.getOutputStream()) {
      in.write(exposition.getBytes(StandardCharsets.UTF_8));
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("promtool did not end");
    }
    return new ProcessResult(p.exitValue(), out);
  }

  /** What a program printed, and its exit status. */
  public record ProcessResult(int status, String out) {}

  /** A port nobody listens on now. */
  public static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static boolean root() {
    try {
      return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    http.close();
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    }
  }
}
