package org.jpgbench.db;

import java.sql.SQLException;

/**
 * A connection that could not be made, with libpq's message (what pgbench prints after "pgbench:
 * error: "), e.g. {@code connection to server at "127.0.0.1", port 5999 failed: Connection refused}
 * followed by a tab-indented hint line. The message may span lines (one block per host tried); it
 * never holds a password. Print it as {@code "jpgbench: error: " + getMessage()}.
 */
public final class ConnectionException extends SQLException {
  private static final long serialVersionUID = 1L;

  public ConnectionException(String message, String sqlState, Throwable cause) {
    super(message, sqlState, cause);
  }
}
