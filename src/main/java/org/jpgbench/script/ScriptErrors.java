package org.jpgbench.script;

import org.jpgbench.text.RawUtf8;

/**
 * pgbench's wording for script errors, in one place: syntax_error()'s layout, the meta-command
 * checks of process_backslash_command(), ParseScript(), CheckConditional(), addScript(),
 * findBuiltin(), parseQuery() and the run-time messages of \sleep, \shell and \setshell.
 *
 * <p>Parse-time messages become {@link ScriptException}s; the caller prints {@code "jpgbench:
 * error: " + message} and exits with status 1 (continuation lines such as the offending line and
 * its caret are part of the message).
 */
public final class ScriptErrors {
  private ScriptErrors() {}

  public static final String MISSING_ARGUMENT = "missing argument";
  public static final String MISSING_COMMAND = "missing command";
  public static final String TOO_MANY_ARGUMENTS = "too many arguments";
  public static final String UNEXPECTED_ARGUMENT = "unexpected argument";
  public static final String INVALID_COMMAND = "invalid command";
  public static final String INVALID_SLEEP_TIME = "invalid sleep time, must be an integer";
  public static final String UNRECOGNIZED_TIME_UNIT = "unrecognized time unit, must be us, ms or s";

  /** Also for \aset: pgbench uses the same words. */
  public static final String GSET_MUST_FOLLOW_SQL = "\\gset must follow an SQL command";

  public static final String ELIF_WITHOUT_IF = "\\elif without matching \\if";
  public static final String ELIF_AFTER_ELSE = "\\elif after \\else";
  public static final String ELSE_WITHOUT_IF = "\\else without matching \\if";
  public static final String ELSE_AFTER_ELSE = "\\else after \\else";
  public static final String ENDIF_WITHOUT_IF = "\\endif without matching \\if";
  public static final String IF_WITHOUT_ENDIF = "\\if without matching \\endif";

  /**
   * syntax_error(): {@code "%s:%d: %s"}, then {@code " (%s)"} with the detail, {@code " at column
   * %d"} when there is a column but no line, {@code " in command \"%s\""}; then the line and a
   * caret under the column.
   *
   * @param column 0-based, in bytes (pgbench counts UTF-8 bytes), or -1
   */
  public static String syntaxError(
      String source, int lineno, String line, String command, String msg, String more, int column) {
    StringBuilder sb = new StringBuilder();
    sb.append(source).append(':').append(lineno).append(": ").append(msg);
    if (more != null) {
      sb.append(" (").append(more).append(')');
    }
    if (column >= 0 && line == null) {
      sb.append(" at column ").append(column + 1);
    }
    if (command != null) {
      sb.append(" in command \"").append(command).append('"');
    }
    if (line != null) {
      sb.append('\n').append(line);
      if (column >= 0) {
        sb.append('\n').append(" ".repeat(column)).append("^ error found here");
      }
    }
    return sb.toString();
  }

  /** The number of bytes of {@code text[from, to)}: pgbench's columns count bytes. */
  static int byteColumn(String text, int from, int to) {
    return RawUtf8.encodedLength(text.substring(from, to));
  }

  /** ConditionError(): "condition error in script \"%s\" command %d: %s" (1-based command). */
  public static String conditionError(String source, int command, String msg) {
    return "condition error in script \"" + source + "\" command " + command + ": " + msg;
  }

  /** addScript(). */
  public static String emptyScript(String source) {
    return "empty command list for script \"" + source + "\"";
  }

  /** parseQuery() under -M extended/prepared. */
  public static String tooManyParameters(String sql) {
    return "statement has too many arguments (maximum is "
        + SqlCommand.MAX_PARAMETERS
        + "): "
        + sql;
  }

  /** findBuiltin(). */
  public static String noBuiltin(String name) {
    return "no builtin script found for name \"" + name + "\"";
  }

  /** findBuiltin(). */
  public static String ambiguousBuiltin(int found, String prefix) {
    return "ambiguous builtin name: "
        + found
        + " builtin scripts found for prefix \""
        + prefix
        + "\"";
  }

  // ---- run time; "%s" is argv[0] of the command (for \shell: the first word of the shell command)

  /** evaluateSleep() and runShellCommand(): "%s: undefined variable \"%s\"". */
  public static String undefinedVariable(String context, String name) {
    return context + ": undefined variable \"" + name + "\"";
  }

  /** evaluateSleep(). */
  public static String invalidSleepTime(String context, String value, String name) {
    return context + ": invalid sleep time \"" + value + "\" for variable \"" + name + "\"";
  }

  /** runShellCommand(): the joined command reached SHELL_COMMAND_SIZE. */
  public static String shellCommandTooLong(String context) {
    return context + ": shell command is too long";
  }

  /** runShellCommand(): system() failed or the command exited with a non-zero status. */
  public static String couldNotLaunchShellCommand(String context) {
    return context + ": could not launch shell command";
  }

  /** runShellCommand(): \setshell's command printed nothing. */
  public static String couldNotReadShellResult(String context) {
    return context + ": could not read result of shell command";
  }

  /** runShellCommand(): the first output line is not an integer (it is quoted with its newline). */
  public static String shellMustReturnInteger(String context, String result) {
    return context + ": shell command must return an integer (not \"" + result + "\")";
  }
}
