package org.jpgbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON parser (RFC 8259) for reading reports back: objects become {@code
 * LinkedHashMap<String, Object>}, arrays {@code List<Object>}, integers without fraction or
 * exponent {@code Long} (when they fit), other numbers {@code Double}, plus String, Boolean and
 * null.
 */
public final class JsonReader {
  /** A syntax error, with the offset where it was found. */
  public static final class JsonException extends Exception {
    JsonException(String message, int at) {
      super(message + " at offset " + at);
    }
  }

  private static final int MAX_DEPTH = 512;

  private final String s;
  private int pos;
  private int depth;

  private JsonReader(String s) {
    this.s = s;
  }

  /** Parses a whole document. */
  public static Object parse(String text) throws JsonException {
    JsonReader r = new JsonReader(text);
    r.skipSpace();
    Object v = r.value();
    r.skipSpace();
    if (r.pos != text.length()) {
      throw new JsonException("trailing characters", r.pos);
    }
    return v;
  }

  private Object value() throws JsonException {
    if (pos >= s.length()) {
      throw new JsonException("unexpected end", pos);
    }
    char c = s.charAt(pos);
    return switch (c) {
      case '{' -> object();
      case '[' -> array();
      case '"' -> string();
      case 't' -> literal("true", true);
      case 'f' -> literal("false", false);
      case 'n' -> literal("null", null);
      default -> number();
    };
  }

  private Map<String, Object> object() throws JsonException {
    enter();
    pos++;
    Map<String, Object> m = new LinkedHashMap<>();
    skipSpace();
    if (peek() == '}') {
      pos++;
      depth--;
      return m;
    }
    while (true) {
      skipSpace();
      if (peek() != '"') {
        throw new JsonException("expected a member name", pos);
      }
      String name = string();
      skipSpace();
      expect(':');
      skipSpace();
      m.put(name, value());
      skipSpace();
      char c = next();
      if (c == '}') {
        depth--;
        return m;
      }
      if (c != ',') {
        throw new JsonException("expected ',' or '}'", pos - 1);
      }
    }
  }

  private List<Object> array() throws JsonException {
    enter();
    pos++;
    List<Object> l = new ArrayList<>();
    skipSpace();
    if (peek() == ']') {
      pos++;
      depth--;
      return l;
    }
    while (true) {
      skipSpace();
      l.add(value());
      skipSpace();
      char c = next();
      if (c == ']') {
        depth--;
        return l;
      }
      if (c != ',') {
        throw new JsonException("expected ',' or ']'", pos - 1);
      }
    }
  }

  private String string() throws JsonException {
    pos++;
    StringBuilder b = new StringBuilder();
    while (true) {
      char c = next();
      if (c == '"') {
        return b.toString();
      }
      if (c < 0x20) {
        throw new JsonException("control character in string", pos - 1);
      }
      if (c != '\\') {
        b.append(c);
        continue;
      }
      char e = next();
      switch (e) {
        case '"', '\\', '/' -> b.append(e);
        case 'b' -> b.append('\b');
        case 'f' -> b.append('\f');
        case 'n' -> b.append('\n');
        case 'r' -> b.append('\r');
        case 't' -> b.append('\t');
        case 'u' -> {
          if (pos + 4 > s.length()) {
            throw new JsonException("bad \\u escape", pos);
          }
          try {
            b.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
          } catch (NumberFormatException ex) {
            throw new JsonException("bad \\u escape", pos);
          }
          pos += 4;
        }
        default -> throw new JsonException("bad escape", pos - 1);
      }
    }
  }

  private Object number() throws JsonException {
    int start = pos;
    if (peek() == '-') {
      pos++;
    }
    if (peek() == '0') {
      pos++;
    } else if (isDigit(peek())) {
      while (isDigit(peek())) {
        pos++;
      }
    } else {
      throw new JsonException("unexpected character", pos);
    }
    boolean integral = true;
    if (peek() == '.') {
      integral = false;
      pos++;
      digits();
    }
    if (peek() == 'e' || peek() == 'E') {
      integral = false;
      pos++;
      if (peek() == '+' || peek() == '-') {
        pos++;
      }
      digits();
    }
    String t = s.substring(start, pos);
    if (integral) {
      try {
        return Long.parseLong(t);
      } catch (NumberFormatException tooBig) {
        // fall through to a double
      }
    }
    return Double.parseDouble(t);
  }

  private void digits() throws JsonException {
    if (!isDigit(peek())) {
      throw new JsonException("expected a digit", pos);
    }
    while (isDigit(peek())) {
      pos++;
    }
  }

  private Object literal(String word, Object v) throws JsonException {
    if (!s.startsWith(word, pos)) {
      throw new JsonException("unexpected character", pos);
    }
    pos += word.length();
    return v;
  }

  private void enter() throws JsonException {
    if (++depth > MAX_DEPTH) {
      throw new JsonException("nested too deeply", pos);
    }
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private char peek() {
    return pos < s.length() ? s.charAt(pos) : '\0';
  }

  private char next() throws JsonException {
    if (pos >= s.length()) {
      throw new JsonException("unexpected end", pos);
    }
    return s.charAt(pos++);
  }

  private void expect(char c) throws JsonException {
    if (next() != c) {
      throw new JsonException("expected '" + c + "'", pos - 1);
    }
  }

  private void skipSpace() {
    while (pos < s.length()) {
      char c = s.charAt(pos);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      pos++;
    }
  }
}
