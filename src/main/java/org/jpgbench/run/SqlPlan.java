package org.jpgbench.run;

import org.jpgbench.script.SqlCommand;

/**
 * What every client needs to send one SQL command, worked out once before the run: the JDBC text
 * and its parameters (extended/prepared modes) and the name pgbench would print for it under
 * --debug.
 */
final class SqlPlan {
  final SqlCommand command;
  final JdbcText jdbc;
  /** pgbench's prepared statement name ("P_n"), for --debug under -M prepared. */
  final String prepName;

  SqlPlan(SqlCommand command, int prepNumber) {
    this.command = command;
    jdbc = JdbcText.of(command.literals);
    prepName = "P_" + prepNumber;
  }

  /** The text to pipeline with others: the JDBC text without its trailing semicolons and spaces. */
  String pipelinePart() {
    String t = jdbc.text();
    int end = t.length();
    while (end > 0 && (t.charAt(end - 1) == ';' || Character.isWhitespace(t.charAt(end - 1)))) {
      end--;
    }
    return t.substring(0, end);
  }
}
