package org.jpgbench.run;

import java.sql.SQLException;
import org.jpgbench.wire.ServerMessage;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Server errors told the way libpq tells them (PQresultErrorMessage: "ERROR: msg", then
 * DETAIL/HINT/CONTEXT lines and the LINE/caret excerpt) and classified as pgbench classifies them
 * (serialization 40001, deadlock 40P01, lost connection, anything else).
 */
final class PgError {
  enum Kind {
    SERIALIZATION,
    DEADLOCK,
    CONNECTION,
    OTHER
  }

  /** libpq's words for a connection that went away under a query. */
  static final String CONNECTION_LOST =
      "server closed the connection unexpectedly\n"
          + "\tThis probably means the server terminated abnormally\n"
          + "\tbefore or while processing the request.\n";

  private PgError() {}

  /** pgbench's getSQLErrorStatus, plus the session-ending severities. */
  static Kind classify(ServerMessage m) {
    String state = m.code();
    if (m.endsSession() || (state != null && state.startsWith("08"))) {
      return Kind.CONNECTION;
    }
    if ("40001".equals(state)) {
      return Kind.SERIALIZATION;
    }
    if ("40P01".equals(state)) {
      return Kind.DEADLOCK;
    }
    return Kind.OTHER;
  }

  /**
   * The error as libpq would print it for a failed query, ending with a newline.
   *
   * @param query the query text sent, for the LINE excerpt; may be null
   */
  static String message(ServerMessage m, String query) {
    if (m.severity() == null) { // made by the client
      String text = m.message();
      return text.endsWith("\n") ? text : text + "\n";
    }
    StringBuilder b = new StringBuilder();
    b.append(m.severity()).append(":  ").append(m.message()).append('\n');
    if (m.position() > 0 && query != null) {
      excerpt(b, query, m.position());
    }
    detailAndHint(b, m);
    if (m.where() != null) {
      b.append("CONTEXT:  ").append(m.where()).append('\n');
    }
    if (m.endsSession()) {
      b.append(CONNECTION_LOST);
    }
    return b.toString();
  }

  /** A driver error (setup connection, the JDBC fallback) as libpq would print it. */
  static String message(SQLException e, String query) {
    return message(fromJdbc(e), query);
  }

  /** The server's message inside a JDBC error, or a client-side message for the others. */
  static ServerMessage fromJdbc(SQLException e) {
    ServerErrorMessage m = e instanceof PSQLException p ? p.getServerErrorMessage() : null;
    if (m == null) {
      String state = e.getSQLState();
      if (state != null && state.startsWith("08")) {
        return new ServerMessage(null, null, state, CONNECTION_LOST, null, null, 0, null);
      }
      String text = e.getMessage() == null ? e.toString() : e.getMessage();
      return new ServerMessage(null, null, state, text, null, null, 0, null);
    }
    return new ServerMessage(
        m.getSeverity(),
        m.getSeverity(),
        m.getSQLState(),
        m.getMessage() == null ? "" : m.getMessage(),
        m.getDetail(),
        m.getHint(),
        m.getPosition(),
        m.getWhere());
  }

  /**
   * A notice (NOTICE, WARNING, ...) as libpq's default notice processor prints it: like an error,
   * but without CONTEXT, which libpq shows for errors only.
   */
  static String notice(ServerMessage m) {
    StringBuilder b = new StringBuilder();
    b.append(m.severity() == null ? "NOTICE" : m.severity())
        .append(":  ")
        .append(m.message())
        .append('\n');
    return detailAndHint(b, m).toString();
  }

  private static StringBuilder detailAndHint(StringBuilder b, ServerMessage m) {
    if (m.detail() != null) {
      b.append("DETAIL:  ").append(m.detail()).append('\n');
    }
    if (m.hint() != null) {
      b.append("HINT:  ").append(m.hint()).append('\n');
    }
    return b;
  }

  /** The message of a failed connection attempt. */
  static String connectionMessage(SQLException e) {
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }

  /** libpq's "LINE n: text" + caret under the 1-based character position. */
  private static void excerpt(StringBuilder b, String query, int position) {
    int loc = Math.min(position - 1, query.length());
    int lineNo = 1;
    int lineStart = 0;
    for (int i = 0; i < loc; i++) {
      if (query.charAt(i) == '\n') {
        lineNo++;
        lineStart = i + 1;
      }
    }
    int lineEnd = query.indexOf('\n', lineStart);
    if (lineEnd < 0) {
      lineEnd = query.length();
    }
    String line = query.substring(lineStart, lineEnd).replace('\t', ' ');
    int col = loc - lineStart;
    // libpq shows at most about 60 columns around the error
    final int display = 60;
    final int minRightCut = 10;
    String prefix = "";
    String suffix = "";
    if (line.length() > display) {
      int start = 0;
      if (col > display - minRightCut) {
        start = Math.min(col - (display - minRightCut) + 1, line.length() - display + 3);
        start = Math.max(start, 0);
        prefix = "...";
      }
      int end = Math.min(line.length(), start + display - prefix.length());
      if (end < line.length()) {
        suffix = "...";
        end = Math.max(start, end - 3);
      }
      line = line.substring(start, end);
      col = col - start + prefix.length();
    }
    String head = "LINE " + lineNo + ": ";
    b.append(head).append(prefix).append(line).append(suffix).append('\n');
    b.append(" ".repeat(head.length() + Math.max(col, 0))).append("^\n");
  }
}
