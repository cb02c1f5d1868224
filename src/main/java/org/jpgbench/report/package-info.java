/**
 * What a run measured, and every way it is told.
 *
 * <ul>
 *   <li>Recording, on the clients' threads: {@link org.jpgbench.report.StatsRecorder} (pgbench's
 *       sums in {@link org.jpgbench.report.StatsData}, {@link org.jpgbench.report.SimpleStats},
 *       {@link org.jpgbench.report.CommandStats}, and an HdrHistogram), {@link
 *       org.jpgbench.report.ClientHistograms}; per interval: {@link
 *       org.jpgbench.report.IntervalCollector} into {@link org.jpgbench.report.IntervalSeries}.
 *   <li>The model: {@link org.jpgbench.report.RunSummary} ({@link org.jpgbench.report.RunSettings},
 *       {@link org.jpgbench.report.ScriptSummary}, {@link org.jpgbench.report.CommandSummary},
 *       {@link org.jpgbench.report.RunDetails}, {@link org.jpgbench.report.Outages}).
 *   <li>Formats, behind {@link org.jpgbench.report.ReportFormat}: {@link
 *       org.jpgbench.report.TextReport} (pgbench's, byte for byte), {@link
 *       org.jpgbench.report.PercentileLines}, {@link org.jpgbench.report.JsonReport}
 *       (docs/report-json.md), {@link org.jpgbench.report.HtmlReport}; while it runs: {@link
 *       org.jpgbench.report.ProgressLine} (-P), {@link org.jpgbench.report.TransactionLog} (-l),
 *       {@link org.jpgbench.report.AggregateLog}, {@link org.jpgbench.report.HdrIntervalLog}.
 *   <li>{@code jpgbench merge}: {@link org.jpgbench.report.MergeCommand} reads ({@link
 *       org.jpgbench.report.MergeInputs}, {@link org.jpgbench.report.JsonSummaryReader}) and
 *       combines ({@link org.jpgbench.report.SummaryMerger}) several processes' reports.
 * </ul>
 *
 * <p>Depends on {@code cnum} and {@code log}; used by {@code run} and {@code cli}.
 */
package org.jpgbench.report;
