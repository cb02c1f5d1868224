package org.jpgbench.init;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class InitProgressTest {
  @Test
  void oneLinePer100000RowsNamingTheTable() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    InitProgress p = new InitProgress(err, "pgbench_accounts", 300000, false, false);
    p.advance(99999);
    p.advance(150001); // crosses 100000 and 200000
    p.advance(50000);
    p.finish();
    String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
    assertEquals(3, lines.length);
    assertTrue(
        lines[0].matches(
            "100000 of 300000 tuples \\(33%\\) of pgbench_accounts done "
                + "\\(elapsed \\d+\\.\\d\\d s, remaining \\d+\\.\\d\\d s\\)"),
        lines[0]);
    assertTrue(
        lines[1].startsWith("200000 of 300000 tuples (66%) of pgbench_accounts done"), lines[1]);
    assertTrue(
        lines[2].startsWith("300000 of 300000 tuples (100%) of pgbench_accounts done"), lines[2]);
  }

  @Test
  void quietPrintsTheEndLine() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    InitProgress p = new InitProgress(err, "pgbench_accounts", 300000, true, false);
    p.advance(300000);
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(out.startsWith("300000 of 300000 tuples (100%) of pgbench_accounts done"), out);
    assertEquals(1, out.split("\n").length);
  }

  @Test
  void terminalRewritesTheLine() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    InitProgress p = new InitProgress(err, "pgbench_accounts", 200000, false, true);
    p.advance(200000);
    p.finish();
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(-1, out.indexOf('\n'));
    assertTrue(out.endsWith(" \r"), out);
  }
}
