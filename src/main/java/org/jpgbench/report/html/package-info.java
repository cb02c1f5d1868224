/**
 * The HTML formats: self-contained pages (style and uPlot inlined, nothing fetched).
 *
 * <ul>
 *   <li>{@link org.jpgbench.report.html.HtmlReport}: a run's (or a merge's) --report-html, with the
 *       tables of {@link org.jpgbench.report.html.HtmlTables} and the charts of {@link
 *       org.jpgbench.report.html.HtmlCharts}: throughput, latency percentiles and, with
 *       --server-stats, what the server did, on one time axis, then the latency distribution.
 *   <li>{@link org.jpgbench.report.html.UplotCharts}: charts drawn by uPlot (inlined from its
 *       WebJar), one cursor per sync group, bands shaded across time charts; {@link
 *       org.jpgbench.report.html.UplotPage}: a page of such charts and tables, for the experiments.
 * </ul>
 *
 * <p>Depends on {@code report} (the model it draws), {@code stats} and {@code cnum}; used by {@code
 * run}, {@code merge} and {@code experiment}.
 */
package org.jpgbench.report.html;
