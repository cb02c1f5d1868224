package org.jpgbench.db;

import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.QueryExecutor;

/**
 * An open, authenticated session with the server, as a benchmark client needs it: the driver's
 * protocol executor (whose stream the run takes over), and a JDBC connection only when the session
 * was opened as one. A client that speaks the protocol itself needs no more than the executor, and
 * opening just that costs the driver about half the work of a JDBC connection (no {@code
 * PgConnection}, type cache, timestamp helpers or URL parsing): what a run with many clients pays
 * once per connection, before the JIT has compiled any of it.
 */
public final class Session implements AutoCloseable {
  private final QueryExecutor executor;
  private final Connection jdbc;

  private Session(QueryExecutor executor, Connection jdbc) {
    this.executor = executor;
    this.jdbc = jdbc;
  }

  /** A session opened below the JDBC API. */
  static Session of(QueryExecutor executor) {
    return new Session(executor, null);
  }

  /**
   * A session around a JDBC connection; its executor is null when {@code con} is not the driver's
   * own (a test's stand-in).
   */
  public static Session of(Connection con) {
    QueryExecutor qe = null;
    try {
      if (con.isWrapperFor(BaseConnection.class)) {
        qe = con.unwrap(BaseConnection.class).getQueryExecutor();
      }
    } catch (SQLException | RuntimeException e) {
      qe = null;
    }
    return new Session(qe, con);
  }

  /** The driver's protocol executor, or null when this session has none to offer. */
  public QueryExecutor executor() {
    return executor;
  }

  /** The JDBC connection, or null when the session was opened below the JDBC API. */
  public Connection jdbc() {
    return jdbc;
  }

  /** Asks the server to cancel what runs on this session (its own short connection). */
  public void cancel() throws SQLException {
    if (jdbc != null) {
      jdbc.unwrap(org.postgresql.PGConnection.class).cancelQuery();
    } else {
      executor.sendQueryCancel();
    }
  }

  /** Ends the session: Terminate, then the socket closed. */
  @Override
  public void close() throws SQLException {
    if (jdbc != null) {
      jdbc.close();
    } else {
      executor.close();
    }
  }
}
