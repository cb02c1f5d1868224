package org.jpgbench.report;

import java.io.IOException;

/**
 * A small streaming JSON writer: objects and arrays, pretty-printed with two-space indentation, or
 * on one line for containers opened "inline" (the many interval entries). Strings are escaped per
 * RFC 8259; NaN and infinities, which JSON cannot hold, are written as null. The caller pairs
 * begin/end.
 */
final class JsonWriter {
  private final Appendable out;

  /** Per open container: whether it is inline, and whether it has a member yet. */
  private final boolean[] inline = new boolean[64];

  private final boolean[] hasMember = new boolean[64];
  private int depth;
  private boolean afterName;

  JsonWriter(Appendable out) {
    this.out = out;
  }

  JsonWriter beginObject() throws IOException {
    return open('{', false);
  }

  /** An object written on a single line. */
  JsonWriter beginInlineObject() throws IOException {
    return open('{', true);
  }

  JsonWriter endObject() throws IOException {
    return close('}');
  }

  JsonWriter beginArray() throws IOException {
    return open('[', false);
  }

  JsonWriter beginInlineArray() throws IOException {
    return open('[', true);
  }

  JsonWriter endArray() throws IOException {
    return close(']');
  }

  JsonWriter name(String name) throws IOException {
    separate();
    string(name);
    out.append(": ");
    afterName = true;
    return this;
  }

  JsonWriter value(String v) throws IOException {
    separate();
    if (v == null) {
      out.append("null");
    } else {
      string(v);
    }
    return this;
  }

  JsonWriter value(long v) throws IOException {
    separate();
    out.append(Long.toString(v));
    return this;
  }

  JsonWriter value(double v) throws IOException {
    separate();
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      out.append("null");
    } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      out.append(Long.toString((long) v));
    } else {
      out.append(Double.toString(v));
    }
    return this;
  }

  JsonWriter value(boolean v) throws IOException {
    separate();
    out.append(v ? "true" : "false");
    return this;
  }

  JsonWriter nullValue() throws IOException {
    separate();
    out.append("null");
    return this;
  }

  JsonWriter field(String name, String v) throws IOException {
    return name(name).value(v);
  }

  JsonWriter field(String name, long v) throws IOException {
    return name(name).value(v);
  }

  JsonWriter field(String name, double v) throws IOException {
    return name(name).value(v);
  }

  JsonWriter field(String name, boolean v) throws IOException {
    return name(name).value(v);
  }

  /** Ends the document with a newline. */
  void finish() throws IOException {
    out.append('\n');
  }

  private JsonWriter open(char c, boolean oneLine) throws IOException {
    separate();
    out.append(c);
    depth++;
    inline[depth] = oneLine || (depth > 1 && inline[depth - 1]);
    hasMember[depth] = false;
    return this;
  }

  private JsonWriter close(char c) throws IOException {
    boolean had = hasMember[depth];
    boolean oneLine = inline[depth];
    depth--;
    if (had && !oneLine) {
      newline();
    }
    out.append(c);
    return this;
  }

  /** Before a value or a name: the comma and line break the position needs. */
  private void separate() throws IOException {
    if (afterName) {
      afterName = false;
      return;
    }
    if (depth == 0) {
      return;
    }
    if (hasMember[depth]) {
      out.append(',');
      if (inline[depth]) {
        out.append(' ');
      }
    }
    hasMember[depth] = true;
    if (!inline[depth]) {
      newline();
    }
  }

  private void newline() throws IOException {
    out.append('\n');
    for (int i = 0; i < depth; i++) {
      out.append("  ");
    }
  }

  private void string(String s) throws IOException {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
