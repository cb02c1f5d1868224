/**
 * Benchmarking mode: pgbench's threads and clients as event loops and state machines.
 *
 * <ul>
 *   <li>{@link org.jpgbench.run.RunMode}: the entry point; {@link org.jpgbench.run.BenchmarkRun}
 *       one run in pgbench's order: setup connection ({@link org.jpgbench.run.SetupConnection},
 *       {@link org.jpgbench.run.Preflight}), clients and their variables ({@link
 *       org.jpgbench.run.ClientVariables}), log files, the start, -T/-P/Ctrl-C while they run, the
 *       report, the exit status.
 *   <li>{@link org.jpgbench.run.EventLoop}: one pgbench thread (-j) on one platform thread: each
 *       round it advances every client that can progress, then makes one wait on its {@link
 *       org.jpgbench.io.Transport} (answers, a deadline from {@link org.jpgbench.run.Deadlines}, or
 *       a wake-up from {@link org.jpgbench.run.RunControl}).
 *   <li>{@link org.jpgbench.run.Client}: pgbench's client state machine; every state is a {@link
 *       org.jpgbench.run.ClientState} (pgbench's {@code CSTATE_*}, each with what it waits for),
 *       with its parts {@link org.jpgbench.run.SqlStep}, {@link org.jpgbench.run.MetaStep}, {@link
 *       org.jpgbench.run.Pipeline} and {@link org.jpgbench.run.ClientErrors}: each sees the client
 *       as a {@link org.jpgbench.run.ClientView} and returns its next state, and the loop sees it
 *       as a {@link org.jpgbench.run.LoopEntry}, so neither the parts nor the loop's interface know
 *       the state machine. A client talks to the server through a {@link org.jpgbench.run.Link}:
 *       {@link org.jpgbench.run.WireLink} (the protocol spoken on the driver's stream, taken over
 *       by {@link org.jpgbench.db.Takeover}) or {@link org.jpgbench.run.JdbcLink} (the fallback);
 *       {@link org.jpgbench.run.Engine} chooses once. Results for \gset/\aset land in {@link
 *       org.jpgbench.run.ResultStore}.
 *   <li>What clients share: {@link org.jpgbench.run.RunContext} (read-only once they start), {@link
 *       org.jpgbench.run.PgbenchThread} (a -j thread's generators, schedule and log), {@link
 *       org.jpgbench.run.SqlPlan} (each command's bytes, worked out once), {@link
 *       org.jpgbench.run.RunClock} (pgbench's µs time base).
 *   <li>--reconnect: {@link org.jpgbench.run.Reconnection} (one client's backoff and attempts) and
 *       {@link org.jpgbench.run.OutageTracker} (the run's outage windows).
 *   <li>Around the run: {@link org.jpgbench.run.ProgressReporter} (-P), {@link
 *       org.jpgbench.run.ReportOutputs} (JSON, HTML, hdr log; its {@link
 *       org.jpgbench.run.ReportOutputs.Recording} from the start to the report), {@link
 *       org.jpgbench.run.SummaryBuilder} (the clients' statistics into the report model), {@link
 *       org.jpgbench.run.ClientCpu} (the client's own cost); with --server-stats, the {@link
 *       org.jpgbench.telemetry.Monitor} beside the clients, fed their backends' PIDs.
 *   <li>Wording: {@link org.jpgbench.run.Messages}, {@link org.jpgbench.run.ClientErrors} and
 *       {@link org.jpgbench.run.PgError} (pgbench's and libpq's), printed by {@link
 *       org.jpgbench.run.Console}.
 * </ul>
 *
 * <p>Depends on {@code config}, {@code script}, {@code expr}, {@code random}, {@code cnum}, {@code
 * db}, {@code io}, {@code wire}, {@code report}, {@code report.text}, {@code report.json}, {@code
 * report.html}, {@code stats}, {@code text}, {@code log}, {@code sigint} and {@code telemetry};
 * {@code group} and {@code cli} depend on it.
 */
package org.jpgbench.run;
