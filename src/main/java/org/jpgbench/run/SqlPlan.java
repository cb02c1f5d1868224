package org.jpgbench.run;

import java.util.List;
import org.jpgbench.expr.Variables;
import org.jpgbench.script.Command;
import org.jpgbench.script.Script;
import org.jpgbench.script.SqlCommand;
import org.jpgbench.text.RawUtf8;

/**
 * What every client needs to send one SQL command, worked out once before the run: its text as the
 * bytes the protocol sends, the JDBC text and its parameters (the JDBC fallback), and the name
 * pgbench gives its prepared statement.
 */
final class SqlPlan {
  final SqlCommand command;
  final JdbcText jdbc;

  /** pgbench's prepared statement name ("P_n"), for --debug under -M prepared. */
  final String prepName;

  /** The text with $n parameters, as the bytes Parse sends. */
  final byte[] parameterizedBytes;

  /** -M simple: the literal pieces around the variable references, as the bytes Query sends. */
  final byte[][] literalBytes;

  SqlPlan(SqlCommand command, int prepNumber) {
    this.command = command;
    jdbc = JdbcText.of(command.literals);
    prepName = "P_" + prepNumber;
    parameterizedBytes = RawUtf8.encode(command.parameterized);
    literalBytes = new byte[command.literals.length][];
    for (int i = 0; i < literalBytes.length; i++) {
      literalBytes[i] = RawUtf8.encode(command.literals[i]);
    }
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

  /** -M simple: the text with defined variables' values, undefined ones as written. */
  String simpleText(Variables vars, StringBuilder scratch) {
    if (command.slots.length == 0) {
      return command.literals[0];
    }
    scratch.setLength(0);
    command.appendSimpleQuery(scratch, vars);
    return scratch.toString();
  }

  /**
   * What --debug shows as sent: the simple text, else the statement's name or parameterized text.
   */
  String debugText(boolean prepared, String simple) {
    if (simple != null) {
      return simple;
    }
    return prepared ? prepName : command.parameterized;
  }

  /**
   * The plans of every SQL command of the run's scripts (null for meta-commands), with the prepared
   * statements numbered across the scripts as pgbench names them (P_0, P_1, ...).
   */
  static SqlPlan[][] forScripts(Script[] scripts) {
    SqlPlan[][] plans = new SqlPlan[scripts.length][];
    int prepNumber = 0;
    for (int s = 0; s < scripts.length; s++) {
      List<Command> cmds = scripts[s].commands();
      plans[s] = new SqlPlan[cmds.size()];
      for (int i = 0; i < cmds.size(); i++) {
        if (cmds.get(i) instanceof SqlCommand sql) {
          plans[s][i] = new SqlPlan(sql, prepNumber++);
        }
      }
    }
    return plans;
  }
}
