package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.PrometheusServer;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * --metrics-listen against the suite's server: a run scraped while it lasts (each scrape read by
 * promtool, Prometheus' own parser and linter), a group member's labels, what the endpoint serves
 * besides, and the addresses that cannot be had. A real Prometheus server: {@link
 * PrometheusRunTest}.
 */
@ExtendWith(PostgresExtension.class)
class MetricsRunTest {
  @BeforeAll
  static void init(TestDatabase db) {
    CliRun.Result r = CliRun.run(cli(db, "-i -s 1 -q"));
    assertEquals(0, r.status(), r.err());
  }

  /** One sample line of an exposition: name, labels, value. */
  record Sample(String name, Map<String, String> labels, double value) {}

  private static final Pattern LINE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)$");
  private static final Pattern LABEL = Pattern.compile("(\\w+)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  static List<Sample> parse(String exposition) {
    List<Sample> out = new ArrayList<>();
    for (String line : exposition.split("\n")) {
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      assertTrue(m.matches(), line);
      Map<String, String> labels = new java.util.TreeMap<>();
      if (m.group(2) != null) {
        Matcher l = LABEL.matcher(m.group(2));
        while (l.find()) {
          labels.put(l.group(1), l.group(2));
        }
      }
      out.add(new Sample(m.group(1), labels, Double.parseDouble(m.group(3))));
    }
    return out;
  }

  static double sum(List<Sample> samples, String name, Map<String, String> match) {
    return samples.stream()
        .filter(s -> s.name().equals(name))
        .filter(s -> s.labels().entrySet().containsAll(match.entrySet()))
        .mapToDouble(Sample::value)
        .sum();
  }

  /** The command line: {@code options} split at spaces, then {@code more} as they are. */
  static String[] cli(TestDatabase db, String options, String... more) {
    List<String> args = new ArrayList<>(List.of(options.split(" ")));
    args.addAll(List.of(more));
    return db.cliArgs(args.toArray(new String[0])).toArray(new String[0]);
  }

  /** One scrape as Prometheus makes it (gzip accepted): its text, or null while not listening. */
  private static String scrape(HttpClient http, int port) {
    HttpResponse<String> r = get(http, port, "/metrics", "Accept-Encoding", "gzip");
    if (r == null) {
      return null; // not listening (yet, or any more)
    }
    // answered uncompressed all the same: gzip cost the run more CPU than it saved
    // (MetricsEndpoint)
    assertEquals(Optional.empty(), r.headers().firstValue("Content-Encoding"));
    return r.statusCode() == 200 ? r.body() : null;
  }

  /**
   * A GET of {@code path} on the client's kept-alive connection, with {@code headers} (name, value,
   * ...): the answer, or null while not listening.
   */
  private static HttpResponse<String> get(
      HttpClient http, int port, String path, String... headers) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(5));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    try {
      return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** Scrapes {@code port} every {@code millis} until {@code run} is done: the answers, in order. */
  private static List<String> scrapeUntilDone(CompletableFuture<?> run, int port, long millis)
      throws InterruptedException {
    List<String> scrapes = new ArrayList<>();
    // closed at the end, so that its threads do not outlive the test
    try (HttpClient http = HttpClient.newHttpClient()) {
      while (!run.isDone()) {
        String s = scrape(http, port);
        if (s != null) {
          scrapes.add(s);
        }
        Thread.sleep(millis);
      }
    }
    return scrapes;
  }

  static long reported(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    assertTrue(m.find(), regex + " in " + text);
    return Long.parseLong(m.group(1));
  }

  @Test
  void scrapesDuringTheRunCountUpAndTheLastOneHoldsTheReportsFigures(TestDatabase db)
      throws Exception {
    int port = PrometheusServer.freePort();
    String[] args =
        cli(
            db,
            "-c 4 -j 2 -T 5 -P 1 -b select-only@2 -b simple-update@1",
            "--metrics-listen=127.0.0.1:" + port,
            "--metrics-linger=3",
            "--run-label=scrapes");
    CompletableFuture<CliRun.Result> run = CompletableFuture.supplyAsync(() -> CliRun.run(args));
    // more than the 1 s interval apart: each scrape after an interval closed
    List<String> scrapes = scrapeUntilDone(run, port, 1200);
    CliRun.Result r = run.get();
    assertEquals(0, r.status(), r.err());
    r.assertNoStackTrace();
    assertTrue(
        r.err().contains("metrics at http://127.0.0.1:" + port + "/metrics (run \"scrapes\")"),
        r.err());
    assertTrue(scrapes.size() >= 5, "scrapes: " + scrapes.size());
    for (String s : scrapes) {
      if (PrometheusServer.installed()) {
        PrometheusServer.ProcessResult check = PrometheusServer.checkMetrics(s);
        assertEquals(0, check.status(), check.out());
        assertEquals("", check.out().strip(), "promtool's remarks");
      }
    }
    // while the clients run, every scrape has more transactions than the one before
    List<List<Sample>> parsed = scrapes.stream().map(MetricsRunTest::parse).toList();
    int increases = 0;
    for (int i = 1; i < parsed.size(); i++) {
      double before = sum(parsed.get(i - 1), "jpgbench_transactions_total", Map.of());
      double now = sum(parsed.get(i), "jpgbench_transactions_total", Map.of());
      assertTrue(now >= before, "a counter went down: " + before + " -> " + now);
      if (before > 0 && sum(parsed.get(i), "jpgbench_clients", Map.of("state", "running")) > 0) {
        assertTrue(now > before, "scrape " + i + ": " + before + " -> " + now);
        increases++;
      }
    }
    assertTrue(increases >= 2, "scrapes while running: " + increases);
    // each client's counters are read at one instant: in every scrape, while the clients run as
    // at the end, a script's histogram counts exactly its transactions
    for (List<Sample> scrape : parsed) {
      for (String name : List.of("select-only", "simple-update")) {
        Map<String, String> script = Map.of("script", name);
        assertEquals(
            sum(scrape, "jpgbench_transactions_total", script),
            sum(scrape, "jpgbench_latency_seconds_count", script),
            name);
      }
    }

    List<Sample> last = parsed.get(parsed.size() - 1);
    Set<String> scripts = new TreeSet<>();
    last.stream()
        .filter(s -> s.name().equals("jpgbench_transactions_total"))
        .forEach(s -> scripts.add(s.labels().get("script")));
    assertEquals(Set.of("select-only", "simple-update"), scripts);
    assertTrue(last.stream().allMatch(s -> "scrapes".equals(s.labels().get("run"))));
    assertEquals(4, sum(last, "jpgbench_clients", Map.of("state", "done")));
    long processed = reported(r.out(), "number of transactions actually processed: (\\d+)");
    assertEquals(processed, sum(last, "jpgbench_transactions_total", Map.of()));
    Matcher perScript =
        Pattern.compile("<builtin: (select only|simple update)>\n.*\n - (\\d+) transactions")
            .matcher(r.out());
    int seen = 0;
    while (perScript.find()) {
      Map<String, String> script = Map.of("script", perScript.group(1).replace(' ', '-'));
      long n = Long.parseLong(perScript.group(2));
      assertEquals(n, sum(last, "jpgbench_transactions_total", script), script.toString());
      assertEquals(n, sum(last, "jpgbench_latency_seconds_count", script), script.toString());
      Map<String, String> inf = new java.util.HashMap<>(script);
      inf.put("le", "+Inf");
      assertEquals(n, sum(last, "jpgbench_latency_seconds_bucket", inf), script.toString());
      double mean = sum(last, "jpgbench_latency_seconds_sum", script) / n;
      assertTrue(mean > 0 && mean < 1, "mean latency " + mean + " s");
      seen++;
    }
    assertEquals(2, seen, r.out());
    assertEquals(0, sum(last, "jpgbench_failed_transactions_total", Map.of()));
    assertTrue(sum(last, "jpgbench_client_cpu_seconds_total", Map.of()) > 0);
    assertTrue(sum(last, "jpgbench_thread_cpu_seconds_total", Map.of("thread", "1")) > 0);
  }

  @Test
  void aGroupMembersSeriesCarryTheGroupsNameAndTheMembersNumber(TestDatabase db) throws Exception {
    int port = PrometheusServer.freePort();
    String[] args =
        cli(
            db,
            "-c 2 -T 3 -P 1 -S --group=labelled --group-size=1",
            "--metrics-listen=127.0.0.1:" + port,
            "--metrics-linger=3");
    CompletableFuture<CliRun.Result> run = CompletableFuture.supplyAsync(() -> CliRun.run(args));
    List<String> scrapes = scrapeUntilDone(run, port, 500);
    CliRun.Result r = run.get();
    assertEquals(0, r.status(), r.err());
    r.assertNoStackTrace();
    assertFalse(scrapes.isEmpty(), "no scrape answered: " + r.err());
    String last = scrapes.get(scrapes.size() - 1);
    List<Sample> samples = parse(last);
    assertTrue(sum(samples, "jpgbench_transactions_total", Map.of()) > 0, last);
    for (Sample s : samples) {
      if (s.name().startsWith("jpgbench_")) {
        // the run label is the group's name when --run-label is not given, the member its number
        assertEquals("labelled", s.labels().get("run"), s.toString());
        assertEquals("1", s.labels().get("member"), s.toString());
      }
    }
  }

  @Test
  void onlyMetricsIsServedAsTheScraperAsksAndThePortIsFreeForTheNextRun(TestDatabase db)
      throws Exception {
    int port = PrometheusServer.freePort();
    String[] args = cli(db, "-c 1 -T 3 -S", "--metrics-listen=127.0.0.1:" + port);
    LocalDateTime before = LocalDateTime.now(ZoneId.systemDefault()).withNano(0);
    CompletableFuture<CliRun.Result> run = CompletableFuture.supplyAsync(() -> CliRun.run(args));
    try (HttpClient http = HttpClient.newHttpClient()) {
      HttpResponse<String> metrics = null;
      while (metrics == null && !run.isDone()) {
        metrics = get(http, port, "/metrics");
        Thread.sleep(100);
      }
      assertTrue(metrics != null && metrics.statusCode() == 200, "no scrape answered");
      // without --run-label, the run is labelled with its local start time, to the second
      LocalDateTime started = LocalDateTime.parse(parse(metrics.body()).get(0).labels().get("run"));
      assertTrue(
          !started.isBefore(before) && !started.isAfter(LocalDateTime.now(ZoneId.systemDefault())),
          started + " is not between " + before + " and now");
      HttpResponse<String> elsewhere = get(http, port, "/");
      assertEquals(404, elsewhere.statusCode());
      assertTrue(elsewhere.body().contains("/metrics"), elsewhere.body());
      // the library's own query: one family only
      List<Sample> one =
          parse(get(http, port, "/metrics?name[]=jpgbench_transactions_total").body());
      assertFalse(one.isEmpty());
      assertTrue(
          one.stream().allMatch(s -> s.name().equals("jpgbench_transactions_total")),
          one.toString());
      // OpenMetrics when the scraper asks for it
      HttpResponse<String> open =
          get(
              http,
              port,
              "/metrics",
              "Accept",
              "application/openmetrics-text; version=1.0.0; charset=utf-8");
      assertTrue(
          open.headers()
              .firstValue("Content-Type")
              .orElse("")
              .startsWith("application/openmetrics-text"),
          open.headers().toString());
      assertTrue(open.body().endsWith("# EOF\n"), open.body());
      CliRun.Result r = run.get();
      assertEquals(0, r.status(), r.err());
      // the endpoint's server lets the port go within a tick of the run's end, though a scraper
      // still holds a connection to it: the next run listens there again
      long until = System.nanoTime() + 5_000_000_000L;
      while (listening(port) && System.nanoTime() < until) {
        Thread.sleep(50);
      }
      assertFalse(listening(port), "still listening on " + port);
      CliRun.Result again =
          CliRun.run(cli(db, "-c 1 -t 1 -S", "--metrics-listen=127.0.0.1:" + port));
      assertEquals(0, again.status(), again.err());
    }
  }

  private static boolean listening(int port) {
    try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  @Test
  void anAddressThatCannotBeHadFailsBeforeAnyClientConnects() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      int port = taken.getLocalPort();
      // the server named does not exist: were anything to connect, the error would say so
      CliRun.run("-h", "/nonexistent", "-T", "1", "--metrics-listen=" + port)
          .assertError(
              "jpgbench: error: could not listen on 127.0.0.1:"
                  + port
                  + ": Address already in use\n");
    }
    CliRun.run("-h", "/nonexistent", "-T", "1", "--metrics-listen=192.0.2.1:9187")
        .assertError(
            "jpgbench: error: could not listen on 192.0.2.1:9187: Cannot assign requested address\n");
    CliRun.run("-h", "/nonexistent", "-T", "1", "--metrics-listen=no.such.host.invalid:9187")
        .assertError(
            "jpgbench: error: could not listen on no.such.host.invalid:9187: unknown host\n");
  }

  @Test
  void badValuesAreRefusedAsPgbenchRefusesOptions() {
    CliRun.run("--metrics-listen=abc")
        .assertError("jpgbench: error: invalid value \"abc\" for option --metrics-listen\n");
    CliRun.run("--metrics-listen=127.0.0.1:")
        .assertError("jpgbench: error: invalid value \"127.0.0.1:\" for option --metrics-listen\n");
    CliRun.run("--metrics-listen=70000")
        .assertError("jpgbench: error: --metrics-listen must be in range 0..65535\n");
    CliRun.run("--metrics-linger=5")
        .assertError("jpgbench: error: --metrics-linger is allowed only under --metrics-listen\n");
    CliRun.run("--run-label=x")
        .assertError("jpgbench: error: --run-label is allowed only under --metrics-listen\n");
    CliRun.run("--metrics-listen=9187", "--metrics-linger=-1")
        .assertError("jpgbench: error: --metrics-linger must be in range 0..3600\n");
  }
}
