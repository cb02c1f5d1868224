package org.jpgbench.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jpgbench.expr.SymbolTable;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every parse error of native-script-errors.txt (taken from native pgbench, see its header): same
 * message, same line, same caret column.
 */
class NativeScriptErrorsTest {
  @TestFactory
  Stream<DynamicTest> nativeErrors() throws IOException {
    List<String[]> cases = new ArrayList<>();
    String all;
    try (var in = NativeScriptErrorsTest.class.getResourceAsStream("native-script-errors.txt")) {
      all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String script = null;
    StringBuilder expected = new StringBuilder();
    for (String line : all.split("\n", -1)) { // not readLine(): messages may hold a '\r'
      if (line.startsWith("##") && !line.startsWith("### ")) {
        continue;
      }
      if (line.startsWith("### ")) {
        if (script != null) {
          cases.add(new String[] {script, expected.toString().stripTrailing()});
        }
        script = unescape(line.substring(4));
        expected.setLength(0);
      } else {
        if (expected.length() > 0) {
          expected.append('\n');
        }
        expected.append(line);
      }
    }
    cases.add(new String[] {script, expected.toString().stripTrailing()});
    assertTrue(cases.size() > 80);
    return cases.stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    "[" + c[0].replace("\n", "\\n") + "]",
                    () -> {
                      ScriptException e =
                          assertThrows(
                              ScriptException.class,
                              () -> ScriptParser.parse("script.sql", c[0], 1, new SymbolTable()));
                      assertEquals(c[1], e.getMessage());
                    }));
  }

  static String unescape(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      char d = s.charAt(++i);
      switch (d) {
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'u' -> {
          sb.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
          i += 4;
        }
        default -> sb.append(d);
      }
    }
    return sb.toString();
  }
}
