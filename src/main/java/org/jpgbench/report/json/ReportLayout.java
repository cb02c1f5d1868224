package org.jpgbench.report.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import java.io.IOException;
import java.util.Arrays;

/**
 * How the reports' JSON is laid out, as jackson-core's generator asks: each member on its own line,
 * indented by two spaces per level, {@code "name": value}; a container opened after {@link
 * #nextInline()} (and everything inside it) on one line, members separated by ", ". Empty
 * containers are {@code {}} and {@code []}. One instance per generator: it keeps the nesting.
 */
final class ReportLayout implements PrettyPrinter {
  /** Per open container, whether it is on one line; index 0 is the root. */
  private boolean[] inline = new boolean[16];

  private int depth;
  private boolean nextInline;

  /** The next container opened is written on one line. */
  void nextInline() {
    nextInline = true;
  }

  @Override
  public void writeRootValueSeparator(JsonGenerator g) throws IOException {
    g.writeRaw('\n');
  }

  @Override
  public void writeStartObject(JsonGenerator g) throws IOException {
    open();
    g.writeRaw('{');
  }

  @Override
  public void writeStartArray(JsonGenerator g) throws IOException {
    open();
    g.writeRaw('[');
  }

  @Override
  public void beforeObjectEntries(JsonGenerator g) throws IOException {
    firstMember(g);
  }

  @Override
  public void beforeArrayValues(JsonGenerator g) throws IOException {
    firstMember(g);
  }

  @Override
  public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
    nextMember(g);
  }

  @Override
  public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
    nextMember(g);
  }

  @Override
  public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
    g.writeRaw(": ");
  }

  @Override
  public void writeEndObject(JsonGenerator g, int members) throws IOException {
    close(g, members);
    g.writeRaw('}');
  }

  @Override
  public void writeEndArray(JsonGenerator g, int members) throws IOException {
    close(g, members);
    g.writeRaw(']');
  }

  private void open() {
    boolean one = nextInline || inline[depth];
    nextInline = false;
    depth++;
    if (depth == inline.length) {
      inline = Arrays.copyOf(inline, depth * 2);
    }
    inline[depth] = one;
  }

  private void firstMember(JsonGenerator g) throws IOException {
    if (!inline[depth]) {
      newline(g, depth);
    }
  }

  private void nextMember(JsonGenerator g) throws IOException {
    if (inline[depth]) {
      g.writeRaw(", ");
    } else {
      g.writeRaw(',');
      newline(g, depth);
    }
  }

  private void close(JsonGenerator g, int members) throws IOException {
    boolean one = inline[depth];
    depth--;
    if (members > 0 && !one) {
      newline(g, depth);
    }
  }

  private static void newline(JsonGenerator g, int level) throws IOException {
    g.writeRaw('\n');
    for (int i = 0; i < level; i++) {
      g.writeRaw("  ");
    }
  }
}
