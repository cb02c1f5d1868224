package org.jpgbench.metrics;

import io.prometheus.metrics.exporter.common.PrometheusHttpExchange;
import io.prometheus.metrics.exporter.common.PrometheusHttpRequest;
import io.prometheus.metrics.exporter.common.PrometheusHttpResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import org.microhttp.Header;
import org.microhttp.Request;
import org.microhttp.Response;

/**
 * One scrape as the Prometheus client's handler sees it: microhttp's request (its path, query and
 * the headers the handler negotiates on) in, the handler's status, headers and body collected into
 * the response microhttp writes. Made per request and used on the connection's event-loop thread
 * only.
 */
final class ScrapeExchange
    implements PrometheusHttpExchange, PrometheusHttpRequest, PrometheusHttpResponse {
  private final Request request;
  private final String path;
  private final String query;
  private final List<Header> headers = new ArrayList<>(2);
  private int status = 500;
  private ByteArrayOutputStream body;

  ScrapeExchange(Request request) {
    this.request = request;
    String uri = request.uri();
    int q = uri.indexOf('?');
    this.path = q < 0 ? uri : uri.substring(0, q);
    this.query = q < 0 ? null : uri.substring(q + 1);
  }

  /** The path asked for, without the query. */
  @Override
  public String getRequestPath() {
    return path;
  }

  /** What the handler answered; a 500 with no body when it failed before sending anything. */
  Response response() {
    byte[] bytes = body == null ? new byte[0] : body.toByteArray();
    return new Response(status, reason(status), headers, bytes);
  }

  /** An answer for a path other than /metrics. */
  static Response notFound() {
    return new Response(
        404,
        reason(404),
        List.of(new Header("Content-Type", "text/plain; charset=utf-8")),
        "Not Found: the metrics are at /metrics\n".getBytes(StandardCharsets.UTF_8));
  }

  /** An answer for a scrape that failed: the reason, never a stack trace. */
  static Response failed(Exception e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return new Response(
        500,
        reason(500),
        List.of(new Header("Content-Type", "text/plain; charset=utf-8")),
        ("scrape failed: " + message + "\n").getBytes(StandardCharsets.UTF_8));
  }

  private static String reason(int status) {
    return switch (status) {
      case 200 -> "OK";
      case 400 -> "Bad Request";
      case 404 -> "Not Found";
      case 406 -> "Not Acceptable";
      default -> "Internal Server Error";
    };
  }

  @Override
  public PrometheusHttpRequest getRequest() {
    return this;
  }

  @Override
  public PrometheusHttpResponse getResponse() {
    return this;
  }

  @Override
  public String getQueryString() {
    return query;
  }

  @Override
  public Enumeration<String> getHeaders(String name) {
    List<String> values = new ArrayList<>(1);
    for (Header h : request.headers()) {
      if (h.name().equalsIgnoreCase(name)) {
        values.add(h.value());
      }
    }
    return Collections.enumeration(values);
  }

  @Override
  public String getMethod() {
    return request.method();
  }

  @Override
  public void setHeader(String name, String value) {
    headers.add(new Header(name, value));
  }

  @Override
  public OutputStream sendHeadersAndGetBody(int statusCode, int contentLength) {
    status = statusCode;
    body = new ByteArrayOutputStream(Math.max(contentLength, 256));
    return body;
  }

  /**
   * A write to the collected body cannot fail; anything else is the caller's to answer with 500.
   */
  @Override
  public void handleException(IOException e) throws IOException {
    throw e;
  }

  @Override
  public void handleException(RuntimeException e) {
    throw e;
  }

  @Override
  public void close() {
    // nothing held: microhttp writes the response
  }
}
