package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JdbcTextTest {
  @Test
  void variablesBecomeJdbcPlaceholders() {
    JdbcText t = JdbcText.of(new String[] {"UPDATE a SET b = b + ", " WHERE aid = ", ";"});
    assertEquals("UPDATE a SET b = b + ? WHERE aid = ?;", t.text());
    assertArrayEquals(new int[] {0, 1}, t.params());
  }

  @Test
  void literalQuestionMarksAreEscapedOutsideQuotesOnly() {
    JdbcText t = JdbcText.of(new String[] {"SELECT '{\"a\":1}'::jsonb ? 'a', '?', ", ""});
    assertEquals("SELECT '{\"a\":1}'::jsonb ?? 'a', '?', ?", t.text());
    assertArrayEquals(new int[] {0}, t.params());
  }

  @Test
  void referencesInsideQuotesOrCommentsAreNotParameters() {
    JdbcText t = JdbcText.of(new String[] {"SELECT '", "', $$ ? $$, ", " -- ", "\n /* ", " */"});
    assertEquals("SELECT '$1', $$ ? $$, ? -- $3\n /* $4 */", t.text());
    assertArrayEquals(new int[] {1}, t.params());
  }

  @Test
  void escapeStringsAndDoubledQuotes() {
    JdbcText t = JdbcText.of(new String[] {"SELECT E'it\\'s ?', 'a''b', \"col?\", ", ""});
    assertEquals("SELECT E'it\\'s ?', 'a''b', \"col?\", ?", t.text());
    assertArrayEquals(new int[] {0}, t.params());
  }
}
