package org.jpgbench.cnum;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** %.15g, %.Nf and widths as PostgreSQL's snprintf prints them (checked against C's printf). */
class CFormatTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
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
  @CsvSource(
      delimiter = '|',
      value = {
        "NaN|NaN",
        "Infinity|Infinity",
        "-Infinity|-Infinity",
      })
  void g15Specials(String d, String expected) {
    assertEquals(expected, CFormat.g15(Double.parseDouble(d)));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
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
    assertEquals(expected, CFormat.fixed6(d));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "NaN|NaN",
        "-Infinity|-Infinity",
      })
  void f6Specials(String d, String expected) {
    assertEquals(expected, CFormat.fixed6(Double.parseDouble(d)));
  }

  @Test
  void roundsTheExactBinaryValueLikePrintf() {
    // printf("%.3f", 0.0005) prints 0.001 (0.0005 is 0.000500000000000000010...), 2.5 -> "2" (even)
    assertEquals("0.001", CFormat.fixed(0.0005, 3));
    assertEquals("2", CFormat.fixed(2.5, 0));
    assertEquals("4", CFormat.fixed(3.5, 0));
    assertEquals("1.234", CFormat.fixed(1.2345, 3)); // 1.2344999999999999307... in binary
    assertEquals("167.410714", CFormat.fixed6(167.4107142857));
  }

  @Test
  void printsLargeValuesExactly() {
    // %.0f of 1e23 is the exact binary value, not Java's shortest decimal form
    assertEquals("99999999999999991611392", CFormat.fixed(1e23, 0));
    assertEquals("164301693", CFormat.fixed(164301693.0, 0));
  }

  @Test
  void spellsSpecialValuesAsPostgresSnprintf() {
    assertEquals("NaN", CFormat.fixed(0.0 / 0.0, 3));
    assertEquals("Infinity", CFormat.fixed(1.0 / 0.0, 6));
    assertEquals("-0.000", CFormat.fixed(-0.0001, 3));
  }

  @Test
  void quickPathAgreesWithTheExactValueRounded() {
    // the values a report prints take a path without BigDecimal: it must round exactly as the
    // binary value rounded half-to-even would, including products that land next to a half
    java.util.SplittableRandom r = new java.util.SplittableRandom(42);
    for (int i = 0; i < 200_000; i++) {
      int decimals = r.nextInt(10);
      double d =
          switch (i % 4) {
            case 0 -> r.nextDouble() * Math.pow(10, r.nextInt(10));
            case 1 -> -r.nextDouble() * 1000;
            case 2 -> (r.nextInt(2_000_000) + 0.5) / Math.pow(10, decimals); // near a half
            default -> r.nextLong(1_000_000_000L) / 1000.0 + Math.ulp(1.0) * r.nextInt(-4, 5);
          };
      String exact =
          new java.math.BigDecimal(d)
              .setScale(decimals, java.math.RoundingMode.HALF_EVEN)
              .toPlainString();
      if (Double.doubleToRawLongBits(d) < 0 && exact.charAt(0) != '-') {
        exact = "-" + exact;
      }
      assertEquals(exact, CFormat.fixed(d, decimals), d + " to " + decimals + " decimals");
    }
  }

  @Test
  void padsToWidth() {
    assertEquals("      0.005", CFormat.fixed(0.005, 11, 3));
    assertEquals("         0", CFormat.integer(0, 10));
    assertEquals("12345678901", CFormat.integer(12345678901L, 10));
  }
}
