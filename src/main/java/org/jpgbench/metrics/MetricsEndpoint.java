package org.jpgbench.metrics;

import io.prometheus.metrics.config.ExporterHttpServerProperties;
import io.prometheus.metrics.config.PrometheusProperties;
import io.prometheus.metrics.exporter.common.PrometheusScrapeHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.TimeZone;
import org.jpgbench.config.Options;
import org.jpgbench.log.PgLog;
import org.jpgbench.run.LiveRun;
import org.jpgbench.run.RunObserver;
import org.microhttp.EventLoop;
import org.microhttp.Request;
import org.microhttp.Response;

/**
 * --metrics-listen: an HTTP endpoint serving the run's figures at /metrics in Prometheus' text
 * formats (the Prometheus Java client's handler: plain text, OpenMetrics or protobuf as the scraper
 * asks), opened before any client connects and closed after the run and --metrics-linger.
 *
 * <p>The HTTP server is microhttp's: one thread accepts, one ("connection-event-loop") reads each
 * request, runs the scrape and writes the answer, all on its own selector. A scrape waits for the
 * one before it, never for the clients, and wakes one thread only. A scrape runs a few times a
 * minute, too seldom for the JIT, so what it costs is how much code the interpreter walks through:
 * on microhttp a scrape costs ~15-30% less CPU than on the JDK's {@code com.sun.net.httpserver},
 * whose request parsing, header maps and {@code Date} header were half of it (BENCHMARKS.md,
 * "Choices and why").
 */
public final class MetricsEndpoint implements RunObserver, AutoCloseable {
  /** The address cannot be listened on; the message is the error line's. */
  public static final class ListenFailure extends Exception {
    private static final long serialVersionUID = 1L;

    ListenFailure(String message) {
      super(message);
    }
  }

  /**
   * The library's settings, made here rather than read from system properties and environment
   * variables: answers uncompressed though the scraper accepts gzip. Compressing a scrape's ~16 kB
   * to ~2 kB cost the run's process more CPU than sending them: 0.26-0.37 ms of a scrape's ~3.7
   * under tpcb {@code -c 8} at one scrape a second (a deflater made anew each time; scrapes with
   * and without gzip alternated within runs, measured). 16 kB a second is nothing to a network.
   */
  private static final PrometheusProperties CONFIG =
      PrometheusProperties.builder()
          .exporterHttpServerProperties(
              ExporterHttpServerProperties.builder().preferUncompressedResponse(true).build())
          .build();

  /**
   * How often the server's threads wake to expire idle connections and to see a stop: the port is
   * let go within a tick of {@link #close}. The JDK's server woke as often.
   */
  private static final Duration TICK = Duration.ofSeconds(1);

  private final EventLoop server;
  private final int port;
  private final RunMetrics metrics;
  private final int lingerSeconds;

  private MetricsEndpoint(EventLoop server, int port, RunMetrics metrics, int lingerSeconds) {
    this.server = server;
    this.port = port;
    this.metrics = metrics;
    this.lingerSeconds = lingerSeconds;
  }

  /**
   * Listens on the options' address and says where on {@code err}.
   *
   * @throws ListenFailure when the address is taken, not allowed or not this machine's
   */
  public static MetricsEndpoint open(Options o, PrintStream err) throws ListenFailure {
    Options.Metrics m = o.metrics();
    // a group's members label their series alike (and apart by member), whatever their clocks
    String label =
        m.runLabel() != null ? m.runLabel() : o.group() != null ? o.group().name() : startTime();
    RunMetrics metrics = new RunMetrics(label, info(o));
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(metrics);
    PrometheusScrapeHandler scrape = new PrometheusScrapeHandler(CONFIG, registry);
    EventLoop server;
    int port;
    try {
      InetAddress address = InetAddress.getByName(m.host());
      server =
          new EventLoop(
              org.microhttp.Options.builder()
                  .withHost(address.getHostAddress())
                  .withPort(m.port())
                  .withResolution(TICK)
                  .withConcurrency(1)
                  // a scrape's request is a few hundred bytes
                  .withReadBufferSize(8192)
                  .withMaxRequestSize(65536)
                  .build(),
              (request, answer) -> answer.accept(serve(scrape, request)));
      port = server.getPort();
      server.start();
    } catch (IOException | RuntimeException e) {
      throw new ListenFailure(
          "could not listen on " + address(m.host(), m.port()) + ": " + reason(e));
    }
    err.println(
        "metrics at http://" + address(m.host(), port) + "/metrics (run \"" + label + "\")");
    err.flush();
    return new MetricsEndpoint(server, port, metrics, m.lingerSeconds());
  }

  /** A request's answer: the scrape for /metrics, 404 elsewhere, 500 when the scrape failed. */
  private static Response serve(PrometheusScrapeHandler scrape, Request request) {
    ScrapeExchange exchange = new ScrapeExchange(request);
    if (!"/metrics".equals(exchange.getRequestPath())) {
      return ScrapeExchange.notFound();
    }
    try {
      scrape.handleRequest(exchange);
      return exchange.response();
    } catch (IOException | RuntimeException e) {
      return ScrapeExchange.failed(e);
    }
  }

  @Override
  public void started(LiveRun run) {
    metrics.started(run);
  }

  @Override
  public void ended() {
    // the last interval was closed before: the figures stay as they are for the last scrapes
  }

  /** The port listened on (the one chosen when 0 was asked for). */
  public int port() {
    return port;
  }

  /** After --metrics-linger, stops serving. */
  @Override
  public void close() {
    if (lingerSeconds > 0) {
      try {
        Thread.sleep(lingerSeconds * 1000L);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    // the server's threads see the stop within a tick, after the scrape they may be serving, and
    // close its sockets; the run's figures are already reported, so nothing waits for them
    server.stop();
  }

  /**
   * The local time now to the second ({@code 2026-12-03T21:15:04}), the default run label. Read
   * through the default {@link TimeZone}'s offset, which the driver loads at every connection
   * anyway, rather than through {@code java.time}'s zone rules: {@code LocalDateTime.now()} has
   * them read and parsed from the time-zone database once more (6-9 ms of CPU in a fresh JVM).
   */
  private static String startTime() {
    long millis = System.currentTimeMillis();
    ZoneOffset offset = ZoneOffset.ofTotalSeconds(TimeZone.getDefault().getOffset(millis) / 1000);
    return LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000), 0, offset)
        .format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
  }

  private static List<String> info(Options o) {
    return List.of(
        "version",
        PgLog.version(),
        "clients",
        Integer.toString(o.run().clients()),
        "threads",
        Integer.toString(o.run().threads()),
        "protocol",
        o.run().queryMode().word());
  }

  private static String address(String host, int port) {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  private static String reason(Exception e) {
    if (e instanceof UnknownHostException) {
      return "unknown host";
    }
    String message = e.getMessage();
    return message == null ? e.toString() : message;
  }
}
