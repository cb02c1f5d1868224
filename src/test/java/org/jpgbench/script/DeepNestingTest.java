package org.jpgbench.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jpgbench.expr.SymbolTable;
import org.junit.jupiter.api.Test;

/**
 * Expressions nested as deep as pgbench's parser allows, and deeper: no StackOverflowError, and
 * past the limit pgbench's "memory exhausted" at the token where pgbench 15 stops (its bison stack
 * holds 10,000 entries; the depths and caret columns below were measured on it).
 */
class DeepNestingTest {
  private static String set(String expr) {
    return "\\set x " + expr + "\n";
  }

  /** pgbench's message for a script "s.sql" whose line is {@code line}, caret at {@code col}. */
  private static String exhausted(String line, int col) {
    return "s.sql:1: memory exhausted in command \"set\"\n"
        + line
        + "\n"
        + " ".repeat(col)
        + "^ error found here";
  }

  private static void assertExhausted(String expr, int caretColumn) {
    ScriptException e =
        assertThrows(
            ScriptException.class,
            () -> ScriptParser.parse("s.sql", set(expr), 1, new SymbolTable()));
    assertEquals(exhausted("\\set x " + expr, caretColumn), e.getMessage());
  }

  private static void assertParses(String expr) throws ScriptException {
    ScriptParser.parse("s.sql", set(expr), 1, new SymbolTable());
  }

  @Test
  void unaryMinusSigns() throws ScriptException {
    assertParses("-".repeat(9997) + "1");
    assertExhausted("-".repeat(9998) + "1", 10005);
    assertExhausted("-".repeat(100_000) + "1", 10005);
  }

  @Test
  void danglingPlusSigns() throws ScriptException {
    ScriptException e =
        assertThrows(
            ScriptException.class,
            () -> ScriptParser.parse("s.sql", set("1" + "+".repeat(9997)), 1, new SymbolTable()));
    assertEquals(
        "s.sql:1: syntax error in command \"set\"\n\\set x 1"
            + "+".repeat(9997)
            + "\n"
            + " ".repeat(7 + 9998)
            + "^ error found here",
        e.getMessage());
    assertExhausted("1" + "+".repeat(9998), 10005);
  }

  @Test
  void nestedParentheses() throws ScriptException {
    assertParses("(".repeat(9996) + "1" + ")".repeat(9996));
    assertExhausted("(".repeat(9997) + "1" + ")".repeat(9997), 10005);
    assertExhausted("(".repeat(12_000) + "1" + ")".repeat(12_000), 10005);
  }

  @Test
  void nestedFunctionCalls() throws ScriptException {
    assertParses("abs(".repeat(4998) + "1" + ")".repeat(4998));
    assertExhausted("abs(".repeat(4999) + "1" + ")".repeat(4999), 20003);
  }

  @Test
  void rightNestedOperators() throws ScriptException {
    assertParses("1" + "+(1".repeat(3332) + ")".repeat(3332));
    assertExhausted("1" + "+(1".repeat(3333) + ")".repeat(3333), 10005);
  }

  @Test
  void notsAndCases() throws ScriptException {
    assertParses("not ".repeat(9997) + "true");
    assertExhausted("not ".repeat(9998) + "true", 40002);
    assertParses("case when true then ".repeat(2499) + "1" + " end".repeat(2499));
    assertExhausted("case when true then ".repeat(2500) + "1" + " end".repeat(2500), 50000);
  }
}
