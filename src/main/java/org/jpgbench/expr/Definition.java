package org.jpgbench.expr;

/**
 * A -D NAME=VALUE option, checked as pgbench does: the first '=' splits it, neither side may be
 * empty ("invalid variable definition: \"%s\""), and the name must be a valid variable name
 * ("option: invalid variable name: \"%s\""). Both errors exit with status 1.
 */
public record Definition(String name, String value) {
  /**
   * @throws IllegalArgumentException with pgbench's message
   */
  public static Definition parse(String optarg) {
    int eq = optarg.indexOf('=');
    if (eq <= 0 || eq == optarg.length() - 1) {
      throw new IllegalArgumentException(ExprErrors.invalidVariableDefinition(optarg));
    }
    String name = optarg.substring(0, eq);
    if (!SymbolTable.isValidName(name)) {
      throw new IllegalArgumentException(ExprErrors.invalidVariableName("option", name));
    }
    return new Definition(name, optarg.substring(eq + 1));
  }

  /** Stores the value as a string variable (later -D options of the same name replace it). */
  public void applyTo(Variables vars) {
    vars.setString(vars.symbols().slotOf(name), value);
  }
}
