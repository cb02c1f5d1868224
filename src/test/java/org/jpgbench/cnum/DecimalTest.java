package org.jpgbench.cnum;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DecimalTest {
  private static String written(long v, int at) {
    byte[] buf = new byte[at + Decimal.MAX_BYTES];
    int end = Decimal.write(buf, at, v);
    return new String(buf, at, end - at, StandardCharsets.US_ASCII);
  }

  @Test
  void writesWhatLongToStringPrints() {
    long[] edges = {
      0,
      1,
      -1,
      9,
      10,
      -10,
      99,
      100,
      999_999_999,
      1_000_000_000,
      -1_000_000_000,
      999_999_999_999_999_999L,
      Long.MAX_VALUE,
      Long.MIN_VALUE,
      Long.MIN_VALUE + 1,
      -9,
      -99
    };
    for (long v : edges) {
      assertEquals(Long.toString(v), written(v, 3), "value " + v);
    }
    for (int p = 0; p < 19; p++) { // every power of ten and its neighbours
      long ten = (long) Math.pow(10, p);
      for (long v : new long[] {ten - 1, ten, ten + 1, -ten + 1, -ten, -ten - 1}) {
        assertEquals(Long.toString(v), written(v, 0), "value " + v);
      }
    }
    SplittableRandom r = new SplittableRandom(42);
    for (int i = 0; i < 100_000; i++) {
      long v = r.nextLong() >> r.nextInt(64);
      assertEquals(Long.toString(v), written(v, i % 5), "value " + v);
    }
  }

  @Test
  void returnsThePositionAfterTheLastDigitAndWritesNothingElse() {
    byte[] buf = new byte[30];
    java.util.Arrays.fill(buf, (byte) '#');
    int end = Decimal.write(buf, 2, -12345);
    assertEquals(8, end);
    assertEquals("##-12345################", new String(buf, 0, 24, StandardCharsets.US_ASCII));
  }
}
