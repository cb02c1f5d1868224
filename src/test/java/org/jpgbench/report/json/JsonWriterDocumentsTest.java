package org.jpgbench.report.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.jpgbench.report.PercentileLines;
import org.junit.jupiter.api.Test;

/** The small JSON writer and reader: what one writes the other reads back, strictness. */
class JsonWriterDocumentsTest {
  @Test
  void whatIsWrittenReadsBack() throws Exception {
    StringBuilder b = new StringBuilder();
    JsonWriter w = new JsonWriter(b);
    w.beginObject()
        .field("text", "a \"quoted\" \\ line\nwith\ttab and \u0001 and é")
        .field("int", -42L)
        .field("big", Long.MAX_VALUE)
        .field("double", 0.1)
        .field("tiny", 1.0e-7)
        .field("nan", Double.NaN)
        .field("yes", true);
    w.name("none").nullValue();
    w.name("list").beginInlineArray().value(1L).value(2.5).value("x").endArray();
    w.name("empty").beginObject().endObject();
    w.name("rows").beginArray().beginInlineObject().field("a", 1L).endObject().endArray();
    w.endObject();
    w.finish();
    Map<?, ?> m = (Map<?, ?>) JsonDocuments.parse(b.toString());
    assertEquals("a \"quoted\" \\ line\nwith\ttab and \u0001 and é", m.get("text"));
    assertEquals(-42, m.get("int")); // small integers come back as Integer

    assertEquals(Long.MAX_VALUE, m.get("big"));
    assertEquals(0.1, m.get("double"));
    assertEquals(1.0e-7, m.get("tiny"));
    assertEquals(null, m.get("nan"));
    assertEquals(true, m.get("yes"));
    assertEquals(List.of(1, 2.5, "x"), m.get("list"));
    assertEquals(Map.of(), m.get("empty"));
    assertEquals(List.of(Map.of("a", 1)), m.get("rows"));
    // inline containers stay on one line
    assertEquals(true, b.toString().contains("\"list\": [1, 2.5, \"x\"]"));
    assertEquals(true, b.toString().contains("{\"a\": 1}"));
  }

  /**
   * The layout the reports have always had, byte for byte (written by the hand-made writer that
   * jackson-core's generator replaced).
   */
  @Test
  void layoutIsTheReportsOwn() throws Exception {
    StringBuilder b = new StringBuilder();
    JsonWriter w = new JsonWriter(b);
    w.beginObject()
        .field("text", "a \"quoted\" \\ line\nwith\ttab, \b\f\r and \u0001 \u001f and é / \u2028")
        .field("int", -42L)
        .field("big", Long.MAX_VALUE)
        .field("double", 0.1)
        .field("tiny", 1.0e-7)
        .field("whole", 3.0)
        .field("huge", 1e17)
        .field("neg", -2.5e-3)
        .field("nan", Double.NaN)
        .field("inf", Double.NEGATIVE_INFINITY)
        .field("yes", true)
        .field("no", false);
    w.name("none").nullValue();
    w.name("nulltext").value((String) null);
    w.name("list").beginInlineArray().value(1L).value(2.5).value("x");
    w.beginArray().value(1L).endArray().endArray();
    w.name("empty").beginObject().endObject();
    w.name("emptylist").beginArray().endArray();
    w.name("rows").beginArray().beginInlineObject().field("a", 1L);
    w.name("b").beginObject().field("c", "d").endObject().endObject();
    w.beginInlineObject().endObject().endArray();
    w.name("nested").beginObject().name("deeper").beginArray().value("v");
    w.beginObject().field("k", 1.5).endObject().endArray().endObject();
    w.endObject();
    w.finish();
    assertEquals(
        """
        {
          "text": "a \\"quoted\\" \\\\ line\\nwith\\ttab, \\b\\f\\r and \\u0001 \\u001f and é /  ",
          "int": -42,
          "big": 9223372036854775807,
          "double": 0.1,
          "tiny": 1.0E-7,
          "whole": 3,
          "huge": 1.0E17,
          "neg": -0.0025,
          "nan": null,
          "inf": null,
          "yes": true,
          "no": false,
          "none": null,
          "nulltext": null,
          "list": [1, 2.5, "x", [1]],
          "empty": {},
          "emptylist": [],
          "rows": [
            {"a": 1, "b": {"c": "d"}},
            {}
          ],
          "nested": {
            "deeper": [
              "v",
              {
                "k": 1.5
              }
            ]
          }
        }
        """,
        b.toString());
  }

  @Test
  void unpairedContainersAreRefused() throws Exception {
    JsonWriter w = new JsonWriter(new StringBuilder());
    w.beginObject();
    assertThrows(Exception.class, w::endArray);
  }

  @Test
  void malformedDocumentsAreRejected() {
    for (String bad :
        new String[] {
          "",
          "{",
          "{\"a\" 1}",
          "[1,]",
          "[01]",
          "{\"a\":1}x",
          "\"\\x\"",
          "[1.]",
          "tru",
          "{\"a\":\"\n\"}"
        }) {
      assertThrows(JsonDocuments.NotJson.class, () -> JsonDocuments.parse(bad), bad);
    }
  }

  @Test
  void percentileLabels() {
    assertEquals("p50", PercentileLines.label(50.0));
    assertEquals("p99.9", PercentileLines.label(99.9));
    assertEquals("p99.99", PercentileLines.label(99.99));
    assertEquals("max", PercentileLines.label(100.0));
    assertEquals(List.of(50.0, 100.0), PercentileLines.withMax(List.of(50.0, 100.0)));
  }
}
