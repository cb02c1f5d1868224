/**
 * The text formats: {@link org.jpgbench.report.text.TextReport}, pgbench's report byte for byte;
 * {@link org.jpgbench.report.text.ProgressLine}, its -P lines; {@link
 * org.jpgbench.report.text.ServerStatsText}, the --server-stats block printed after the report.
 *
 * <p>Depends on {@code report} (the model it prints), {@code stats} and {@code cnum}; used by
 * {@code run}, {@code merge} and {@code group}.
 */
package org.jpgbench.report.text;
