package org.jpgbench.run;

import java.sql.SQLException;
import org.jpgbench.db.Session;
import org.jpgbench.expr.Variables;
import org.jpgbench.wire.ResultSink;
import org.jpgbench.wire.ServerMessage;

/**
 * One client's connection as its state machine sees it: requests go out through {@code command},
 * {@code pipelined}, {@code pipelineSync} and {@code rollback}; the answers are summed up here as
 * they arrive: how many are still to come ({@link #busy}), the first error among them, the
 * transaction status of the last ReadyForQuery, and whether the connection is lost. {@link
 * WireLink} speaks the protocol itself over the run's transport; {@link JdbcLink}, the fallback for
 * a driver whose stream cannot be taken over, runs each request through JDBC before it returns.
 */
abstract class Link {
  /** The session the driver opened: it cancels and closes it. */
  final Session session;

  /** Answers (ReadyForQuery) still to come for what was sent. */
  int pending;

  /** The first error of the answers since {@link #clearResponse}, or null. */
  ServerMessage error;

  /** pgbench's qrynum of that error: the results of the command before it. */
  int errorQuery;

  /** A command started COPY, which pgbench does not support: the connection is given up. */
  boolean copy;

  /** The connection is lost (or given up); nothing more will arrive. */
  boolean broken;

  /** Why the connection was lost, for --debug. */
  String lostReason;

  /** The transaction status of the last ReadyForQuery: 'I' idle, 'T' in a block, 'E' failed. */
  char txStatus = 'I';

  Link(Session session) {
    this.session = session;
  }

  /** Whether answers are still to come. */
  final boolean busy() {
    return pending > 0 && !broken;
  }

  /** Forgets the error of the previous command. */
  final void clearResponse() {
    error = null;
    errorQuery = 0;
  }

  /**
   * Sends SQL command {@code pc} of {@code script} outside a pipeline (in prepared mode preparing
   * its statement first, the first time this connection runs it).
   *
   * @param simpleText the text -M simple sends (the wire link builds it itself and gets null)
   * @param store where \gset/\aset results go (begun by the caller), null to discard them
   */
  abstract void command(
      SqlPlan plan, int script, int pc, Variables vars, String simpleText, ResultSink store);

  /**
   * Prepared mode, at \startpipeline: prepares the statements of commands {@code from} to {@code
   * to} (exclusive) of {@code script} that this connection has not prepared yet, each on its own.
   */
  abstract void preparePipeline(int script, int from, int to);

  /** Queues SQL command {@code pc} in the open pipeline, its parameters taken now. */
  abstract void pipelined(SqlPlan plan, int script, int pc, Variables vars);

  /** A sync point of the open pipeline: what was queued goes out, one more answer to wait for. */
  abstract void pipelineSync();

  /** ROLLBACK, after an error left a transaction block open. */
  abstract void rollback();

  /** "wire" or "jdbc": how this connection speaks to the server. */
  abstract String path();

  /** Asks the server to cancel what runs on this connection (any thread; best effort). */
  final void cancel() {
    try {
      session.cancel();
    } catch (SQLException | RuntimeException ignored) {
      // the connection is gone, or nothing ran: nothing to cancel
    }
  }

  /** Ends the session (the driver sends Terminate and closes the socket). */
  void close() {
    try {
      session.close();
    } catch (SQLException | RuntimeException ignored) {
      // closing a connection that is already broken
    }
  }
}
