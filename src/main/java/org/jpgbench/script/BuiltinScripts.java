package org.jpgbench.script;

/** pgbench's builtin scripts (+ jpgbench's debit-credit). CONTRACT (skeleton). */
public final class BuiltinScripts {
  private BuiltinScripts() {}

  /** A builtin by unique prefix, or pgbench's error ("no builtin script found for name ...", "ambiguous builtin name ..."). */
  public static Builtin find(String prefix) throws ScriptException {
    throw new UnsupportedOperationException("script package: not yet implemented");
  }

  /** The "-b list" text, exactly as pgbench prints it (to stderr). */
  public static String listing() {
    throw new UnsupportedOperationException("script package: not yet implemented");
  }

  /** @param name e.g. "tpcb-like"; @param description e.g. "<builtin: TPC-B (sort of)>"; @param text the script. */
  public record Builtin(String name, String description, String text) {}
}
