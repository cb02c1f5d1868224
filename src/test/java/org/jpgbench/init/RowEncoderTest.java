package org.jpgbench.init;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RowEncoderTest {
  private static String text(String table, long from, long to) {
    RowEncoder e = RowEncoder.of(table, false, false);
    byte[] buf = new byte[(int) (to - from) * e.maxRowBytes()];
    int n = e.encode(buf, 0, from, to, null);
    assertEquals(to - from, e.emitted);
    return new String(buf, 0, n, StandardCharsets.US_ASCII);
  }

  @Test
  void textRowsArePgbenchs() {
    assertEquals("1\t0\t\\N\n2\t0\t\\N\n", text(Tables.BRANCHES, 0, 2));
    assertEquals("10\t1\t0\t\\N\n11\t2\t0\t\\N\n", text(Tables.TELLERS, 9, 11));
    assertEquals(
        "99999\t1\t0\t\n100000\t1\t0\t\n100001\t2\t0\t\n", text(Tables.ACCOUNTS, 99998, 100001));
    assertEquals("1234567891\t12346\t0\t\n", text(Tables.ACCOUNTS, 1234567890, 1234567891));
  }

  @Test
  void filterSkipsRows() {
    RowEncoder e = RowEncoder.of(Tables.ACCOUNTS, false, false);
    byte[] buf = new byte[1000];
    int n = e.encode(buf, 0, 0, 6, k -> k % 2 == 1);
    assertEquals(3, e.emitted);
    assertEquals(
        "2\t1\t0\t\n4\t1\t0\t\n6\t1\t0\t\n", new String(buf, 0, n, StandardCharsets.US_ASCII));
  }

  @Test
  void binaryRowsCarryTheSameValues() {
    RowEncoder e = RowEncoder.of(Tables.ACCOUNTS, true, false);
    byte[] buf = new byte[100];
    int n = e.encode(buf, 0, 100000, 100001, null);
    ByteBuffer b = ByteBuffer.allocate(30);
    b.putShort((short) 4)
        .putInt(4)
        .putInt(100001)
        .putInt(4)
        .putInt(2)
        .putInt(4)
        .putInt(0)
        .putInt(0);
    assertEquals(30, n);
    assertArrayEquals(b.array(), java.util.Arrays.copyOf(buf, n));

    e = RowEncoder.of(Tables.ACCOUNTS, true, true);
    n = e.encode(buf, 0, 0, 1, null);
    b = ByteBuffer.allocate(34);
    b.putShort((short) 4).putInt(8).putLong(1).putInt(4).putInt(1).putInt(4).putInt(0).putInt(0);
    assertArrayEquals(b.array(), java.util.Arrays.copyOf(buf, n));

    e = RowEncoder.of(Tables.TELLERS, true, false);
    n = e.encode(buf, 0, 10, 11, null);
    b = ByteBuffer.allocate(30);
    b.putShort((short) 4).putInt(4).putInt(11).putInt(4).putInt(2).putInt(4).putInt(0).putInt(-1);
    assertArrayEquals(b.array(), java.util.Arrays.copyOf(buf, n));

    e = RowEncoder.of(Tables.BRANCHES, true, false);
    n = e.encode(buf, 0, 0, 1, null);
    b = ByteBuffer.allocate(22);
    b.putShort((short) 3).putInt(4).putInt(1).putInt(4).putInt(0).putInt(-1);
    assertArrayEquals(b.array(), java.util.Arrays.copyOf(buf, n));
  }

  @Test
  void binaryHeaderAndTrailer() {
    byte[] h = RowEncoder.of(Tables.BRANCHES, true, false).header();
    assertEquals(19, h.length);
    assertEquals("PGCOPY\n\377\r\n\0", new String(h, 0, 11, StandardCharsets.ISO_8859_1));
    assertArrayEquals(
        new byte[] {(byte) 0xff, (byte) 0xff},
        RowEncoder.of(Tables.BRANCHES, true, false).trailer());
  }
}
