/**
 * --embedded: a throwaway PostgreSQL, {@link org.jpgbench.server.EmbeddedPostgres}.
 *
 * <ul>
 *   <li>{@link org.jpgbench.server.PgBinaries}: which server programs ($JPGBENCH_PG_BINDIR, the
 *       bundled build, the system's), probed by {@link org.jpgbench.server.SystemProbe}.
 *   <li>{@link org.jpgbench.server.BundleCache}, {@link org.jpgbench.server.XzUnpacker}, {@link
 *       org.jpgbench.server.TarExtractor}: the bundled build unpacked once per user.
 *   <li>{@link org.jpgbench.server.ClusterTemplate}: fresh data directories from a kept initdb.
 *   <li>{@link org.jpgbench.server.Postmaster}: the running server, stopped by a watchdog if this
 *       JVM dies; {@link org.jpgbench.server.OsAccount}: an unprivileged account when run as root;
 *       {@link org.jpgbench.server.SystemPrograms}: runuser, setsid, cp, xz by absolute path.
 * </ul>
 *
 * <p>Depends on {@code log}; used by {@code cli}.
 */
package org.jpgbench.server;
