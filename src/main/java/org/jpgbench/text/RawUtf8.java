package org.jpgbench.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 that keeps every byte: valid sequences decode to their characters, any other byte {@code b}
 * to the lone surrogate {@code U+DC00 | b}, and encoding maps those surrogates back to their bytes.
 * See the package documentation.
 */
public final class RawUtf8 {
  /** The charset for output streams: encodes as {@link #encode}; decodes as plain UTF-8. */
  public static final Charset CHARSET = new RawUtf8Charset();

  private static final int ESCAPE_BASE = 0xDC00;

  private RawUtf8() {}

  /** The text of {@code len} bytes from {@code off}; ASCII is copied as is. */
  public static String decode(byte[] b, int off, int len) {
    int end = off + len;
    for (int i = off; i < end; i++) {
      if (b[i] < 0) {
        return decodeFrom(b, off, i, end);
      }
    }
    return new String(b, off, len, StandardCharsets.ISO_8859_1);
  }

  public static String decode(byte[] b) {
    return decode(b, 0, b.length);
  }

  /** The bytes of {@code s}: UTF-8, escaped bytes as themselves. */
  public static byte[] encode(String s) {
    int n = s.length();
    int i = 0;
    while (i < n && s.charAt(i) < 0x80) {
      i++;
    }
    if (i == n) {
      return s.getBytes(StandardCharsets.ISO_8859_1);
    }
    byte[] out = new byte[encodedLength(s)];
    int p = 0;
    for (int k = 0; k < n; k++) {
      char c = s.charAt(k);
      if (c < 0x80) {
        out[p++] = (byte) c;
      } else if (c < 0x800) {
        out[p++] = (byte) (0xC0 | c >> 6);
        out[p++] = (byte) (0x80 | c & 0x3F);
      } else if (isEscapedByte(c)) {
        out[p++] = (byte) c;
      } else if (Character.isHighSurrogate(c)
          && k + 1 < n
          && Character.isLowSurrogate(s.charAt(k + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++k));
        out[p++] = (byte) (0xF0 | cp >> 18);
        out[p++] = (byte) (0x80 | cp >> 12 & 0x3F);
        out[p++] = (byte) (0x80 | cp >> 6 & 0x3F);
        out[p++] = (byte) (0x80 | cp & 0x3F);
      } else if (Character.isSurrogate(c)) {
        out[p++] = '?'; // a lone surrogate that no byte decodes to: it has no bytes
      } else {
        out[p++] = (byte) (0xE0 | c >> 12);
        out[p++] = (byte) (0x80 | c >> 6 & 0x3F);
        out[p++] = (byte) (0x80 | c & 0x3F);
      }
    }
    return out;
  }

  /** How many bytes {@link #encode} gives for {@code s}. */
  public static int encodedLength(String s) {
    int n = s.length();
    int len = 0;
    for (int k = 0; k < n; k++) {
      char c = s.charAt(k);
      if (c < 0x80 || isEscapedByte(c)) {
        len++;
      } else if (c < 0x800) {
        len += 2;
      } else if (Character.isHighSurrogate(c)
          && k + 1 < n
          && Character.isLowSurrogate(s.charAt(k + 1))) {
        len += 4;
        k++;
      } else if (Character.isSurrogate(c)) {
        len++;
      } else {
        len += 3;
      }
    }
    return len;
  }

  /** Whether {@code c} stands for a byte that was not valid UTF-8. */
  public static boolean isEscapedByte(char c) {
    return c >= 0xDC80 && c <= 0xDCFF;
  }

  private static String decodeFrom(byte[] b, int off, int firstNonAscii, int end) {
    StringBuilder sb = new StringBuilder(end - off);
    sb.append(new String(b, off, firstNonAscii - off, StandardCharsets.ISO_8859_1));
    int i = firstNonAscii;
    while (i < end) {
      int c = b[i] & 0xFF;
      int need = sequenceLength(b, i, end);
      if (need == 0) {
        sb.append((char) (ESCAPE_BASE | c));
        i++;
      } else if (need == 1) {
        sb.append((char) c);
        i++;
      } else {
        int cp = c & (0xFF >> (need + 1));
        for (int k = 1; k < need; k++) {
          cp = cp << 6 | b[i + k] & 0x3F;
        }
        sb.appendCodePoint(cp);
        i += need;
      }
    }
    return sb.toString();
  }

  /** The length of the valid UTF-8 sequence at {@code i}, or 0 when it is not one. */
  private static int sequenceLength(byte[] b, int i, int end) {
    int c = b[i] & 0xFF;
    if (c < 0x80) {
      return 1;
    }
    int need;
    int min2;
    int max2 = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      need = 2;
      min2 = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
      need = 3;
      min2 = c == 0xE0 ? 0xA0 : 0x80; // no overlong forms
      max2 = c == 0xED ? 0x9F : 0xBF; // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      need = 4;
      min2 = c == 0xF0 ? 0x90 : 0x80;
      max2 = c == 0xF4 ? 0x8F : 0xBF; // nothing above U+10FFFF
    } else {
      return 0;
    }
    if (i + need > end) {
      return 0;
    }
    int second = b[i + 1] & 0xFF;
    if (second < min2 || second > max2) {
      return 0;
    }
    for (int k = 2; k < need; k++) {
      if ((b[i + k] & 0xC0) != 0x80) {
        return 0;
      }
    }
    return need;
  }

  /** {@link #CHARSET}: the encoder is {@link #encode}'s mapping; decoding is plain UTF-8. */
  private static final class RawUtf8Charset extends Charset {
    RawUtf8Charset() {
      super("x-jpgbench-raw-utf-8", new String[0]);
    }

    @Override
    public boolean contains(Charset cs) {
      return cs.name().equals("UTF-8") || cs.name().equals("US-ASCII") || cs.equals(this);
    }

    @Override
    public CharsetDecoder newDecoder() {
      return StandardCharsets.UTF_8.newDecoder();
    }

    @Override
    public CharsetEncoder newEncoder() {
      return new Encoder(this);
    }
  }

  private static final class Encoder extends CharsetEncoder {
    Encoder(Charset cs) {
      super(cs, 1.1f, 4.0f, new byte[] {'?'});
    }

    @Override
    protected CoderResult encodeLoop(CharBuffer in, ByteBuffer out) {
      while (in.hasRemaining()) {
        char c = in.get(in.position());
        int need;
        int cp = c;
        if (c < 0x80 || isEscapedByte(c)) {
          need = 1;
        } else if (c < 0x800) {
          need = 2;
        } else if (Character.isHighSurrogate(c)) {
          if (in.remaining() < 2) {
            return CoderResult.UNDERFLOW; // the low half may come with the next buffer
          }
          char low = in.get(in.position() + 1);
          if (!Character.isLowSurrogate(low)) {
            return CoderResult.malformedForLength(1);
          }
          cp = Character.toCodePoint(c, low);
          need = 4;
        } else if (Character.isSurrogate(c)) {
          return CoderResult.malformedForLength(1);
        } else {
          need = 3;
        }
        if (out.remaining() < need) {
          return CoderResult.OVERFLOW;
        }
        switch (need) {
          case 1 -> out.put((byte) c);
          case 2 -> out.put((byte) (0xC0 | c >> 6)).put((byte) (0x80 | c & 0x3F));
          case 3 ->
              out.put((byte) (0xE0 | c >> 12))
                  .put((byte) (0x80 | c >> 6 & 0x3F))
                  .put((byte) (0x80 | c & 0x3F));
          default ->
              out.put((byte) (0xF0 | cp >> 18))
                  .put((byte) (0x80 | cp >> 12 & 0x3F))
                  .put((byte) (0x80 | cp >> 6 & 0x3F))
                  .put((byte) (0x80 | cp & 0x3F));
        }
        in.position(in.position() + (need == 4 ? 2 : 1));
      }
      return CoderResult.UNDERFLOW;
    }
  }
}
