package org.jpgbench.script;

import java.util.ArrayList;
import java.util.List;
import org.jpgbench.cnum.CParse;
import org.jpgbench.expr.SymbolTable;

/**
 * Parses pgbench script text (pgbench's ParseScript): SQL commands end at an unquoted semicolon and
 * may span lines; meta-commands start with a backslash and end at the end of the line; \gset and
 * \aset attach to the SQL command before them; the \if structure is checked and its jumps fixed.
 * Errors carry pgbench's messages.
 */
public final class ScriptParser {
  private ScriptParser() {}

  /**
   * @param source the file name as pgbench prints it in errors, or the builtin name
   * @param text the whole script
   * @param weight the script's weight
   */
  public static Script parse(String source, String text, int weight, SymbolTable symbols)
      throws ScriptException {
    return parse(source, source, text, weight, symbols);
  }

  /**
   * Parses a script whose name differs from the description pgbench prints in messages and reports
   * (builtins: name "tpcb-like", description "&lt;builtin: TPC-B (sort of)&gt;").
   */
  public static Script parse(
      String name, String source, String text, int weight, SymbolTable symbols)
      throws ScriptException {
    return DeepStack.call(() -> parseHere(name, source, text, weight, symbols));
  }

  private static Script parseHere(
      String name, String source, String text, int weight, SymbolTable symbols)
      throws ScriptException {
    List<Command> commands = new ArrayList<>();
    SqlScanner scanner = new SqlScanner(text);
    LineCounter lines = new LineCounter(text);
    while (true) {
      SqlScanner.Stop stop = scanner.scan();
      String sql = skipSqlComments(scanner.buf);
      if (sql != null) {
        commands.add(
            SqlCommand.of(lines.lineOf(scanner.firstOffset), sql, scanner.statements, symbols));
      }
      if (stop == SqlScanner.Stop.BACKSLASH) {
        int start = scanner.pos() - 1;
        int lineno = lines.lineOf(start);
        MetaCommandParser.Result r = MetaCommandParser.parse(text, source, symbols, start, lineno);
        scanner.pos(r.end());
        if (r.gset() || r.aset()) {
          attachResult(commands, source, lineno, r);
        } else if (r.command() != null) {
          commands.add(r.command());
        }
      }
      if (stop == SqlScanner.Stop.END) {
        break;
      }
    }
    if (commands.isEmpty()) {
      throw new ScriptException(ScriptErrors.emptyScript(source));
    }
    Conditionals.resolve(source, commands);
    return new Script(name, source, weight, commands, false);
  }

  /** \gset or \aset: merged into the preceding SQL command, which must not have one already. */
  private static void attachResult(
      List<Command> commands, String source, int lineno, MetaCommandParser.Result r)
      throws ScriptException {
    if (commands.isEmpty()) {
      throw new ScriptException(
          ScriptErrors.syntaxError(
              source, lineno, null, null, ScriptErrors.GSET_MUST_FOLLOW_SQL, null, -1));
    }
    Command prev = commands.get(commands.size() - 1);
    if (!(prev instanceof SqlCommand sql) || sql.resultTarget != SqlCommand.ResultTarget.NONE) {
      // pgbench names the previous command by its first line, known only for meta-commands here
      String more = prev instanceof MetaCommand ? prev.displayText : null;
      throw new ScriptException(
          ScriptErrors.syntaxError(
              source, lineno, null, null, ScriptErrors.GSET_MUST_FOLLOW_SQL, more, -1));
    }
    commands.set(
        commands.size() - 1,
        sql.withResult(
            r.gset() ? SqlCommand.ResultTarget.GSET : SqlCommand.ResultTarget.ASET, r.prefix()));
  }

  /**
   * skip_sql_comments(): the command without leading whitespace and "--" comment lines, or null
   * when nothing else is left.
   */
  private static String skipSqlComments(CharSequence buf) {
    int n = buf.length();
    int p = 0;
    while (p < n) {
      if (CParse.isSpace(buf.charAt(p))) {
        p++;
      } else if (p + 1 < n && buf.charAt(p) == '-' && buf.charAt(p + 1) == '-') {
        while (p < n && buf.charAt(p) != '\n') {
          p++;
        }
        if (p == n) {
          return null;
        }
        p++;
      } else {
        break;
      }
    }
    return p == n ? null : buf.subSequence(p, n).toString();
  }

  /**
   * The check pgbench makes after parsing when the query mode is extended or prepared: no SQL
   * command may use more than 255 variables.
   */
  public static void checkParameterCounts(List<Script> scripts) throws ScriptException {
    for (Script s : scripts) {
      for (Command c : s.commands()) {
        if (c instanceof SqlCommand sql) {
          sql.checkParameterCount();
        }
      }
    }
  }

  /** Line numbers of offsets, counted incrementally (offsets mostly increase). */
  private static final class LineCounter {
    private final String text;
    private int offset;
    private int line = 1;

    LineCounter(String text) {
      this.text = text;
    }

    int lineOf(int target) {
      if (target < offset) {
        offset = 0;
        line = 1;
      }
      for (; offset < target && offset < text.length(); offset++) {
        if (text.charAt(offset) == '\n') {
          line++;
        }
      }
      return line;
    }
  }
}
