package org.jpgbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.script.BuiltinScripts;
import org.jpgbench.script.Script;
import org.jpgbench.script.ScriptException;
import org.jpgbench.script.ScriptParser;
import org.jpgbench.text.RawUtf8;

/**
 * Finds builtin scripts, reads script files ("-" is standard input) and parses them, turning every
 * failure into pgbench's message. A file's text is its bytes as {@link RawUtf8} holds them: what
 * the file holds reaches the server unchanged, valid UTF-8 or not, as it does from pgbench.
 */
final class ScriptLoader {
  private final SymbolTable symbols;
  private final InputStream stdin;

  ScriptLoader(SymbolTable symbols, InputStream stdin) {
    this.symbols = symbols;
    this.stdin = stdin;
  }

  /** pgbench's findBuiltin: a unique prefix, else the error and the list of builtins. */
  static BuiltinScripts.Builtin findBuiltin(String name) throws CliExit {
    try {
      return BuiltinScripts.find(name);
    } catch (ScriptException e) {
      // the message ends with the list of builtins, as pgbench's
      throw new CliExit(Diag.error(stripNewline(e.getMessage())), 1);
    }
  }

  /** A builtin parsed under its name, with pgbench's description and the given weight. */
  Script parseBuiltin(BuiltinScripts.Builtin builtin, int weight) throws CliExit {
    Script parsed = parse(builtin.description(), builtin.text(), weight);
    return new Script(builtin.name(), builtin.description(), weight, parsed.commands(), true);
  }

  Script parseFile(String path, String text, int weight) throws CliExit {
    return parse(path, text, weight);
  }

  /** The whole file (or standard input for "-"), as pgbench's process_file reads it. */
  String readFile(String path) throws CliExit {
    byte[] bytes;
    if (path.equals("-")) {
      try {
        bytes = stdin.readAllBytes();
      } catch (IOException e) {
        throw CliExit.error(CliMessages.CANNOT_READ_FILE, path, describe(e));
      }
    } else {
      Path p = toPath(path);
      if (p == null || !Files.exists(p)) {
        throw CliExit.error(CliMessages.CANNOT_OPEN_FILE, path, CliMessages.NO_SUCH_FILE);
      }
      if (Files.isDirectory(p)) {
        throw CliExit.error(CliMessages.CANNOT_READ_FILE, path, CliMessages.IS_A_DIRECTORY);
      }
      try {
        bytes = Files.readAllBytes(p);
      } catch (IOException e) {
        throw CliExit.error(CliMessages.CANNOT_OPEN_FILE, path, describe(e));
      }
    }
    return decode(bytes);
  }

  /** The script's text: its bytes exactly, as {@link RawUtf8} holds them (sent back unchanged). */
  static String decode(byte[] bytes) {
    return RawUtf8.decode(bytes);
  }

  private Script parse(String source, String text, int weight) throws CliExit {
    try {
      return ScriptParser.parse(source, text, weight, symbols);
    } catch (ScriptException e) {
      throw new CliExit(Diag.error(stripNewline(e.getMessage())), 1);
    }
  }

  private static Path toPath(String path) {
    if (path.isEmpty()) {
      return null;
    }
    try {
      return Path.of(path);
    } catch (InvalidPathException e) {
      return null;
    }
  }

  private static String describe(IOException e) {
    if (e instanceof NoSuchFileException) {
      return CliMessages.NO_SUCH_FILE;
    }
    if (e instanceof AccessDeniedException) {
      return CliMessages.PERMISSION_DENIED;
    }
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m;
  }

  private static String stripNewline(String s) {
    String m = s == null ? "" : s;
    return m.endsWith("\n") ? m.substring(0, m.length() - 1) : m;
  }
}
