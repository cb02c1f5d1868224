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
 * Init hooks: SQL that a custom script (-f) carries for -i, in block comments that pgbench and the
 * benchmark run ignore:
 *
 * <pre>
 * /*@init after=t
 * SELECT create_distributed_table('pgbench_accounts', 'aid');
 * *&#47;
 * </pre>
 *
 * The first line names the place: {@code before=X} or {@code after=X}, X a step letter; the rest of
 * the comment (nested comments allowed, as in SQL) is run as one simple query on the init
 * connection each time that step runs. {@code :scale} is replaced by the scale.
 */
final class InitHooks {
  /** One hook: where it came from, where it runs, and its SQL. */
  record Hook(String where, boolean before, char step, String sql) {}

  private static final Pattern HEADER = Pattern.compile("\\s*(before|after)\\s*=\\s*(\\S)\\s*");
  private static final Pattern SCALE = Pattern.compile("(?<![:\\w]):scale\\b");
  private static final String OPEN = "/*@init";

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
        String why = e instanceof java.nio.file.NoSuchFileException ? "No such file or directory"
            : String.valueOf(e.getMessage());
        throw new InitError(List.of(InitMessages.cannotReadScript(path, why)));
      }
      out.addAll(parse(path, text));
    }
    return new InitHooks(out);
  }

  /** The hooks in one script's text. */
  static List<Hook> parse(String source, String text) throws InitError {
    List<Hook> out = new ArrayList<>();
    int i = 0;
    while ((i = text.indexOf(OPEN, i)) >= 0) {
      String where = source + ":" + lineOf(text, i);
      int end = closing(text, i);
      if (end < 0) {
        throw new InitError(List.of(InitMessages.hookSyntax(where, "unterminated /*@init comment")));
      }
      String inner = text.substring(i + OPEN.length(), end);
      int nl = inner.indexOf('\n');
      String header = nl < 0 ? inner : inner.substring(0, nl);
      String body = nl < 0 ? "" : inner.substring(nl + 1);
      Matcher m = HEADER.matcher(header);
      if (!m.matches()) {
        throw new InitError(List.of(InitMessages.hookSyntax(where,
            "expected \"before=STEP\" or \"after=STEP\" after /*@init, found \"" + header.strip() + "\"")));
      }
      char step = m.group(2).charAt(0);
      InitStep s = InitStep.of(step);
      if (s == null || s.label == null) {
        throw new InitError(List.of(InitMessages.hookSyntax(where,
            "\"" + step + "\" is not a step letter (" + InitStep.ALL_LETTERS.replace("MS", "") + ")")));
      }
      if (body.isBlank()) {
        throw new InitError(List.of(InitMessages.hookSyntax(where, "no SQL in the hook")));
      }
      out.add(new Hook(where, m.group(1).equals("before"), step, body.strip()));
      i = end + 2;
    }
    return out;
  }

  /** Index of the "*&#47;" that closes the comment opened at {@code start}, honouring nesting; -1 if none. */
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
