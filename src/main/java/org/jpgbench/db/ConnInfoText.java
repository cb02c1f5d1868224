package org.jpgbench.db;

import java.util.Map;

/** A connection string as reports may show it: never with its password. */
public final class ConnInfoText {
  private ConnInfoText() {}

  /**
   * {@code conninfo} as "key=value" pairs in its own order, the password left out; a plain database
   * name as it is; a string that does not parse as "(invalid connection string)".
   */
  /** What is wrong with a connection string's syntax (libpq's words), or null when it parses. */
  public static String syntaxError(String conninfo) {
    if (conninfo == null || !ConnInfo.isConnString(conninfo)) {
      return null;
    }
    try {
      ConnInfo.parse(conninfo);
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  public static String withoutPassword(String conninfo) {
    if (conninfo == null || !ConnInfo.isConnString(conninfo)) {
      return conninfo;
    }
    Map<String, String> pairs;
    try {
      pairs = ConnInfo.parse(conninfo);
    } catch (IllegalArgumentException e) {
      return "(invalid connection string)";
    }
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, String> e : pairs.entrySet()) {
      if (e.getKey().equals("password")) {
        continue;
      }
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(e.getKey()).append('=').append(quote(e.getValue()));
    }
    return b.toString();
  }

  private static String quote(String v) {
    if (!v.isEmpty() && v.chars().noneMatch(c -> c == ' ' || c == '\'' || c == '\\')) {
      return v;
    }
    return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}
