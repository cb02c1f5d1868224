package org.jpgbench.report.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Locale;

/**
 * The reports' JSON, streamed through jackson-core's generator: objects and arrays pretty-printed
 * with two-space indentation ({@link ReportLayout}), or on one line for containers opened "inline"
 * (the many interval entries). NaN and infinities, which JSON cannot hold, are written as null;
 * whole doubles below 10^15 as integers. The generator checks that begin and end pair up. The
 * document is built in memory and appended to the destination by {@link #finish()}.
 */
final class JsonWriter {
  private static final JsonFactory FACTORY =
      new JsonFactoryBuilder().characterEscapes(new LowercaseEscapes()).build();

  private final Appendable out;
  private final StringWriter text = new StringWriter();
  private final ReportLayout layout = new ReportLayout();
  private final JsonGenerator g;

  JsonWriter(Appendable out) throws IOException {
    this.out = out;
    this.g = FACTORY.createGenerator(text);
    g.setPrettyPrinter(layout);
  }

  JsonWriter beginObject() throws IOException {
    g.writeStartObject();
    return this;
  }

  /** An object written on a single line. */
  JsonWriter beginInlineObject() throws IOException {
    layout.nextInline();
    g.writeStartObject();
    return this;
  }

  JsonWriter endObject() throws IOException {
    g.writeEndObject();
    return this;
  }

  JsonWriter beginArray() throws IOException {
    g.writeStartArray();
    return this;
  }

  JsonWriter beginInlineArray() throws IOException {
    layout.nextInline();
    g.writeStartArray();
    return this;
  }

  JsonWriter endArray() throws IOException {
    g.writeEndArray();
    return this;
  }

  JsonWriter name(String name) throws IOException {
    g.writeFieldName(name);
    return this;
  }

  JsonWriter value(String v) throws IOException {
    g.writeString(v); // null is written as null
    return this;
  }

  JsonWriter value(long v) throws IOException {
    g.writeNumber(v);
    return this;
  }

  JsonWriter value(double v) throws IOException {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      g.writeNull();
    } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      g.writeNumber((long) v);
    } else {
      g.writeNumber(v);
    }
    return this;
  }

  JsonWriter value(boolean v) throws IOException {
    g.writeBoolean(v);
    return this;
  }

  JsonWriter nullValue() throws IOException {
    g.writeNull();
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

  /** Ends the document with a newline and appends it to the destination. */
  void finish() throws IOException {
    g.close();
    text.write('\n');
    out.append(text.getBuffer());
  }

  /**
   * Control characters without a short escape as {@code \}{@code u001f}, in lowercase hex as the
   * reports have always written them (jackson-core's default is uppercase).
   */
  private static final class LowercaseEscapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private final int[] codes = standardAsciiEscapesForJSON();

    LowercaseEscapes() {
      for (int c = 0; c < 0x20; c++) {
        if (codes[c] == ESCAPE_STANDARD) {
          codes[c] = ESCAPE_CUSTOM;
        }
      }
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return codes;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      // asked for every character above ASCII too: those are written as they are
      return ch < 0x20 ? new SerializedString(String.format(Locale.ROOT, "\\u%04x", ch)) : null;
    }
  }
}
