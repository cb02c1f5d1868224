package org.jpgbench.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** String variables (-D, \gset) parsed on numeric use, text forms, copying and growth. */
class VariablesTest {
  /**
   * From native pgbench 15: {@code pgbench -n -t 1 -Dv=VALUE -f script.sql} with script {@code \set
   * r :v} / {@code \shell echo R= :r}; "ERR:" + the first error line otherwise.
   */
  static Stream<Arguments> nativeValues() {
    String[][] rows = {
      {"yes", "true"},
      {"ye", "true"},
      {"y", "true"},
      {"Y", "true"},
      {"YES", "true"},
      {"yess", "ERR:malformed variable \"v\" value: \"yess\""},
      {"no", "false"},
      {"n", "false"},
      {"No", "false"},
      {"nO", "false"},
      {"t", "true"},
      {"tr", "true"},
      {"tru", "true"},
      {"true", "true"},
      {"TRUE", "true"},
      {"trueX", "ERR:malformed variable \"v\" value: \"trueX\""},
      {"f", "false"},
      {"fa", "false"},
      {"fal", "false"},
      {"fals", "false"},
      {"false", "false"},
      {"False", "false"},
      {"on", "true"},
      {"ON", "true"},
      {"o", "ERR:malformed variable \"v\" value: \"o\""},
      {"of", "false"},
      {"off", "false"},
      {"OFF", "false"},
      {"offf", "ERR:malformed variable \"v\" value: \"offf\""},
      {"null", "NULL"},
      {"NULL", "NULL"},
      {"Null", "NULL"},
      {"nul", "ERR:malformed variable \"v\" value: \"nul\""},
      {"0x10", "16"},
      {"0X1f", "31"},
      {"0x", "ERR:malformed variable \"v\" value: \"0x\""},
      {"0x1p3", "8"},
      {"0x1.8p1", "3"},
      {" 5", "5"},
      {"5 ", "ERR:malformed variable \"v\" value: \"5 \""},
      {"  -5", "-5"},
      {"+5", "5"},
      {"-0", "0"},
      {"007", "7"},
      {"00012", "12"},
      {"1_000", "ERR:malformed variable \"v\" value: \"1_000\""},
      {"1.5e400", "ERR:malformed variable \"v\" value: \"1.5e400\""},
      {"1e-400", "ERR:malformed variable \"v\" value: \"1e-400\""},
      {"1e-310", "ERR:malformed variable \"v\" value: \"1e-310\""},
      {"1.5", "1.5"},
      {".5", "0.5"},
      {"5.", "5"},
      {"-.5", "-0.5"},
      {"+1.5e3", "1500"},
      {"inf", "Infinity"},
      {"-inf", "-Infinity"},
      {"Inf", "Infinity"},
      {"INFINITY", "Infinity"},
      {"-Infinity", "-Infinity"},
      {"infinit", "ERR:malformed variable \"v\" value: \"infinit\""},
      {"nan", "NaN"},
      {"NaN", "NaN"},
      {"-nan", "NaN"},
      {"nan(123)", "NaN"},
      {"nan()", "NaN"},
      {"1e", "ERR:malformed variable \"v\" value: \"1e\""},
      {"1e+", "ERR:malformed variable \"v\" value: \"1e+\""},
      {"abc", "ERR:malformed variable \"v\" value: \"abc\""},
      {"9223372036854775807", "9223372036854775807"},
      {"9223372036854775808", "ERR:value \"9223372036854775808\" is out of range for type bigint"},
      {"-9223372036854775808", "-9223372036854775808"},
      {
        "-9223372036854775809", "ERR:value \"-9223372036854775809\" is out of range for type bigint"
      },
      {
        "99999999999999999999", "ERR:value \"99999999999999999999\" is out of range for type bigint"
      },
      {"-", "ERR:invalid input syntax for type bigint: \"-\""},
      {"+", "ERR:invalid input syntax for type bigint: \"+\""},
      {" ", "ERR:invalid input syntax for type bigint: \" \""},
      {" 1.5", "1.5"},
      {"1.5 ", "ERR:malformed variable \"v\" value: \"1.5 \""},
      {"\t7", "7"},
      {"1,5", "ERR:malformed variable \"v\" value: \"1,5\""},
    };
    return Stream.of(rows).map(r -> Arguments.of(r[0], r[1]));
  }

  @ParameterizedTest
  @MethodSource("nativeValues")
  void stringValueParsedLikePgbench(String value, String expected) {
    SymbolTable symbols = new SymbolTable();
    Variables vars = new Variables(symbols);
    int v = symbols.slotOf("v");
    int r = symbols.slotOf("r");
    vars.setString(v, value);
    Value out = new Value();
    try {
      assertTrue(vars.get(v, out));
      vars.set(r, out);
      assertEquals(expected, vars.text(r));
    } catch (EvalException e) {
      assertEquals(expected, "ERR:" + e.getMessage());
    }
  }

  @Test
  void emptyStringFailsWithoutMessage() {
    SymbolTable symbols = new SymbolTable();
    Variables vars = new Variables(symbols);
    vars.setString(symbols.slotOf("e"), "");
    EvalException e =
        assertThrows(EvalException.class, () -> vars.get(symbols.slotOf("e"), new Value()));
    assertNull(e.getMessage());
    assertEquals(EvalException.EVALUATION_FAILED, e.failure());
  }

  @Test
  void stringKeepsItsTextAfterNumericUse() throws EvalException {
    SymbolTable symbols = new SymbolTable();
    Variables vars = new Variables(symbols);
    int v = symbols.slotOf("v");
    vars.setString(v, "0x10");
    Value out = new Value();
    vars.get(v, out);
    assertEquals(Value.DOUBLE, out.type);
    assertEquals(16.0, out.d);
    assertEquals("0x10", vars.text(v)); // what the server and the shell get
  }

  @Test
  void typedValuesFormatAsPgbench() {
    SymbolTable symbols = new SymbolTable();
    Variables vars = new Variables(symbols);
    int x = symbols.slotOf("x");
    Value v = new Value();
    v.setNull();
    vars.set(x, v);
    assertEquals("NULL", vars.text(x));
    v.setBool(false);
    vars.set(x, v);
    assertEquals("false", vars.text(x));
    v.setDouble(-0.0);
    vars.set(x, v);
    assertEquals("-0", vars.text(x));
    vars.setInt(x, Long.MIN_VALUE);
    assertEquals("-9223372036854775808", vars.text(x));
    StringBuilder sb = new StringBuilder("[");
    assertTrue(vars.appendText(x, sb));
    assertEquals("[-9223372036854775808", sb.toString());
    assertFalse(vars.appendText(symbols.slotOf("undefined"), sb));
    assertNull(vars.text(symbols.slotOf("undefined")));
  }

  @Test
  void growsWhenSymbolsAreAddedLater() throws EvalException {
    SymbolTable symbols = new SymbolTable();
    Variables vars = new Variables(symbols);
    int last = 0;
    for (int i = 0; i < 100; i++) {
      last = symbols.slotOf("col" + i);
    }
    assertFalse(vars.isDefined(last));
    vars.setString(last, "42");
    Value out = new Value();
    assertTrue(vars.get(last, out));
    assertEquals(42, out.i);
  }

  @Test
  void validNamesFollowPgbench() {
    assertTrue(SymbolTable.isValidName("a"));
    assertTrue(SymbolTable.isValidName("_a9"));
    assertTrue(SymbolTable.isValidName("été"));
    assertFalse(SymbolTable.isValidName(""));
    assertFalse(SymbolTable.isValidName("1a"));
    assertFalse(SymbolTable.isValidName("."));
    assertFalse(SymbolTable.isValidName("bad name!"));
    assertFalse(SymbolTable.isValidName("?column?"));
    SymbolTable symbols = new SymbolTable();
    assertFalse(symbols.isValidName(symbols.slotOf("five:")));
    assertTrue(symbols.isValidName(symbols.slotOf("five")));
  }
}
