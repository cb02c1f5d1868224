package org.jpgbench.wire;

import org.jpgbench.text.RawUtf8;

/**
 * An ErrorResponse or NoticeResponse: the fields pgbench's messages show (libpq's
 * PQresultErrorMessage) and the SQLSTATE it classifies by.
 *
 * @param severity localized severity ("ERROR", "FATAL", "NOTICE", ...), as shown
 * @param severityCode the severity not localized (PostgreSQL 9.6+), else as {@code severity}
 * @param code the SQLSTATE
 * @param position the 1-based character position of the error in the query, 0 when none
 */
public record ServerMessage(
    String severity,
    String severityCode,
    String code,
    String message,
    String detail,
    String hint,
    int position,
    String where) {

  /** Decodes the fields of a message body (field type, text, ..., 0). */
  public static ServerMessage parse(byte[] body, int offset, int length) {
    String severity = null;
    String nonLocalized = null;
    String code = null;
    String message = null;
    String detail = null;
    String hint = null;
    String where = null;
    int position = 0;
    int p = offset;
    int end = offset + length;
    while (p < end && body[p] != 0) {
      byte field = body[p++];
      int start = p;
      while (p < end && body[p] != 0) {
        p++;
      }
      String v = RawUtf8.decode(body, start, p - start);
      p++;
      switch (field) {
        case 'S' -> severity = v;
        case 'V' -> nonLocalized = v;
        case 'C' -> code = v;
        case 'M' -> message = v;
        case 'D' -> detail = v;
        case 'H' -> hint = v;
        case 'W' -> where = v;
        case 'P' -> position = parsePosition(v);
        default -> {} // internal query, schema, table, file, line, routine: not shown
      }
    }
    return new ServerMessage(
        severity != null ? severity : nonLocalized,
        nonLocalized != null ? nonLocalized : severity,
        code,
        message == null ? "" : message,
        detail,
        hint,
        position,
        where);
  }

  private static int parsePosition(String v) {
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** FATAL or PANIC: the server ends the session after this. */
  public boolean endsSession() {
    return "FATAL".equals(severityCode) || "PANIC".equals(severityCode);
  }

  /** A message made by the client itself (lost connection and the like), without SQLSTATE. */
  public static ServerMessage local(String text) {
    return new ServerMessage(null, null, null, text, null, null, 0, null);
  }
}
