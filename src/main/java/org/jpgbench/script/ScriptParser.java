package org.jpgbench.script;

import org.jpgbench.expr.SymbolTable;

/** Parses pgbench script text. CONTRACT (skeleton): the script work owns the body. */
public final class ScriptParser {
  private ScriptParser() {}

  /**
   * @param source the file name as pgbench prints it in errors, or the builtin name
   * @param text the whole script
   * @param weight the script's weight
   */
  public static Script parse(String source, String text, int weight, SymbolTable symbols)
      throws ScriptException {
    throw new UnsupportedOperationException("script package: not yet implemented");
  }
}
