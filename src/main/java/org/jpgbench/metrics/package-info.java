/**
 * Live metrics (--metrics-listen): the run's figures served to Prometheus while it lasts.
 *
 * <ul>
 *   <li>{@link org.jpgbench.metrics.MetricsEndpoint}: the HTTP endpoint (the Prometheus Java
 *       client's scrape handler on microhttp's server), opened before the clients connect; the
 *       run's {@link org.jpgbench.run.RunObserver}. {@link org.jpgbench.metrics.ScrapeExchange}
 *       hands one request to the handler and its answer back.
 *   <li>{@link org.jpgbench.metrics.RunMetrics}: the collector: per script the totals and the
 *       latency buckets the clients count ({@link org.jpgbench.stats.LatencyBuckets}), read at the
 *       scrape; {@link org.jpgbench.metrics.LiveFigures} the clients' states, outages, CPU; {@link
 *       org.jpgbench.metrics.ServerSeries} --server-stats' totals.
 * </ul>
 *
 * <p>The run knows nothing of HTTP, and the clients' threads are never touched: everything is read
 * from what the run keeps anyway. Depends on {@code run} (the observer and the live view), {@code
 * stats}, {@code telemetry} (the monitor's totals), {@code config} and {@code log}; {@code cli}
 * depends on it.
 */
package org.jpgbench.metrics;
