package org.jpgbench.init;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The SQL of --workload=tpcc, kept as files beside this class (tpcc-tables.sql,
 * tpcc-statistics.sql, tpcc-items.sql, tpcc-warehouse.sql, tpcc-functions.sql) so that it reads as
 * SQL: split into statements, their {@code {NAME}} placeholders filled in.
 */
final class TpccSql {
  private TpccSql() {}

  /** The statements of resource {@code name}, with {@code values} for its placeholders. */
  static List<String> statements(String name, Map<String, String> values) {
    String text = resource(name);
    for (Map.Entry<String, String> v : values.entrySet()) {
      text = text.replace("{" + v.getKey() + "}", v.getValue());
    }
    return split(text);
  }

  /**
   * Statements end with ";" at the end of a line, outside dollar quotes; lines of only a comment
   * between statements are left out.
   */
  static List<String> split(String text) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    boolean quoted = false;
    for (String line : text.split("\n", -1)) {
      if (!quoted && current.isEmpty() && (line.isBlank() || line.strip().startsWith("--"))) {
        continue;
      }
      current.append(line).append('\n');
      for (int i = line.indexOf("$$"); i >= 0; i = line.indexOf("$$", i + 2)) {
        quoted = !quoted;
      }
      if (!quoted && line.stripTrailing().endsWith(";")) {
        String sql = current.toString().strip();
        out.add(sql.substring(0, sql.length() - 1));
        current.setLength(0);
      }
    }
    if (!current.toString().isBlank()) {
      throw new IllegalStateException("unterminated statement in tpcc SQL: " + current);
    }
    return out;
  }

  /** The table a generated INSERT fills, for messages; null for other statements. */
  static String insertTarget(String sql) {
    if (!sql.startsWith("INSERT INTO ")) {
      return null;
    }
    String rest = sql.substring("INSERT INTO ".length());
    int end = 0;
    while (end < rest.length()
        && (Character.isLetter(rest.charAt(end)) || rest.charAt(end) == '_')) {
      end++;
    }
    return rest.substring(0, end);
  }

  private static String resource(String name) {
    try (InputStream in = TpccSql.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
