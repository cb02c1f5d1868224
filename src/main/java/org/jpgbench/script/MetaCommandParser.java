package org.jpgbench.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jpgbench.cnum.CParse;
import org.jpgbench.expr.ExprParser;
import org.jpgbench.expr.ExprSyntaxException;
import org.jpgbench.expr.SymbolTable;

/**
 * Parses one backslash command (pgbench's process_backslash_command): the command word, then an
 * expression (\set, \if, \elif) or whitespace-separated words up to the end of the line, where a
 * backslash-newline continues the line. Errors are pgbench's syntax_error() messages.
 */
final class MetaCommandParser {
  /** MAX_ARGS: the command word plus at most 255 arguments. */
  static final int MAX_ARGS = 256;

  /** What a backslash produced: a command (null for a lone backslash) and where parsing resumes. */
  record Result(Command command, int end, boolean gset, boolean aset, String prefix) {}

  private final String text;
  private final String source;
  private final SymbolTable symbols;
  private final int start;
  private final int lineno;
  private int pos;

  private MetaCommandParser(
      String text, String source, SymbolTable symbols, int start, int lineno) {
    this.text = text;
    this.source = source;
    this.symbols = symbols;
    this.start = start;
    this.lineno = lineno;
    this.pos = start + 1;
  }

  /**
   * @param start index of the backslash
   * @param lineno its 1-based line number
   */
  static Result parse(String text, String source, SymbolTable symbols, int start, int lineno)
      throws ScriptException {
    return new MetaCommandParser(text, source, symbols, start, lineno).parse();
  }

  private Result parse() throws ScriptException {
    List<String> argv = new ArrayList<>();
    List<Integer> offsets = new ArrayList<>();
    if (!word(argv, offsets)) {
      return new Result(null, pos, false, false, null);
    }
    String cmd = argv.get(0);
    MetaCommand.Kind kind = kindOf(cmd);
    if (kind == MetaCommand.Kind.SET
        || kind == MetaCommand.Kind.IF
        || kind == MetaCommand.Kind.ELIF) {
      return expressionCommand(kind, cmd, argv, offsets);
    }
    while (word(argv, offsets)) {
      if (argv.size() > MAX_ARGS) {
        throw error(null, cmd, ScriptErrors.TOO_MANY_ARGUMENTS, null, -1);
      }
    }
    String firstLine = chomp(start, pos);
    int argc = argv.size();
    if (cmd.equalsIgnoreCase("gset") || cmd.equalsIgnoreCase("aset")) {
      if (argc > 2) {
        throw error(firstLine, cmd, ScriptErrors.TOO_MANY_ARGUMENTS, null, -1);
      }
      String prefix = argc > 1 ? argv.get(1) : "";
      return new Result(
          null, pos, cmd.equalsIgnoreCase("gset"), cmd.equalsIgnoreCase("aset"), prefix);
    }
    if (kind == null) {
      throw error(firstLine, cmd, ScriptErrors.INVALID_COMMAND, null, -1);
    }
    Command c =
        switch (kind) {
          case SLEEP -> sleep(firstLine, cmd, argv, offsets);
          case SETSHELL, SHELL -> shell(firstLine, kind, cmd, argv);
          default -> {
            if (argc != 1) {
              throw error(firstLine, cmd, ScriptErrors.UNEXPECTED_ARGUMENT, null, -1);
            }
            yield switch (kind) {
              case ELSE, ENDIF -> new BranchCommand(lineno, firstLine, kind);
              default -> new PipelineCommand(lineno, firstLine, kind);
            };
          }
        };
    return new Result(c, pos, false, false, null);
  }

  private static MetaCommand.Kind kindOf(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    for (MetaCommand.Kind k : MetaCommand.Kind.values()) {
      if (k.pgName.equals(w)) {
        return k;
      }
    }
    return null;
  }

  private Result expressionCommand(
      MetaCommand.Kind kind, String cmd, List<String> argv, List<Integer> offsets)
      throws ScriptException {
    String name = null;
    if (kind == MetaCommand.Kind.SET) {
      if (!word(argv, offsets)) {
        throw error(null, cmd, ScriptErrors.MISSING_ARGUMENT, null, -1);
      }
      name = argv.get(1);
    }
    ExprParser.Parsed parsed;
    try {
      parsed = ExprParser.parse(text, pos, symbols);
    } catch (ExprSyntaxException e) {
      throw error(
          chomp(start, e.lineEnd()),
          cmd,
          e.getMessage(),
          e.more(),
          ScriptErrors.byteColumn(text, start, e.errorOffset() + 1) - 1);
    }
    pos = parsed.end();
    String firstLine = chomp(start, pos);
    Command c =
        kind == MetaCommand.Kind.SET
            ? new SetCommand(
                lineno,
                firstLine,
                cmd,
                name,
                symbols.slotOf(name),
                SymbolTable.isValidName(name),
                parsed.expr())
            : new IfCommand(lineno, firstLine, kind, cmd, parsed.expr());
    return new Result(c, pos, false, false, null);
  }

  private Command sleep(String firstLine, String cmd, List<String> argv, List<Integer> offsets)
      throws ScriptException {
    int argc = argv.size();
    if (argc < 2) {
      throw error(firstLine, cmd, ScriptErrors.MISSING_ARGUMENT, null, -1);
    }
    if (argc > 3) {
      throw error(firstLine, cmd, ScriptErrors.TOO_MANY_ARGUMENTS, null, column(offsets.get(3)));
    }
    String arg = argv.get(1);
    String unit = argc == 3 ? argv.get(2) : null;
    int unitOffset = argc == 3 ? offsets.get(2) : -1;
    if (!arg.startsWith(":")) {
      int c = 0;
      if (c < arg.length() && (arg.charAt(c) == '+' || arg.charAt(c) == '-')) {
        c++;
      }
      boolean haveDigit = c < arg.length() && arg.charAt(c) >= '0' && arg.charAt(c) <= '9';
      while (c < arg.length() && arg.charAt(c) >= '0' && arg.charAt(c) <= '9') {
        c++;
      }
      if (c < arg.length()) {
        if (argc == 2 && haveDigit) { // "\sleep 10ms"
          unit = arg.substring(c);
          unitOffset = offsets.get(1) + c;
        } else {
          throw error(firstLine, cmd, ScriptErrors.INVALID_SLEEP_TIME, arg, column(offsets.get(1)));
        }
      }
    }
    long unitMicros = 1_000_000;
    if (unit != null) {
      if (unit.equalsIgnoreCase("us")) {
        unitMicros = 1;
      } else if (unit.equalsIgnoreCase("ms")) {
        unitMicros = 1_000;
      } else if (unit.equalsIgnoreCase("s")) {
        unitMicros = 1_000_000;
      } else {
        throw error(firstLine, cmd, ScriptErrors.UNRECOGNIZED_TIME_UNIT, unit, column(unitOffset));
      }
    }
    if (arg.startsWith(":")) {
      return new SleepCommand(
          lineno, firstLine, 0, symbols.slotOf(arg.substring(1)), unitMicros, cmd);
    }
    return new SleepCommand(lineno, firstLine, CParse.atoi(arg), -1, unitMicros, cmd);
  }

  private Command shell(String firstLine, MetaCommand.Kind kind, String cmd, List<String> argv)
      throws ScriptException {
    int argc = argv.size();
    int first = kind == MetaCommand.Kind.SETSHELL ? 2 : 1;
    if (kind == MetaCommand.Kind.SETSHELL && argc < 3) {
      throw error(firstLine, cmd, ScriptErrors.MISSING_ARGUMENT, null, -1);
    }
    if (kind == MetaCommand.Kind.SHELL && argc < 2) {
      throw error(firstLine, cmd, ScriptErrors.MISSING_COMMAND, null, -1);
    }
    int n = argc - first;
    String[] words = new String[n];
    int[] slots = new int[n];
    String[] texts = new String[n];
    for (int i = 0; i < n; i++) {
      String w = argv.get(first + i);
      words[i] = w;
      slots[i] = -1;
      if (!w.startsWith(":")) {
        texts[i] = w;
      } else if (w.startsWith("::")) {
        texts[i] = w.substring(1);
      } else {
        slots[i] = symbols.slotOf(w.substring(1));
      }
    }
    if (kind == MetaCommand.Kind.SHELL) {
      return new ShellCommand(lineno, firstLine, kind, words, slots, texts, -1, null, true);
    }
    String var = argv.get(1);
    return new ShellCommand(
        lineno,
        firstLine,
        kind,
        words,
        slots,
        texts,
        symbols.slotOf(var),
        var,
        SymbolTable.isValidName(var));
  }

  /**
   * expr_lex_one_word(): skips blanks and continuations, then reads a word of non-blank characters
   * (a trailing backslash-newline is not part of it). False at the end of the line (the newline is
   * consumed) or of the text.
   */
  private boolean word(List<String> argv, List<Integer> offsets) {
    int n = text.length();
    while (pos < n) {
      char c = text.charAt(pos);
      int cont = continuation(pos);
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B) {
        pos++;
      } else if (cont > 0) {
        pos += cont;
      } else if (c == '\n') {
        pos++;
        return false;
      } else {
        int b = pos;
        while (pos < n && !CParse.isSpace(text.charAt(pos)) && continuation(pos) == 0) {
          pos++;
        }
        argv.add(text.substring(b, pos));
        offsets.add(b);
        return true;
      }
    }
    return false;
  }

  private int continuation(int p) {
    if (text.charAt(p) != '\\') {
      return 0;
    }
    if (p + 1 < text.length() && text.charAt(p + 1) == '\n') {
      return 2;
    }
    if (p + 2 < text.length() && text.charAt(p + 1) == '\r' && text.charAt(p + 2) == '\n') {
      return 3;
    }
    return 0;
  }

  private int column(int offset) {
    return ScriptErrors.byteColumn(text, start, offset);
  }

  /** The text from {@code from} to {@code to} without trailing newlines and carriage returns. */
  private String chomp(int from, int to) {
    int end = to;
    while (end > from && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
      end--;
    }
    return text.substring(from, end);
  }

  private ScriptException error(String line, String cmd, String msg, String more, int column) {
    return new ScriptException(
        ScriptErrors.syntaxError(source, lineno, line, cmd, msg, more, column));
  }
}
