package org.jpgbench.db;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * libpq connection strings, as pgbench accepts them in place of a database name: {@code key=value}
 * pairs ({@code host=/tmp dbname='my db'}) or a URI ({@code
 * postgresql://user@host:5433/db?sslmode=x}).
 */
final class ConnInfo {
  /** The keywords jpgbench understands; others are an error, as unknown ones are in libpq. */
  static final Set<String> KEYWORDS =
      Set.of(
          "host",
          "hostaddr",
          "port",
          "dbname",
          "user",
          "password",
          "passfile",
          "sslmode",
          "options",
          "application_name",
          "fallback_application_name",
          "connect_timeout",
          "sslrootcert",
          "sslcert",
          "sslkey",
          "gssencmode",
          "target_session_attrs",
          "client_encoding");

  private ConnInfo() {}

  /** Whether a database name is really a connection string (libpq's expand_dbname test). */
  static boolean isConnString(String dbName) {
    return dbName != null
        && (dbName.contains("=")
            || dbName.startsWith("postgresql://")
            || dbName.startsWith("postgres://"));
  }

  /** Parses either form; throws IllegalArgumentException with libpq's wording on bad input. */
  static Map<String, String> parse(String s) {
    Map<String, String> out =
        s.startsWith("postgresql://") || s.startsWith("postgres://") ? parseUri(s) : parsePairs(s);
    for (String k : out.keySet()) {
      if (!KEYWORDS.contains(k)) {
        throw new IllegalArgumentException("invalid connection option \"" + k + "\"");
      }
    }
    return out;
  }

  private static Map<String, String> parsePairs(String s) {
    Map<String, String> out = new LinkedHashMap<>();
    int i = 0;
    int n = s.length();
    while (true) {
      while (i < n && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
      if (i >= n) {
        return out;
      }
      int k = i;
      while (i < n && s.charAt(i) != '=' && !Character.isWhitespace(s.charAt(i))) {
        i++;
      }
      String key = s.substring(k, i);
      while (i < n && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
      if (i >= n || s.charAt(i) != '=') {
        throw new IllegalArgumentException(
            "missing \"=\" after \"" + key + "\" in connection info string");
      }
      i++;
      while (i < n && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
      StringBuilder v = new StringBuilder();
      if (i < n && s.charAt(i) == '\'') {
        i++;
        while (true) {
          if (i >= n) {
            throw new IllegalArgumentException(
                "unterminated quoted string in connection info string");
          }
          char c = s.charAt(i++);
          if (c == '\'') {
            break;
          }
          if (c == '\\' && i < n) {
            c = s.charAt(i++);
          }
          v.append(c);
        }
      } else {
        while (i < n && !Character.isWhitespace(s.charAt(i))) {
          char c = s.charAt(i++);
          if (c == '\\' && i < n) {
            c = s.charAt(i++);
          }
          v.append(c);
        }
      }
      out.put(key, v.toString());
    }
  }

  private static Map<String, String> parseUri(String s) {
    Map<String, String> out = new LinkedHashMap<>();
    String rest = s.substring(s.indexOf("://") + 3);
    int q = rest.indexOf('?');
    String params = q < 0 ? null : rest.substring(q + 1);
    rest = q < 0 ? rest : rest.substring(0, q);
    int slash = rest.indexOf('/');
    String authority = slash < 0 ? rest : rest.substring(0, slash);
    if (slash >= 0 && slash + 1 < rest.length()) {
      out.put("dbname", decode(rest.substring(slash + 1)));
    }
    int at = authority.lastIndexOf('@');
    if (at >= 0) {
      String userInfo = authority.substring(0, at);
      authority = authority.substring(at + 1);
      int colon = userInfo.indexOf(':');
      if (colon >= 0) {
        out.put("password", decode(userInfo.substring(colon + 1)));
        userInfo = userInfo.substring(0, colon);
      }
      if (!userInfo.isEmpty()) {
        out.put("user", decode(userInfo));
      }
    }
    List<String> hosts = new ArrayList<>();
    List<String> ports = new ArrayList<>();
    for (String hp : authority.isEmpty() ? new String[0] : authority.split(",", -1)) {
      String host = hp;
      String port = "";
      if (hp.startsWith("[")) {
        int end = hp.indexOf(']');
        if (end < 0) {
          throw new IllegalArgumentException(
              "end of string reached when looking for matching \"]\" in IPv6 host"
                  + " address in URI: \""
                  + s
                  + "\"");
        }
        host = hp.substring(1, end);
        port = hp.length() > end + 1 && hp.charAt(end + 1) == ':' ? hp.substring(end + 2) : "";
      } else if (hp.indexOf(':') >= 0) {
        host = hp.substring(0, hp.indexOf(':'));
        port = hp.substring(hp.indexOf(':') + 1);
      }
      hosts.add(decode(host));
      ports.add(port);
    }
    if (hosts.stream().anyMatch(h -> !h.isEmpty())) {
      out.put("host", String.join(",", hosts));
    }
    if (ports.stream().anyMatch(p -> !p.isEmpty())) {
      out.put("port", String.join(",", ports));
    }
    if (params != null && !params.isEmpty()) {
      for (String kv : params.split("&")) {
        int eq = kv.indexOf('=');
        if (eq < 0) {
          throw new IllegalArgumentException(
              "missing key/value separator \"=\" in URI query parameter: \"" + kv + "\"");
        }
        String key = decode(kv.substring(0, eq));
        out.put(
            key.equals("ssl") ? "sslmode" : key,
            key.equals("ssl") ? "require" : decode(kv.substring(eq + 1)));
      }
    }
    return out;
  }

  /** Percent-decoding (no '+' for space, as libpq). */
  private static String decode(String s) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%'
          && i + 2 < s.length()
          && hex(s.charAt(i + 1)) >= 0
          && hex(s.charAt(i + 2)) >= 0) {
        out.write(hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
        i += 2;
      } else if (c == '%') {
        throw new IllegalArgumentException("invalid percent-encoded token: \"" + s + "\"");
      } else {
        out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static int hex(char c) {
    return Character.digit(c, 16);
  }
}
