package org.jpgbench.expr;

import org.jpgbench.cnum.CFormat;

/**
 * pgbench's wording for every expression and variable error, in one place (pgbench.c, exprparse.y,
 * exprscan.l). Parse-time messages are completed by the script parser's {@code syntax_error}
 * formatting ("file:line: message (more) in command "set"").
 */
public final class ExprErrors {
  private ExprErrors() {}

  // ---- parse time (exprscan.l / exprparse.y) ----
  public static final String SYNTAX_ERROR = "syntax error";

  /** bison's message when the parser stack (10,000 entries in pgbench) would overflow. */
  public static final String MEMORY_EXHAUSTED = "memory exhausted";

  public static final String UNEXPECTED_CHARACTER = "unexpected character";
  public static final String BIGINT_CONSTANT_OVERFLOW = "bigint constant overflow";
  public static final String DOUBLE_CONSTANT_OVERFLOW = "double constant overflow";
  public static final String UNEXPECTED_FUNCTION_NAME = "unexpected function name";
  public static final String UNEXPECTED_ARG_COUNT = "unexpected number of arguments";
  public static final String AT_LEAST_ONE_ARG = "at least one argument expected";

  // ---- run time (evaluateExpr and friends) ----
  public static final String DIVISION_BY_ZERO = "division by zero";
  public static final String BIGINT_ADD = "bigint add out of range";
  public static final String BIGINT_SUB = "bigint sub out of range";
  public static final String BIGINT_MUL = "bigint mul out of range";
  public static final String BIGINT_DIV = "bigint div out of range";

  /** MAX_FARGS. */
  public static final int MAX_FUNCTION_ARGS = 16;

  public static final String TOO_MANY_FUNCTION_ARGS =
      "too many function arguments, maximum is " + MAX_FUNCTION_ARGS;

  /** "cannot coerce %s to int|double|boolean" with valueTypeName(). */
  public static String cannotCoerce(byte type, String target) {
    return "cannot coerce " + typeName(type) + " to " + target;
  }

  /** "double to int overflow for %f" (the value after rint()). */
  public static String doubleToIntOverflow(double d) {
    return "double to int overflow for " + CFormat.fixed6(d);
  }

  /** evaluateExpr(): "undefined variable \"%s\"". */
  public static String undefinedVariable(String name) {
    return "undefined variable \"" + name + "\"";
  }

  /** makeVariableValue(): "malformed variable \"%s\" value: \"%s\"". */
  public static String malformedVariable(String name, String value) {
    return "malformed variable \"" + name + "\" value: \"" + value + "\"";
  }

  /** strtoint64() with errorOK = false. */
  public static String bigintOutOfRange(String value) {
    return "value \"" + value + "\" is out of range for type bigint";
  }

  /** strtoint64() with errorOK = false. */
  public static String bigintSyntax(String value) {
    return "invalid input syntax for type bigint: \"" + value + "\"";
  }

  /**
   * lookupCreateVariable(): "%s: invalid variable name: \"%s\"" where the context is "set" (as
   * typed), "setshell", "option" (-D), "gset"/"aset" or "startup".
   */
  public static String invalidVariableName(String context, String name) {
    return context + ": invalid variable name: \"" + name + "\"";
  }

  /** -D without '=', with an empty name or an empty value. */
  public static String invalidVariableDefinition(String optarg) {
    return "invalid variable definition: \"" + optarg + "\"";
  }

  /** pgbench's valueTypeName(). */
  public static String typeName(byte type) {
    return switch (type) {
      case Value.NULL -> "null";
      case Value.BOOL -> "boolean";
      case Value.INT -> "int";
      case Value.DOUBLE -> "double";
      default -> "none";
    };
  }
}
