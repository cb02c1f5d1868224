/**
 * What the clients record while they run, on their own threads and without allocating per
 * transaction.
 *
 * <ul>
 *   <li>{@link org.jpgbench.stats.StatsRecorder}: one client's statistics, written by its thread
 *       only, read consistently by the progress thread and the metrics' scrape through a seqlock
 *       ({@link org.jpgbench.stats.StatsRecorder#snapshot}).
 *   <li>{@link org.jpgbench.stats.StatsData}: pgbench's StatsData (counts, failures by {@link
 *       org.jpgbench.stats.TxStatus}, retries, skips) with {@link org.jpgbench.stats.SimpleStats}
 *       for latency and lag sums; {@link org.jpgbench.stats.CommandStats}: -r's per command.
 *   <li>{@link org.jpgbench.stats.ClientHistograms}: jpgbench's HdrHistograms (per script, per
 *       command, per interval), attached only when a report needs them; {@link
 *       org.jpgbench.stats.LatencyBuckets}: the fixed buckets --metrics-listen's clients count in.
 * </ul>
 *
 * <p>Depends on nothing of jpgbench's; used by {@code report}, {@code run} and {@code merge}.
 */
package org.jpgbench.stats;
