/**
 * Connections opened as libpq opens them for pgbench.
 *
 * <ul>
 *   <li>{@link org.jpgbench.db.ConnSettings}: -h/-p/-U/dbname, then PG* variables, then libpq's
 *       defaults; host and port lists; {@link org.jpgbench.db.ConnInfo} parses connection strings
 *       and URIs; {@link org.jpgbench.db.PgPass} reads {@code .pgpass}.
 *   <li>{@link org.jpgbench.db.ConnectionFactory} / {@link org.jpgbench.db.LibpqConnectionFactory}:
 *       opens a session through pgjdbc (TCP, SSL, SCRAM, Unix sockets through junixsocket).
 *   <li>{@link org.jpgbench.db.StartupPacket}: the startup parameters libpq sends, and nothing
 *       else; the driver's socket factories ({@link org.jpgbench.db.StartupSocketFactory}, {@link
 *       org.jpgbench.db.StartupSslFactory}) hand it sockets whose {@link
 *       org.jpgbench.db.StartupRewriter} puts them into the driver's StartupMessage, so that a
 *       pooler and the server see what pgbench's connections send.
 *   <li>{@link org.jpgbench.db.Session}: a benchmark client's session, opened by the same driver
 *       code below its JDBC API (the run speaks the protocol itself on the driver's stream); the
 *       setup connection is one too, its few statements run as simple queries on the executor.
 *   <li>{@link org.jpgbench.db.Takeover}: the driver's stream of an authenticated session, taken
 *       over to speak the protocol on it (the run's clients, --server-stats' samples).
 *   <li>{@link org.jpgbench.db.ConnectionErrors} and {@link org.jpgbench.db.ConnectionException}:
 *       libpq's wording for a failed connection. Passwords never appear in any message.
 * </ul>
 *
 * <p>Depends on {@code config} and {@code io}; used by {@code cli}, {@code init}, {@code run} and
 * {@code telemetry}.
 */
package org.jpgbench.db;
