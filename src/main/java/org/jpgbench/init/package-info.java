/**
 * Initialization mode (-i): pgbench's -I steps and jpgbench's, run on one or more connections.
 *
 * <ul>
 *   <li>{@link org.jpgbench.init.Initializer}: the entry point; {@link org.jpgbench.init.InitPlan}
 *       turns the -I letters ({@link org.jpgbench.init.InitStep}) into timed actions ({@link
 *       org.jpgbench.init.InitTimings} for the closing "done in" line).
 *   <li>The steps: {@link org.jpgbench.init.DropTables} (d), {@link org.jpgbench.init.CreateTables}
 *       (t, with {@link org.jpgbench.init.Partitions}), {@link
 *       org.jpgbench.init.ClientSideGenerator} (g text COPY, c binary COPY, through {@link
 *       org.jpgbench.init.CopyLoader} and {@link org.jpgbench.init.RowEncoder}), {@link
 *       org.jpgbench.init.ServerSideGenerator} (G, U), {@link org.jpgbench.init.Vacuum} (v), {@link
 *       org.jpgbench.init.PrimaryKeys} (p), {@link org.jpgbench.init.ForeignKeys} (f).
 *   <li>{@link org.jpgbench.init.Jobs}: the init connections (--init-jobs), each an {@link
 *       org.jpgbench.init.InitConnection} that runs statements as pgbench's executeStatement and
 *       can be cancelled (Ctrl-C).
 *   <li>{@link org.jpgbench.init.InitHooks}: SQL a custom script carries for -i, run before or
 *       after a step.
 *   <li>{@link org.jpgbench.init.InitReport}: the -i --report-json document (each step's seconds),
 *       which compare and ab -i read through {@link org.jpgbench.init.InitFigures}.
 *   <li>Wording: {@link org.jpgbench.init.InitMessages}, {@link org.jpgbench.init.InitError},
 *       {@link org.jpgbench.init.ServerErrorText}; progress: {@link
 *       org.jpgbench.init.InitProgress}.
 * </ul>
 *
 * <p>Depends on {@code config}, {@code db}, {@code cnum}, {@code report} (the server's settings and
 * a report path's check) and {@code log}; used by {@code cli} and {@code experiment}.
 */
package org.jpgbench.init;
