package org.jpgbench.script;

import java.util.ArrayList;
import java.util.List;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.expr.Variables;
import org.jpgbench.text.RawUtf8;

/**
 * An SQL command (possibly a compound "a \; b" query), with its variable references resolved to
 * slots.
 *
 * <p>Variable references follow pgbench's parseVariable(): a colon followed by a letter, underscore
 * or non-ASCII character, then letters, digits, underscores; quotes are not looked at ("':x'" is a
 * reference too) and "::" never starts one ("1::int"). Under -M simple pgbench substitutes the text
 * of each defined variable and leaves ":name" as written when it is undefined ({@link
 * #appendSimpleQuery}); under -M extended/prepared each reference is a parameter $n whose value is
 * {@link Variables#text} (SQL NULL when undefined).
 */
public final class SqlCommand extends Command {
  /** What to do with the result rows. */
  public enum ResultTarget {
    NONE,
    GSET,
    ASET
  }

  /** MAX_ARGS - 1: the most parameters a command may have under -M extended/prepared. */
  public static final int MAX_PARAMETERS = 255;

  /** -M simple: text = literal[0] + value(slots[0]) + literal[1] + ... + literal[n]. */
  public final String[] literals;

  /** Variable slots, in order of appearance (at most 255, as pgbench). */
  public final int[] slots;

  /** -M extended/prepared: the text with $1..$n in place of the variables (n = slots.length). */
  public final String parameterized;

  /** Number of statements joined by "\;" (1 for a plain command). */
  public final int statementCount;

  public final ResultTarget resultTarget;

  /** \gset/\aset prefix, "" when none. */
  public final String resultPrefix;

  /** The command as written (after leading blanks and "--" comments), pgbench's cmd->lines. */
  public final String sql;

  /** The variable names of {@link #slots}, for messages and -M simple's undefined variables. */
  private final String[] names;

  public SqlCommand(
      int line,
      String displayText,
      String[] literals,
      int[] slots,
      String parameterized,
      int statementCount,
      ResultTarget resultTarget,
      String resultPrefix) {
    this(
        line,
        displayText,
        literals,
        slots,
        parameterized,
        statementCount,
        resultTarget,
        resultPrefix,
        parameterized,
        null);
  }

  private SqlCommand(
      int line,
      String displayText,
      String[] literals,
      int[] slots,
      String parameterized,
      int statementCount,
      ResultTarget resultTarget,
      String resultPrefix,
      String sql,
      String[] names) {
    super(line, displayText);
    this.literals = literals;
    this.slots = slots;
    this.parameterized = parameterized;
    this.statementCount = statementCount;
    this.resultTarget = resultTarget;
    this.resultPrefix = resultPrefix;
    this.sql = sql;
    this.names = names;
  }

  /**
   * Builds a command from its text: resolves the variable references and computes the display text
   * (pgbench's first_line: up to 127 bytes of the first line).
   *
   * @param statementCount the number of non-empty statements of a compound command, at least 1
   */
  static SqlCommand of(int line, String sql, int statementCount, SymbolTable symbols) {
    List<String> lits = new ArrayList<>();
    List<String> names = new ArrayList<>();
    StringBuilder param = new StringBuilder(sql.length());
    int n = sql.length();
    int litStart = 0;
    int p = 0;
    while ((p = sql.indexOf(':', p)) >= 0) {
      int end = variableEnd(sql, p);
      if (end < 0) {
        while (p < n && sql.charAt(p) == ':') {
          p++;
        }
        continue;
      }
      lits.add(sql.substring(litStart, p));
      names.add(sql.substring(p + 1, end));
      param.append(sql, litStart, p).append('$').append(names.size());
      litStart = end;
      p = end;
    }
    lits.add(sql.substring(litStart));
    param.append(sql, litStart, n);
    int[] slots = new int[names.size()];
    for (int k = 0; k < slots.length; k++) {
      slots[k] = symbols.slotOf(names.get(k));
    }
    return new SqlCommand(
        line,
        firstLine(sql),
        lits.toArray(new String[0]),
        slots,
        param.toString(),
        Math.max(1, statementCount),
        ResultTarget.NONE,
        "",
        sql,
        names.toArray(new String[0]));
  }

  /** This command with its \gset or \aset attached. */
  SqlCommand withResult(ResultTarget target, String prefix) {
    return new SqlCommand(
        line,
        displayText,
        literals,
        slots,
        parameterized,
        statementCount,
        target,
        prefix,
        sql,
        names);
  }

  /** pgbench's parseVariable(): the end of the name after the colon at {@code p}, or -1. */
  private static int variableEnd(String sql, int p) {
    int n = sql.length();
    int i = p + 1;
    if (i >= n || !isNameStart(sql.charAt(i))) {
      return -1;
    }
    i++;
    while (i < n
        && (isNameStart(sql.charAt(i)) || (sql.charAt(i) >= '0' && sql.charAt(i) <= '9'))) {
      i++;
    }
    return i;
  }

  private static boolean isNameStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
  }

  /** postprocess_sql_command(): the first line, at most 127 bytes. */
  private static String firstLine(String sql) {
    int cut = sql.length();
    int nl = indexOfLineEnd(sql);
    if (nl >= 0) {
      cut = nl;
    }
    int bytes = 0;
    for (int i = 0; i < cut; i++) {
      char c = sql.charAt(i);
      boolean pair =
          Character.isHighSurrogate(c)
              && i + 1 < cut
              && Character.isLowSurrogate(sql.charAt(i + 1));
      int len = pair ? 4 : RawUtf8.encodedLength(String.valueOf(c));
      if (bytes + len > 127) {
        cut = i;
        break;
      }
      bytes += len;
      if (pair) {
        i++;
      }
    }
    return sql.substring(0, cut);
  }

  private static int indexOfLineEnd(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == '\n' || s.charAt(i) == '\r') {
        return i;
      }
    }
    return -1;
  }

  /** The name of the k-th variable reference. */
  public String variableName(int k) {
    return names != null ? names[k] : null;
  }

  /**
   * -M simple: appends the query text with every defined variable's text substituted and undefined
   * references left as written (":name"), as pgbench's assignVariables() does.
   */
  public void appendSimpleQuery(StringBuilder sb, Variables vars) {
    for (int k = 0; k < slots.length; k++) {
      sb.append(literals[k]);
      if (!vars.appendText(slots[k], sb)) {
        sb.append(':').append(vars.symbols().name(slots[k]));
      }
    }
    sb.append(literals[slots.length]);
  }

  /**
   * The parse-time check pgbench makes under -M extended and prepared (not simple).
   *
   * @throws ScriptException "statement has too many arguments (maximum is 255): SQL"
   */
  public void checkParameterCount() throws ScriptException {
    if (slots.length > MAX_PARAMETERS) {
      throw new ScriptException(ScriptErrors.tooManyParameters(sql));
    }
  }
}
