/**
 * PostgreSQL's frontend/backend protocol (version 3), as much as pgbench's queries need, with no
 * knowledge of sockets or clients.
 *
 * <ul>
 *   <li>{@link org.jpgbench.wire.Frontend}: builds requests into one reusable byte array: Query
 *       (simple mode), Parse/Bind/Describe/Execute/Sync (extended and prepared), as libpq sends
 *       them for pgbench; nothing allocated per transaction.
 *   <li>{@link org.jpgbench.wire.BackendDecoder}: splits the received bytes into backend messages
 *       however the transport chunks them; a message that arrived whole is read in place.
 *   <li>{@link org.jpgbench.wire.ServerMessage}: an ErrorResponse or NoticeResponse, with the
 *       fields pgbench's messages show and the SQLSTATE it classifies by.
 *   <li>{@link org.jpgbench.wire.ResultRows} and {@link org.jpgbench.wire.ResultSink}: the rows of
 *       a command whose results are kept (\gset, \aset); other results are only counted.
 * </ul>
 *
 * <p>Depends on {@code cnum} and {@code text} only; used by {@code run} and {@code telemetry}.
 */
package org.jpgbench.wire;
