package org.jpgbench.init;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpgbench.config.Options;

/**
 * Init hooks: SQL that a custom script (-f) carries for -i, in comments that pgbench and the
 * benchmark run ignore. The main form is a run of {@code --} comment lines:
 *
 * <pre>
 * --@init after=t
 * -- SELECT create_distributed_table('pgbench_accounts', 'aid');
 * -- SELECT create_distributed_table('pgbench_history', 'aid');
 * </pre>
 *
 * The header names the place, {@code before=X} or {@code after=X} with X a step letter; the hook is
 * the {@code --} lines that follow (each without its {@code --} and one space), up to the first
 * line that is not a {@code --} comment. pgbench drops such lines entirely. A block comment {@code
 * /*@init after=t ... *&#47;} (nested comments allowed) works too, but pgbench keeps a block
 * comment as part of the next SQL command, or as an empty command of its own when a backslash
 * command or the end of the file follows it; put it right before an SQL command.
 *
 * <p>A hook runs as one simple query on the init connection each time its step runs; {@code :scale}
 * is replaced by the scale.
 */
final class InitHooks {
  /** One hook: where it came from, where it runs, and its SQL. */
  record Hook(String where, boolean before, char step, String sql) {}

  private static final Pattern HEADER = Pattern.compile("\\s*(before|after)\\s*=\\s*(\\S)\\s*");
  private static final Pattern SCALE = Pattern.compile("(?<![:\\w]):scale\\b");
  private static final String OPEN = "/*@init";
  private static final Pattern LINE_HEADER = Pattern.compile("[ \\t]*--@init(.*)");

  final List<Hook> hooks;

  private InitHooks(List<Hook> hooks) {
    this.hooks = List.copyOf(hooks);
  }

  static InitHooks none() {
    return new InitHooks(List.of());
  }

  /**
   * Reads the hooks of every -f file: from the texts the option parser read (Options.scriptTexts,
   * parallel to Options.scripts), or from the files when those are missing.
   */
  static InitHooks load(List<Options.ScriptSpec> scripts, List<String> texts) throws InitError {
    List<Hook> out = new ArrayList<>();
    for (int i = 0; i < scripts.size(); i++) {
      Options.ScriptSpec spec = scripts.get(i);
      if (spec.builtin()) {
        continue;
      }
      String path = spec.nameOrPath();
      if (texts.size() == scripts.size() && texts.get(i) != null) {
        out.addAll(parse(path, texts.get(i)));
        continue;
      }
      String text;
      try {
        text = "-".equals(path) ? "" : Files.readString(Path.of(path), StandardCharsets.UTF_8);
      } catch (IOException | RuntimeException e) {
        String why =
            e instanceof java.nio.file.NoSuchFileException
                ? "No such file or directory"
                : String.valueOf(e.getMessage());
        throw new InitError(List.of(InitMessages.cannotReadScript(path, why)));
      }
      out.addAll(parse(path, text));
    }
    return new InitHooks(out);
  }

  /** The hooks in one script's text, in file order. */
  static List<Hook> parse(String source, String text) throws InitError {
    List<Hook> out = new ArrayList<>();
    List<Integer> at = new ArrayList<>();
    lineHooks(source, text, out, at);
    blockHooks(source, text, out, at);
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < out.size(); i++) {
      order.add(i);
    }
    order.sort((a, b) -> Integer.compare(at.get(a), at.get(b)));
    return order.stream().map(out::get).toList();
  }

  /** {@code --@init} headers and the {@code --} lines after them. */
  private static void lineHooks(String source, String text, List<Hook> out, List<Integer> at)
      throws InitError {
    String[] lines = text.split("\r?\n", -1);
    int offset = 0;
    for (int i = 0; i < lines.length; i++) {
      Matcher m = LINE_HEADER.matcher(lines[i]);
      int lineStart = offset;
      offset += lines[i].length() + 1;
      if (!m.matches()) {
        continue;
      }
      String where = source + ":" + (i + 1);
      StringBuilder body = new StringBuilder();
      int j = i + 1;
      for (; j < lines.length; j++) {
        String l = lines[j].stripLeading();
        if (!l.startsWith("--") || LINE_HEADER.matcher(lines[j]).matches()) {
          break;
        }
        l = l.substring(2);
        body.append(l.startsWith(" ") ? l.substring(1) : l).append('\n');
      }
      out.add(hook(where, m.group(1), body.toString()));
      at.add(lineStart);
    }
  }

  /** {@code /*@init} block comments. */
  private static void blockHooks(String source, String text, List<Hook> out, List<Integer> at)
      throws InitError {
    int i = 0;
    while ((i = text.indexOf(OPEN, i)) >= 0) {
      String where = source + ":" + lineOf(text, i);
      int end = closing(text, i);
      if (end < 0) {
        throw new InitError(
            List.of(InitMessages.hookSyntax(where, "unterminated /*@init comment")));
      }
      String inner = text.substring(i + OPEN.length(), end);
      int nl = inner.indexOf('\n');
      out.add(
          hook(
              where,
              nl < 0 ? inner : inner.substring(0, nl),
              nl < 0 ? "" : inner.substring(nl + 1)));
      at.add(i);
      i = end + 2;
    }
  }

  private static Hook hook(String where, String header, String body) throws InitError {
    Matcher m = HEADER.matcher(header);
    if (!m.matches()) {
      throw new InitError(
          List.of(
              InitMessages.hookSyntax(
                  where,
                  "expected \"before=STEP\" or \"after=STEP\" after @init, found \""
                      + header.strip()
                      + "\"")));
    }
    char step = m.group(2).charAt(0);
    InitStep s = InitStep.of(step);
    if (s == null || s.label == null) {
      throw new InitError(
          List.of(
              InitMessages.hookSyntax(
                  where,
                  "\""
                      + step
                      + "\" is not a step letter ("
                      + InitStep.ALL_LETTERS.replace("MS", "").replace("k", "")
                      + ")")));
    }
    if (body.isBlank()) {
      throw new InitError(List.of(InitMessages.hookSyntax(where, "no SQL in the hook")));
    }
    return new Hook(where, m.group(1).equals("before"), step, body.strip());
  }

  /**
   * Index of the "*&#47;" that closes the comment opened at {@code start}, honouring nesting; -1 if
   * none.
   */
  private static int closing(String text, int start) {
    int depth = 0;
    for (int j = start; j + 1 < text.length(); j++) {
      if (text.charAt(j) == '/' && text.charAt(j + 1) == '*') {
        depth++;
        j++;
      } else if (text.charAt(j) == '*' && text.charAt(j + 1) == '/') {
        if (--depth == 0) {
          return j;
        }
        j++;
      }
    }
    return -1;
  }

  private static int lineOf(String text, int index) {
    int line = 1;
    for (int j = 0; j < index; j++) {
      if (text.charAt(j) == '\n') {
        line++;
      }
    }
    return line;
  }

  /** The hooks to run before (or after) the given step, in file order. */
  List<Hook> at(boolean before, char step) {
    return hooks.stream().filter(h -> h.before() == before && h.step() == step).toList();
  }

  /** The hook's SQL with :scale replaced. */
  static String sqlFor(Hook h, int scale) {
    return SCALE.matcher(h.sql()).replaceAll(Integer.toString(scale));
  }
}
