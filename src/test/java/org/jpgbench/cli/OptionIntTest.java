package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** option_parse_int; vectors checked against pgbench 15 (e.g. -c ' 5'). */
class OptionIntTest {
  private static int parseInt(String s) throws CliExit {
    return OptionInt.parse(s, "-c/--clients", 1, Integer.MAX_VALUE);
  }

  private static String error(String s) {
    return assertThrows(CliExit.class, () -> parseInt(s)).stderr;
  }

  @Test
  void optionParseIntAcceptsWhatStrtolAccepts() throws CliExit {
    assertEquals(5, parseInt("5"));
    assertEquals(5, parseInt(" 5"));
    assertEquals(5, parseInt("5 "));
    assertEquals(5, parseInt("+5"));
    assertEquals(Integer.MAX_VALUE, parseInt("2147483647"));
  }

  @Test
  void optionParseIntErrors() {
    String range = "jpgbench: error: -c/--clients must be in range 1..2147483647\n";
    assertEquals(range, error("0"));
    assertEquals(range, error("-0"));
    assertEquals(range, error(""));
    assertEquals(range, error("2147483648"));
    assertEquals(range, error("99999999999999999999999"));
    assertEquals("jpgbench: error: invalid value \"1x\" for option -c/--clients\n", error("1x"));
    assertEquals("jpgbench: error: invalid value \"0x5\" for option -c/--clients\n", error("0x5"));
    assertEquals("jpgbench: error: invalid value \"+\" for option -c/--clients\n", error("+"));
  }
}
