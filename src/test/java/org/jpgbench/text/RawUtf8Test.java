package org.jpgbench.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RawUtf8Test {
  @Test
  void everyByteSequenceDecodesAndEncodesBackToItself() {
    SplittableRandom random = new SplittableRandom(42);
    for (int round = 0; round < 20_000; round++) {
      byte[] b = new byte[random.nextInt(0, 24)];
      for (int i = 0; i < b.length; i++) {
        // mostly the bytes UTF-8 is made of, so that valid and broken sequences both occur
        b[i] =
            (byte) (random.nextBoolean() ? random.nextInt(0x80, 0x100) : random.nextInt(0, 0x100));
      }
      String s = RawUtf8.decode(b);
      assertArrayEquals(
          b, RawUtf8.encode(s), () -> "round trip of " + java.util.HexFormat.of().formatHex(b));
      assertEquals(b.length, RawUtf8.encodedLength(s));
    }
  }

  @Test
  void validUtf8IsTheTextItSpells() {
    String text = "ascii, é, ß, €, 日本, 𝄞 (a supplementary character)";
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    assertEquals(text, RawUtf8.decode(b));
    assertArrayEquals(b, RawUtf8.encode(text));
  }

  @Test
  void invalidBytesBecomeEscapesOneEach() {
    // a Latin-1 é, an overlong '/', a UTF-16 surrogate in UTF-8 form, a truncated 3-byte sequence
    byte[] b = {
      'a',
      (byte) 0xE9,
      'b',
      (byte) 0xC0,
      (byte) 0xAF,
      (byte) 0xED,
      (byte) 0xA0,
      (byte) 0x80,
      (byte) 0xE2,
      (byte) 0x82
    };
    String s = RawUtf8.decode(b);
    assertEquals("a\uDCE9b\uDCC0\uDCAF\uDCED\uDCA0\uDC80\uDCE2\uDC82", s);
    for (char c : s.toCharArray()) {
      assertTrue(c < 0x80 || RawUtf8.isEscapedByte(c));
    }
  }

  @Test
  void aLoneSurrogateThatNoByteMakesEncodesAsAQuestionMark() {
    assertArrayEquals(new byte[] {'x', '?', 'y'}, RawUtf8.encode("x\uD800y"));
    assertEquals(3, RawUtf8.encodedLength("x\uD800y"));
  }

  @Test
  void aPrintStreamOnTheCharsetWritesTheOriginalBytes() {
    byte[] b = {
      'e',
      'r',
      'r',
      ' ',
      (byte) 0xE9,
      (byte) 0xC3,
      (byte) 0xA9,
      ' ',
      (byte) 0xF0,
      (byte) 0x9D,
      (byte) 0x84,
      (byte) 0x9E,
      '\n'
    };
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(sink, true, RawUtf8.CHARSET)) {
      // written in two pieces that split the surrogate pair, as a buffered writer may
      String s = RawUtf8.decode(b);
      out.print(s.substring(0, 9));
      out.print(s.substring(9));
    }
    assertArrayEquals(b, sink.toByteArray());
  }
}
