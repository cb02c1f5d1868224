package org.jpgbench.init;

import java.sql.SQLException;
import java.sql.SQLWarning;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLWarning;
import org.postgresql.util.ServerErrorMessage;

/**
 * A server error or notice as libpq's PQerrorMessage shows it with the default verbosity: {@code
 * "ERROR: message"}, the {@code LINE n:} excerpt with its caret when the server gave a position,
 * then DETAIL, HINT, QUERY and (errors only) CONTEXT lines. No trailing newline.
 */
final class ServerErrorText {
  private static final int DISPLAY_SIZE = 60;
  private static final int MIN_RIGHT_CUT = 10;

  private ServerErrorText() {}

  /** The text of a failed statement {@code sql} (null when unknown). */
  static String of(SQLException e, String sql) {
    ServerErrorMessage m = e instanceof PSQLException p ? p.getServerErrorMessage() : null;
    if (m == null) {
      String msg = e.getMessage();
      return msg == null ? e.getClass().getSimpleName() : msg.strip();
    }
    return format(m, sql, true);
  }

  /** The text of a notice or warning, as libpq's default notice processor prints it. */
  static String ofNotice(SQLWarning w) {
    ServerErrorMessage m = w instanceof PSQLWarning p ? p.getServerErrorMessage() : null;
    if (m == null) {
      return "WARNING:  " + w.getMessage();
    }
    return format(m, null, false);
  }

  static String format(ServerErrorMessage m, String sql, boolean isError) {
    StringBuilder b = new StringBuilder();
    String severity = m.getSeverity() == null ? "ERROR" : m.getSeverity();
    b.append(severity)
        .append(":  ")
        .append(m.getMessage() == null ? "no primary message" : m.getMessage());
    String queryText = null;
    int loc = 0;
    if (m.getPosition() > 0) {
      if (sql != null) {
        queryText = sql;
        loc = m.getPosition();
      } else {
        b.append(" at character ").append(m.getPosition());
      }
    } else if (m.getInternalPosition() > 0 && m.getInternalQuery() != null) {
      queryText = m.getInternalQuery();
      loc = m.getInternalPosition();
    }
    b.append('\n');
    if (queryText != null) {
      appendPosition(b, queryText, loc);
    }
    appendField(b, "DETAIL", m.getDetail());
    appendField(b, "HINT", m.getHint());
    appendField(b, "QUERY", m.getInternalQuery());
    if (isError) {
      appendField(b, "CONTEXT", m.getWhere());
    }
    return b.toString().stripTrailing();
  }

  private static void appendField(StringBuilder b, String name, String value) {
    if (value != null) {
      b.append(name).append(":  ").append(value).append('\n');
    }
  }

  /** libpq's reportErrorPosition, for one display column per character. */
  static void appendPosition(StringBuilder b, String query, int position) {
    String q = query.replace('\t', ' ');
    int loc = position - 1; // 0-based
    if (loc < 0 || loc > q.length()) {
      return;
    }
    int lineNo = 1;
    int beg = 0;
    int end = q.length();
    for (int i = 0; i < q.length(); i++) {
      char ch = q.charAt(i);
      if (ch == '\n' || ch == '\r') {
        if (i < loc) {
          if (ch == '\r' && i + 1 < q.length() && q.charAt(i + 1) == '\n') {
            i++;
          }
          lineNo++;
          beg = i + 1;
        } else {
          end = i;
          break;
        }
      }
    }
    boolean begTrunc = false;
    boolean endTrunc = false;
    if (end - beg > DISPLAY_SIZE) {
      if (beg + DISPLAY_SIZE >= loc + MIN_RIGHT_CUT) {
        end = beg + DISPLAY_SIZE;
        endTrunc = true;
      } else {
        if (loc + MIN_RIGHT_CUT < end) {
          end = loc + MIN_RIGHT_CUT;
          endTrunc = true;
        }
        if (end - beg > DISPLAY_SIZE) {
          beg = end - DISPLAY_SIZE;
          begTrunc = true;
        }
      }
    }
    String prefix = "LINE " + lineNo + ": " + (begTrunc ? "..." : "");
    b.append(prefix).append(q, beg, end).append(endTrunc ? "..." : "").append('\n');
    b.append(" ".repeat(prefix.length() + loc - beg)).append("^\n");
  }
}
