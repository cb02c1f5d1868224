package org.jpgbench.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** C library parsing rules (values as glibc's atoi/strtol/strtod give them). */
class CNumbersTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "5|5",
    "'  -12x'|-12",
    "abc|0",
    "'+7ms'|7",
    "2147483648|-2147483648",
    "9223372036854775807|-1",
    "99999999999999999999|-1",
    "-99999999999999999999|0",
    "'-'|0",
    "2.5|2",
  })
  void atoi(String s, int expected) {
    assertEquals(expected, CNumbers.atoi(s));
  }

  @Test
  void strtolReportsWhereTheNumberEnds() {
    int[] end = new int[1];
    assertEquals(42, CNumbers.strtol("  42\n", 0, end));
    assertEquals(4, end[0]);
    assertEquals(0, CNumbers.strtol("one", 0, end));
    assertEquals(0, end[0]);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "1.5|0|1.5",
    "' 1e3'|0|1000.0",
    "0x1P-2|0|0.25",
    "1e309|2|Infinity",
    "1e-320|2|0.0",
    "2.2250738585072014e-308|0|2.2250738585072014e-308",
    "0.0|0|0.0",
    "0e-999|0|0.0",
    "1.|0|1.0",
    "'.'|1|0.0",
    "'1 '|1|0.0",
    "1e5x|1|0.0",
  })
  void strtod(String s, int status, String value) {
    Value v = new Value();
    int r = CNumbers.strtod(s, v);
    assertEquals(status, r, s);
    if (r == CNumbers.OK) {
      assertEquals(Double.parseDouble(value), v.d, s);
    }
  }
}
