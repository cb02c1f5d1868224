package org.jpgbench.db;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.Field;
import org.postgresql.core.Query;
import org.postgresql.core.QueryExecutor;
import org.postgresql.core.ResultCursor;
import org.postgresql.core.ResultHandlerBase;
import org.postgresql.core.Tuple;

/**
 * An open, authenticated session with the server, as a benchmark client needs it: the driver's
 * protocol executor (whose stream the run takes over), and a JDBC connection only when the session
 * was opened as one. A client that speaks the protocol itself needs no more than the executor, and
 * opening just that costs the driver about half the work of a JDBC connection (no {@code
 * PgConnection}, type cache, timestamp helpers or URL parsing): what a run with many clients pays
 * once per connection, before the JIT has compiled any of it.
 *
 * <p>The few statements a run sends outside its clients' transactions (the setup connection's
 * queries, the vacuum) go through {@link #query} and {@link #execute}: as simple queries on the
 * executor, or through JDBC when the session is a JDBC connection. The setup connection is then a
 * session too: a JDBC connection around it cost about 45 ms of CPU per run (BENCHMARKS.md, "Choices
 * and why"), the driver's first {@code PgConnection} and its type and metadata set-up.
 */
public final class Session implements AutoCloseable {
  /** How many parsed statements a session keeps; one more clears them. */
  private static final int PARSED_MAX = 16;

  private final QueryExecutor executor;
  private final Connection jdbc;

  /**
   * The simple queries sent on the executor, parsed by the driver once: --server-stats' monitor
   * sends the same few statements ten times a second, and the driver's parse of the text (a scan of
   * it for placeholders, run by the interpreter at that rate) was a sixth of its sample's cost.
   */
  private final Map<String, Query> parsed = new HashMap<>();

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

  /** A parameter the server reported (server_version, client_encoding, ...), or null. */
  public String parameterStatus(String name) throws SQLException {
    if (executor != null) {
      return executor.getParameterStatus(name);
    }
    return jdbc.unwrap(BaseConnection.class).getParameterStatus(name);
  }

  /** Runs {@code sql} (one statement, autocommit), its results discarded. */
  public void execute(String sql) throws SQLException {
    if (jdbc != null) {
      try (Statement st = jdbc.createStatement()) {
        st.execute(sql);
      }
      return;
    }
    simple(
        sql,
        new ResultHandlerBase(),
        QueryExecutor.QUERY_NO_RESULTS | QueryExecutor.QUERY_NO_METADATA);
  }

  /** The rows of query {@code sql}, each as its columns' text (null for NULL). */
  public List<String[]> query(String sql) throws SQLException {
    List<String[]> rows = new ArrayList<>();
    if (jdbc != null) {
      try (Statement st = jdbc.createStatement();
          ResultSet rs = st.executeQuery(sql)) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          String[] row = new String[n];
          for (int i = 0; i < n; i++) {
            row[i] = rs.getString(i + 1);
          }
          rows.add(row);
        }
      }
      return rows;
    }
    ResultHandlerBase handler =
        new ResultHandlerBase() {
          @Override
          public void handleResultRows(
              Query fromQuery, Field[] fields, List<Tuple> tuples, ResultCursor cursor) {
            for (Tuple t : tuples) {
              String[] row = new String[fields.length];
              for (int i = 0; i < fields.length; i++) {
                byte[] v = t.get(i);
                try {
                  row[i] = v == null ? null : executor.getEncoding().decode(v);
                } catch (IOException e) {
                  handleError(new SQLException(e.getMessage(), "22021", e));
                }
              }
              rows.add(row);
            }
          }
        };
    simple(sql, handler, 0);
    return rows;
  }

  /**
   * {@code sql} on the executor as libpq's PQexec sends it (a simple Query message, no BEGIN around
   * it); the server's error, if any, is thrown once its answer has been read to the end.
   */
  private void simple(String sql, ResultHandlerBase handler, int flags) throws SQLException {
    executor.execute(
        parsedSimple(sql),
        null,
        handler,
        0,
        0,
        flags | QueryExecutor.QUERY_SUPPRESS_BEGIN | QueryExecutor.QUERY_EXECUTE_AS_SIMPLE);
    handler.handleCompletion();
  }

  private Query parsedSimple(String sql) throws SQLException {
    Query q = parsed.get(sql);
    if (q == null) {
      if (parsed.size() >= PARSED_MAX) {
        parsed.clear();
      }
      q = executor.createSimpleQuery(sql);
      parsed.put(sql, q);
    }
    return q;
  }

  /** The server process serving this session (from its BackendKeyData). */
  public int backendPid() throws SQLException {
    if (executor != null) {
      return executor.getBackendPID();
    }
    return jdbc.unwrap(org.postgresql.PGConnection.class).getBackendPID();
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
