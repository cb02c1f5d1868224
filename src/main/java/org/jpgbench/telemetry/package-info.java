/**
 * What the server did during a run (--server-stats): one monitoring session on a thread of its own
 * samples the server's cumulative statistics at each interval's end and the benchmark's backends'
 * wait events several times a second, on the run's timeline.
 *
 * <ul>
 *   <li>{@link org.jpgbench.telemetry.Monitor}: the sampling thread on the run's timeline, gaps
 *       while the server cannot be read, the series it returns as a {@link
 *       org.jpgbench.report.ServerStats}; {@link org.jpgbench.telemetry.CounterGrowth}, an
 *       interval's figures; {@link org.jpgbench.telemetry.ServerTotals}, what the closed intervals
 *       add up to, for a live reader.
 *   <li>{@link org.jpgbench.telemetry.MonitorSession}: the monitor's session, its prepared
 *       statements and its own commits.
 *   <li>{@link org.jpgbench.telemetry.ServerQueries}: its queries per server version (13 to 18:
 *       pg_stat_wal from 14, pg_stat_checkpointer from 17).
 *   <li>{@link org.jpgbench.telemetry.WireStatements}: the monitor's prepared statements executed
 *       as Bind/Execute/Sync on a transport of its own, of the clients' kind, several in one round
 *       trip at an interval's end (its backend is woken as often as wait events are sampled, the
 *       counters riding on that instant's sample). Through the driver's query path and the JDK's
 *       socket streams, run by the interpreter ten times a second, the monitor's thread cost about
 *       40% more, and its backend as much more for the counters' query parsed and planned every
 *       second.
 *   <li>{@link org.jpgbench.telemetry.Activity}: a pg_stat_activity row sorted into wait events,
 *       the checkpointer at work, autovacuum workers.
 *   <li>{@link org.jpgbench.telemetry.BackendPids}: the clients' backends, written by the run as
 *       its clients connect.
 * </ul>
 *
 * <p>Depends on {@code db}, {@code io}, {@code wire} and {@code report}; used by {@code run} and
 * {@code metrics}.
 */
package org.jpgbench.telemetry;
