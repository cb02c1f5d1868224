package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** C library number parsing; option_parse_int vectors checked against pgbench 15 (e.g. -c ' 5'). */
class CNumbersTest {
  private static int parseInt(String s) throws CliExit {
    return CNumbers.optionParseInt(s, "-c/--clients", 1, Integer.MAX_VALUE);
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

  @Test
  void atofTakesTheLongestPrefix() {
    assertEquals(0.0, CNumbers.atof("x"));
    assertEquals(0.0, CNumbers.atof(""));
    assertEquals(10.0, CNumbers.atof("10x"));
    assertEquals(0.5, CNumbers.atof(" .5"));
    assertEquals(5.0, CNumbers.atof("5."));
    assertEquals(-2.5, CNumbers.atof("-2.5e"));
    assertEquals(1500.0, CNumbers.atof("1.5e3ms"));
    assertEquals(16.0, CNumbers.atof("0x10"));
    assertEquals(0.0, CNumbers.atof("0x"));
    assertEquals(Double.POSITIVE_INFINITY, CNumbers.atof("inf"));
    assertEquals(Double.NEGATIVE_INFINITY, CNumbers.atof("-Infinity"));
    assertEquals(Double.POSITIVE_INFINITY, CNumbers.atof("1e999"));
    assertEquals(true, Double.isNaN(CNumbers.atof("nan")));
  }

  @Test
  void atoiWrapsLikeIntCastOfStrtol() {
    assertEquals(3, CNumbers.atoi("3x"));
    assertEquals(0, CNumbers.atoi("x"));
    assertEquals(-1, CNumbers.atoi("-1"));
    assertEquals(-1, CNumbers.atoi("99999999999999999999"));
  }
}
