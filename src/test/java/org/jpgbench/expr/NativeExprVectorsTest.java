package org.jpgbench.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every expression of native-expr-vectors.tsv (values and error messages taken from native pgbench,
 * see the file's header) evaluated by our parser and evaluators.
 */
class NativeExprVectorsTest {
  private static final Pattern PARSE_ERROR =
      Pattern.compile("script\\.sql:1: (.*?)(?: \\((.*)\\))? in command \"set\"");

  @TestFactory
  Stream<DynamicTest> nativeVectors() throws IOException {
    List<String[]> rows = new ArrayList<>();
    try (BufferedReader r =
        new BufferedReader(
            new InputStreamReader(
                NativeExprVectorsTest.class.getResourceAsStream("native-expr-vectors.tsv"),
                StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (!line.startsWith("##") && !line.isEmpty()) {
          rows.add(line.split("\t", 2));
        }
      }
    }
    assertTrue(rows.size() > 300);
    return rows.stream().map(row -> DynamicTest.dynamicTest(row[0], () -> check(row[0], row[1])));
  }

  private static void check(String expr, String expected) {
    TestContext ctx = TestContext.conformance();
    try {
      String got = ctx.eval(expr);
      assertEquals(expected, got, expr);
    } catch (ExprSyntaxException e) {
      Matcher m = PARSE_ERROR.matcher(expected.startsWith("ERR:") ? expected.substring(4) : "");
      if (!m.matches()) {
        fail("unexpected parse error " + e.getMessage() + " (" + e.more() + "), want " + expected);
      }
      assertEquals(m.group(1), e.getMessage(), expr);
      assertEquals(m.group(2), e.more(), expr);
    } catch (EvalException e) {
      assertEquals(expected, "ERR:" + e.getMessage(), expr);
    }
  }
}
