/**
 * {@code jpgbench merge}: several processes' results as one benchmark's.
 *
 * <ul>
 *   <li>{@link org.jpgbench.merge.MergeCommand}: the sub-program (its options, the merged text,
 *       JSON and HTML reports through {@code report}'s formats).
 *   <li>{@link org.jpgbench.merge.MergeInputs}: the files given, by kind; JSON reports read back
 *       into {@link org.jpgbench.report.RunSummary} by {@code report.json}'s one reader.
 *   <li>{@link org.jpgbench.merge.SummaryMerger}: counts and sums added, tps summed, histograms
 *       merged (percentiles of all samples), outage windows united; HdrHistogram logs re-bucketed
 *       on the wall clock.
 * </ul>
 *
 * <p>{@code merge --group=NAME} reads a group's kept reports through {@link
 * org.jpgbench.merge.MergeCommand.KeptGroups}, which the {@code group} package implements; the
 * group's leader prints its merged report through {@link
 * org.jpgbench.merge.MergeCommand#reportJsonTexts}.
 *
 * <p>Depends on {@code report}, {@code report.text}, {@code report.json}, {@code report.html},
 * {@code stats}, {@code config}, {@code cnum} and {@code log}; used by {@code group} and {@code
 * cli}.
 */
package org.jpgbench.merge;
