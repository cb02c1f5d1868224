/**
 * The JSON format (docs/report-json.md): {@link org.jpgbench.report.json.JsonReport} writes a run's
 * or a merge's report through {@link org.jpgbench.report.json.JsonWriter} on jackson-core's
 * generator in the reports' own {@link org.jpgbench.report.json.ReportLayout}, its keys named in
 * {@link org.jpgbench.report.json.JsonSchema}, --server-stats' object by {@link
 * org.jpgbench.report.json.ServerStatsJson}; {@link org.jpgbench.report.json.JsonDocuments} parses
 * documents (jackson-jr), and {@link org.jpgbench.report.json.JsonReportReader}, the format's one
 * reader, turns a report back into its {@code RunSummary} for {@code merge} and the experiments.
 *
 * <p>Depends on {@code report} (the model it writes), {@code stats} and {@code config}; used by
 * {@code run}, {@code merge}, {@code experiment}, {@code group} and {@code report.html}.
 */
package org.jpgbench.report.json;
