package org.jpgbench.init;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class InitHooksTest {
  @Test
  void findsBlockCommentHooksWithNesting() throws Exception {
    String script =
        "\\set aid random(1, 100000 * :scale)\n"
            + "/*@init after=t\n"
            + "create table extra(id int); /* a nested comment */\n"
            + "insert into extra select generate_series(1, :scale);\n"
            + "*/\n"
            + "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"
            + "/*@init before=p\nanalyze;\n*/\n";
    List<InitHooks.Hook> hooks = InitHooks.parse("s.sql", script);
    assertEquals(2, hooks.size());
    assertEquals(
        new InitHooks.Hook(
            "s.sql:2",
            false,
            't',
            "create table extra(id int); /* a nested comment */\ninsert into extra select generate_series(1, :scale);"),
        hooks.get(0));
    assertEquals(new InitHooks.Hook("s.sql:7", true, 'p', "analyze;"), hooks.get(1));
    assertEquals(
        "create table extra(id int); /* a nested comment */\ninsert into extra select generate_series(1, 7);",
        InitHooks.sqlFor(hooks.get(0), 7));
    assertEquals(
        "select 1::int, :scales",
        InitHooks.sqlFor(new InitHooks.Hook("x", true, 'd', "select 1::int, :scales"), 7));
  }

  @Test
  void lineCommentHooksEndAtTheFirstOtherLine() throws Exception {
    String script =
        "--@init after=t\n"
            + "-- create table extra(id int);\n"
            + "  --insert into extra values (:scale);\n"
            + "\\set aid random(1, 100000 * :scale)\n"
            + "-- an ordinary comment\n"
            + "/*@init before=v\nanalyze extra;\n*/\n"
            + "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"
            + "--@init before=p\n"
            + "--   analyze;\n"
            + "--@init after=p\n"
            + "-- select 1;";
    List<InitHooks.Hook> hooks = InitHooks.parse("s.sql", script);
    assertEquals(
        List.of(
            new InitHooks.Hook(
                "s.sql:1",
                false,
                't',
                "create table extra(id int);\ninsert into extra values (:scale);"),
            new InitHooks.Hook("s.sql:6", true, 'v', "analyze extra;"),
            new InitHooks.Hook("s.sql:10", true, 'p', "analyze;"),
            new InitHooks.Hook("s.sql:12", false, 'p', "select 1;")),
        hooks);
    InitError e =
        assertThrows(
            InitError.class, () -> InitHooks.parse("s.sql", "--@init after=g\nselect 1;\n"));
    assertEquals(
        "jpgbench: error: invalid init hook at s.sql:1: no SQL in the hook", e.lines.get(0));
  }

  @Test
  void ordinaryCommentsAreNotHooks() throws Exception {
    assertEquals(
        List.of(),
        InitHooks.parse("s.sql", "/* init after=t */ select 1;\n-- @init after=t\n-- x\n"));
  }

  @Test
  void reportsBadHooks() {
    InitError e =
        assertThrows(
            InitError.class, () -> InitHooks.parse("s.sql", "\n/*@init after t\nselect 1; */"));
    assertEquals(
        "jpgbench: error: invalid init hook at s.sql:2: expected \"before=STEP\" or \"after=STEP\""
            + " after @init, found \"after t\"",
        e.lines.get(0));
    e =
        assertThrows(
            InitError.class, () -> InitHooks.parse("s.sql", "/*@init after=x\nselect 1; */"));
    assertEquals(
        "jpgbench: error: invalid init hook at s.sql:1: \"x\" is not a step letter (dtgGvpfcU)",
        e.lines.get(0));
    e =
        assertThrows(
            InitError.class, () -> InitHooks.parse("s.sql", "/*@init after=t\nselect 1; /* */"));
    assertEquals(
        "jpgbench: error: invalid init hook at s.sql:1: unterminated /*@init comment",
        e.lines.get(0));
  }

  @Test
  void doneLineSumsStepsAndMergesAdjacentHooks() {
    InitTimings t = new InitTimings();
    t.add(InitStep.DROP, 0.004);
    t.addHooks(0.5);
    t.addHooks(0.25);
    t.add(InitStep.CLIENT_TEXT, 1.0);
    assertEquals(
        "done in 1.75 s (drop tables 0.00 s, init hooks 0.75 s, client-side generate 1.00 s).",
        t.doneLine());
  }
}
