package org.jpgbench.init;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ServerErrorTextTest {
  private static String position(String q, int pos) {
    StringBuilder b = new StringBuilder();
    ServerErrorText.appendPosition(b, q, pos);
    return b.toString();
  }

  @Test
  void caretUnderThePositionAsPsql() {
    // psql: selec 1;  ->  LINE 1: selec 1;\n        ^
    assertEquals("LINE 1: selec 1\n        ^\n", position("selec 1", 1));
    // psql, for "select 1\nfrom nowhere x": relation "nowhere" does not exist (position 15)
    assertEquals(
        "LINE 2: from nowhere x\n             ^\n", position("select 1\nfrom nowhere x", 15));
  }

  @Test
  void longLinesAreCut() {
    String q = "select " + "a, ".repeat(40) + "zz";
    String s = position(q, q.length() - 1);
    assertEquals(
        "LINE 1: ..." + q.substring(q.length() - 60) + "\n", s.substring(0, s.indexOf('\n') + 1));
  }
}
