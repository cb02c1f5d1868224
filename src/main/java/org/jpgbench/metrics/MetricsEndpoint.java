package org.jpgbench.metrics;

import io.prometheus.metrics.config.ExporterHttpServerProperties;
import io.prometheus.metrics.config.PrometheusProperties;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.jpgbench.config.Options;
import org.jpgbench.log.PgLog;
import org.jpgbench.run.LiveRun;
import org.jpgbench.run.RunObserver;

/**
 * --metrics-listen: an HTTP endpoint serving the run's figures at /metrics in Prometheus' text
 * formats (the Prometheus Java client's exporter: plain text, OpenMetrics or protobuf as the
 * scraper asks), opened before any client connects and closed after the run and --metrics-linger.
 * The JDK server's dispatcher thread serves it, from the request's arrival to the response's last
 * byte ({@link SameThreadExecutor}): a scrape waits for the one before it, never for the clients,
 * and wakes one thread only.
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
   * and without gzip alternated within runs, BENCHMARKS.md #29). 16 kB a second is nothing to a
   * network.
   */
  private static final PrometheusProperties CONFIG =
      PrometheusProperties.builder()
          .exporterHttpServerProperties(
              ExporterHttpServerProperties.builder().preferUncompressedResponse(true).build())
          .build();

  private final HTTPServer server;
  private final RunMetrics metrics;
  private final int lingerSeconds;

  private MetricsEndpoint(HTTPServer server, RunMetrics metrics, int lingerSeconds) {
    this.server = server;
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
        m.runLabel() != null
            ? m.runLabel()
            : o.group() != null
                ? o.group().name()
                : LocalDateTime.now().withNano(0).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    RunMetrics metrics = new RunMetrics(label, info(o));
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(metrics);
    HTTPServer server;
    try {
      server =
          HTTPServer.builder(CONFIG)
              .inetAddress(InetAddress.getByName(m.host()))
              .port(m.port())
              .registry(registry)
              .executorService(new SameThreadExecutor())
              .buildAndStart();
    } catch (IOException | RuntimeException e) {
      throw new ListenFailure(
          "could not listen on " + address(m.host(), m.port()) + ": " + reason(e));
    }
    err.println(
        "metrics at http://"
            + address(m.host(), server.getPort())
            + "/metrics (run \""
            + label
            + "\")");
    err.flush();
    return new MetricsEndpoint(server, metrics, m.lingerSeconds());
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
    return server.getPort();
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
    server.close(); // stops the dispatcher thread, after the scrape it may be serving
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
