package org.jpgbench.report.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;

/**
 * JSON documents read back (reports to merge or compare) through jackson-jr, strictly: one value
 * and nothing after it. Objects become {@code Map<String, Object>} in document order, arrays {@code
 * List<Object>}, integers {@code Integer}, {@code Long} or {@code BigInteger} by size, other
 * numbers {@code Double}; nesting deeper than Jackson's limit (1,000) is an error, not a stack
 * overflow.
 */
public final class JsonDocuments {
  private static final JsonFactory FACTORY = new JsonFactory();

  private JsonDocuments() {}

  /** Not a JSON document; the message says where (its first line only, no source excerpt). */
  public static final class NotJson extends Exception {
    private static final long serialVersionUID = 1L;

    NotJson(String message) {
      super(message);
    }
  }

  /** Parses a whole document. */
  public static Object parse(String text) throws NotJson {
    try (JsonParser p = FACTORY.createParser(text)) {
      if (p.nextToken() == null) {
        throw new NotJson("no JSON value");
      }
      Object value = JSON.std.anyFrom(p);
      if (p.nextToken() != null) {
        throw new NotJson(
            "trailing characters at line "
                + p.currentLocation().getLineNr()
                + ", column "
                + p.currentLocation().getColumnNr());
      }
      return value;
    } catch (IOException e) {
      String m = String.valueOf(e.getMessage());
      int cut = m.indexOf("\n at [Source");
      throw new NotJson((cut >= 0 ? m.substring(0, cut) : m).lines().findFirst().orElse(m));
    }
  }
}
