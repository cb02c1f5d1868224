package org.jpgbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CFormatTest {
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
  void padsToWidth() {
    assertEquals("      0.005", CFormat.fixed(0.005, 11, 3));
    assertEquals("         0", CFormat.integer(0, 10));
    assertEquals("12345678901", CFormat.integer(12345678901L, 10));
  }
}
