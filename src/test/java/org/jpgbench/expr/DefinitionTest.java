package org.jpgbench.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** -D checks and \gset's variable creation, with native pgbench 15's messages. */
class DefinitionTest {
  @Test
  void definitions() {
    Definition d = Definition.parse("foo=a=b");
    assertEquals("foo", d.name());
    assertEquals("a=b", d.value());
    assertEquals(
        "invalid variable definition: \"v=\"",
        assertThrows(IllegalArgumentException.class, () -> Definition.parse("v=")).getMessage());
    assertEquals(
        "invalid variable definition: \"=1\"",
        assertThrows(IllegalArgumentException.class, () -> Definition.parse("=1")).getMessage());
    assertEquals(
        "invalid variable definition: \"v\"",
        assertThrows(IllegalArgumentException.class, () -> Definition.parse("v")).getMessage());
    assertEquals(
        "option: invalid variable name: \".\"",
        assertThrows(IllegalArgumentException.class, () -> Definition.parse(".=1")).getMessage());
    assertEquals(
        "option: invalid variable name: \"1a\"",
        assertThrows(IllegalArgumentException.class, () -> Definition.parse("1a=1")).getMessage());
    SymbolTable symbols = new SymbolTable();
    Variables vars = new Variables(symbols);
    Definition.parse("a=1").applyTo(vars);
    Definition.parse("a=2").applyTo(vars); // the later one wins, as in pgbench
    assertEquals("2", vars.text(symbols.slotOf("a")));
  }

  @Test
  void putStringRefusesToCreateInvalidNames() {
    SymbolTable symbols = new SymbolTable();
    Variables vars = new Variables(symbols);
    assertFalse(vars.putString(symbols.slotOf("bad name!"), "1"));
    assertFalse(vars.isDefined(symbols.slotOf("bad name!")));
    assertTrue(vars.putString(symbols.slotOf("ok"), "1"));
    assertEquals(
        "gset: invalid variable name: \"bad name!\"",
        ExprErrors.invalidVariableName("gset", "bad name!"));
  }
}
