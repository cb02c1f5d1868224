package org.jpgbench.run;

import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Server errors seen through JDBC, told the way libpq tells them (PQresultErrorMessage: "ERROR: 
 * msg", then DETAIL/HINT/CONTEXT lines and the LINE/caret excerpt) and classified as pgbench
 * classifies them (serialization 40001, deadlock 40P01, lost connection, anything else).
 */
final class PgError {
  enum Kind { SERIALIZATION, DEADLOCK, CONNECTION, OTHER }

  private static final String CONNECTION_LOST = "server closed the connection unexpectedly\n"
      + "\tThis probably means the server terminated abnormally\n"
      + "\tbefore or while processing the request.\n";

  private PgError() {}

  static Kind classify(SQLException e, boolean connectionClosed) {
    String state = e.getSQLState();
    if (connectionClosed || (state != null && state.startsWith("08"))) {
      return Kind.CONNECTION;
    }
    ServerErrorMessage m = e instanceof PSQLException p ? p.getServerErrorMessage() : null;
    if (m != null && ("FATAL".equals(m.getSeverity()) || "PANIC".equals(m.getSeverity()))) {
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
  static String message(SQLException e, String query) {
    ServerErrorMessage m = e instanceof PSQLException p ? p.getServerErrorMessage() : null;
    if (m == null) {
      String state = e.getSQLState();
      if (state != null && state.startsWith("08")) {
        return CONNECTION_LOST;
      }
      String text = e.getMessage() == null ? e.toString() : e.getMessage();
      return text.endsWith("\n") ? text : text + "\n";
    }
    StringBuilder b = new StringBuilder();
    b.append(m.getSeverity() == null ? "ERROR" : m.getSeverity()).append(":  ")
        .append(m.getMessage()).append('\n');
    if (m.getPosition() > 0 && query != null) {
      excerpt(b, query, m.getPosition());
    }
    detailAndHint(b, m);
    if (m.getWhere() != null) {
      b.append("CONTEXT:  ").append(m.getWhere()).append('\n');
    }
    if ("FATAL".equals(m.getSeverity())) {
      b.append(CONNECTION_LOST);
    }
    return b.toString();
  }

  /**
   * A notice (NOTICE, WARNING, ...) as libpq's default notice processor prints it: like an error,
   * but without CONTEXT, which libpq shows for errors only.
   */
  static String notice(ServerErrorMessage m) {
    StringBuilder b = new StringBuilder();
    b.append(m.getSeverity() == null ? "NOTICE" : m.getSeverity()).append(":  ")
        .append(m.getMessage()).append('\n');
    return detailAndHint(b, m).toString();
  }

  private static StringBuilder detailAndHint(StringBuilder b, ServerErrorMessage m) {
    if (m.getDetail() != null) {
      b.append("DETAIL:  ").append(m.getDetail()).append('\n');
    }
    if (m.getHint() != null) {
      b.append("HINT:  ").append(m.getHint()).append('\n');
    }
    return b;
  }

  static boolean hasServerMessage(SQLException e) {
    return e instanceof PSQLException p && p.getServerErrorMessage() != null;
  }

  /** The message of a failed connection attempt. */
  static String connectionMessage(SQLException e) {
    String text = e.getMessage() == null ? e.toString() : e.getMessage();
    return text;
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
