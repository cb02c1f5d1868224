package org.jpgbench.cnum;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** C library parsing rules (values as glibc's atoi/strtol/strtod/atof give them). */
class CParseTest {
  /** A NumberSink that remembers what it got. */
  private static final class Sink implements NumberSink {
    long i;
    double d;

    @Override
    public void setInt(long v) {
      i = v;
    }

    @Override
    public void setDouble(double v) {
      d = v;
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "5|5",
        "'  -12x'|-12",
        "abc|0",
        "'+7ms'|7",
        "-1|-1",
        "2147483648|-2147483648",
        "9223372036854775807|-1",
        "99999999999999999999|-1",
        "-99999999999999999999|0",
        "'-'|0",
        "2.5|2",
      })
  void atoi(String s, int expected) {
    assertEquals(expected, CParse.atoi(s));
  }

  @Test
  void strtolReportsWhereTheNumberEndsAndOverflow() {
    int[] out = new int[2];
    assertEquals(42, CParse.strtol("  42\n", 0, out));
    assertEquals(4, out[0]);
    assertEquals(0, CParse.strtol("one", 0, out));
    assertEquals(0, out[0]);
    assertEquals(0, CParse.strtol("x +", 1, out));
    assertEquals(1, out[0]);
    assertEquals(Long.MAX_VALUE, CParse.strtol("9223372036854775807", 0, out));
    assertEquals(0, out[1]);
    assertEquals(Long.MAX_VALUE, CParse.strtol("9223372036854775808", 0, out));
    assertEquals(1, out[1]);
    assertEquals(Long.MIN_VALUE, CParse.strtol("-9223372036854775808", 0, out));
    assertEquals(0, out[1]);
    assertEquals(Long.MIN_VALUE, CParse.strtol("-9223372036854775809", 0, out));
    assertEquals(1, out[1]);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "0|0|0",
        "' -12 '|0|-12",
        "+7|0|7",
        "9223372036854775807|0|9223372036854775807",
        "-9223372036854775808|0|-9223372036854775808",
        "9223372036854775808|2|0",
        "-9223372036854775809|2|0",
        "''|1|0",
        "'-'|1|0",
        "1x|1|0",
        "1.0|1|0",
      })
  void strtoint64(String s, int status, long value) {
    Sink v = new Sink();
    assertEquals(status, CParse.strtoint64(s, v), s);
    if (status == CParse.OK) {
      assertEquals(value, v.i, s);
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {"1|true", "' -1'|true", "'+'|true", "''|true", "'1 '|false", "1.0|false", "x|false"})
  void isAnInt(String s, boolean expected) {
    assertEquals(expected, CParse.isAnInt(s), s);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "1.5|0|1.5",
        "' 1e3'|0|1000.0",
        "0x1P-2|0|0.25",
        "1e309|2|Infinity",
        "1e-320|2|0.0",
        "2.2250738585072014e-308|0|2.2250738585072014e-308",
        "0.0|0|0.0",
        "0e-999|0|0.0",
        "1.|0|1.0",
        "-Infinity|0|-Infinity",
        "nan(x_1)|0|NaN",
        "''|1|0.0",
        "'.'|1|0.0",
        "'1 '|1|0.0",
        "1e5x|1|0.0",
        "0x|1|0.0",
      })
  void strtod(String s, int status, String value) {
    Sink v = new Sink();
    int r = CParse.strtod(s, v);
    assertEquals(status, r, s);
    if (r == CParse.OK) {
      assertEquals(Double.parseDouble(value), v.d, s);
    }
  }

  @Test
  void atofTakesTheLongestPrefix() {
    assertEquals(0.0, CParse.atof("x"));
    assertEquals(0.0, CParse.atof(""));
    assertEquals(10.0, CParse.atof("10x"));
    assertEquals(0.5, CParse.atof(" .5"));
    assertEquals(5.0, CParse.atof("5."));
    assertEquals(-2.5, CParse.atof("-2.5e"));
    assertEquals(1500.0, CParse.atof("1.5e3ms"));
    assertEquals(16.0, CParse.atof("0x10"));
    assertEquals(0.0, CParse.atof("0x"));
    assertEquals(Double.POSITIVE_INFINITY, CParse.atof("inf"));
    assertEquals(Double.NEGATIVE_INFINITY, CParse.atof("-Infinity"));
    assertEquals(Double.POSITIVE_INFINITY, CParse.atof("1e999"));
    assertEquals(true, Double.isNaN(CParse.atof("nan")));
  }
}
