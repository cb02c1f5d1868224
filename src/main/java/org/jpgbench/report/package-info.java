/**
 * What a run measured, as a model and in every format that tells it.
 *
 * <ul>
 *   <li>The model: {@link org.jpgbench.report.RunSummary} ({@link org.jpgbench.report.RunSettings},
 *       {@link org.jpgbench.report.ScriptSummary}, {@link org.jpgbench.report.CommandSummary},
 *       {@link org.jpgbench.report.RunDetails}, {@link org.jpgbench.report.Outages}), built from
 *       the clients' {@code stats} by {@link org.jpgbench.report.SummaryHistograms} and the run.
 *   <li>Per interval, on the progress thread: {@link org.jpgbench.report.IntervalCollector} into
 *       {@link org.jpgbench.report.IntervalSeries}, each closed interval also told to an {@link
 *       org.jpgbench.report.IntervalListener} (a --group member's live totals).
 *   <li>Formats, behind {@link org.jpgbench.report.ReportFormat}, each in a package of its own:
 *       {@code report.text} (pgbench's report, -P lines, the --server-stats block), {@code
 *       report.json} (docs/report-json.md) and {@code report.html} (pages drawn by uPlot); {@link
 *       org.jpgbench.report.PercentileLines}, the percentile figures all of them print. While it
 *       runs: {@link org.jpgbench.report.TransactionLog} (-l), {@link
 *       org.jpgbench.report.AggregateLog}, {@link org.jpgbench.report.HdrIntervalLog}.
 *   <li>--server-stats: the model {@link org.jpgbench.report.ServerStats} (filled by {@code
 *       telemetry}); --slo: {@link org.jpgbench.report.SloCheck} at the end, {@link
 *       org.jpgbench.report.SloWatch} while the run lasts (--slo-abort).
 * </ul>
 *
 * <p>Depends on {@code stats}, {@code config} and {@code cnum}; used by {@code run}, {@code merge}
 * and {@code cli}.
 */
package org.jpgbench.report;
