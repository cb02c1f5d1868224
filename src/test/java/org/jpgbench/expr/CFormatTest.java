package org.jpgbench.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** %.15g and %f as PostgreSQL's snprintf prints them (values checked against C's printf). */
class CFormatTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "2.0|2",
    "-2.0|-2",
    "0.0|0",
    "-0.0|-0",
    "1e15|1e+15",
    "999999999999999.0|999999999999999",
    "999999999999999.9|1e+15",
    "1e16|1e+16",
    "1e100|1e+100",
    "1.5e-300|1.5e-300",
    "1e-5|1e-05",
    "0.0001|0.0001",
    "0.000123456789012345678|0.000123456789012346",
    "123456789.123456789|123456789.123457",
    "0.1|0.1",
    "0.30000000000000004|0.3",
    "2.5|2.5",
    "3.14159265358979323846|3.14159265358979",
    "1234567890123456.0|1.23456789012346e+15",
    "9.223372036854775807e18|9.22337203685478e+18",
    "4.9e-324|4.94065645841247e-324",
    "1.7976931348623157e308|1.79769313486232e+308",
    "-0.125|-0.125",
    "37.0000002|37.0000002",
    "100.5|100.5",
    "0.5e-4|5e-05",
  })
  void g15(double d, String expected) {
    assertEquals(expected, CFormat.g15(d));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "NaN|NaN",
    "Infinity|Infinity",
    "-Infinity|-Infinity",
  })
  void g15Specials(String d, String expected) {
    assertEquals(expected, CFormat.g15(Double.parseDouble(d)));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "9.223372036854775808e18|9223372036854775808.000000",
    "1e19|10000000000000000000.000000",
    "1.5|1.500000",
    "0.0000005|0.000000",
    "0.0000015|0.000002",
    "2.5e-7|0.000000",
    "-0.0|-0.000000",
    "-1e-9|-0.000000",
    "1000.5|1000.500000",
  })
  void f6(double d, String expected) {
    assertEquals(expected, CFormat.f6(d));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "NaN|NaN",
    "-Infinity|-Infinity",
  })
  void f6Specials(String d, String expected) {
    assertEquals(expected, CFormat.f6(Double.parseDouble(d)));
  }
}
