package org.jpgbench.script;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.SymbolTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** \if chains: the branch taken (R values as native pgbench prints them) and the commands run. */
class ConditionalsTest {
  private static ScriptRunner run(String text, String... defines) throws Exception {
    SymbolTable symbols = new SymbolTable();
    Script s = ScriptParser.parse("script.sql", text, 1, symbols);
    ScriptRunner r = new ScriptRunner(symbols, 42);
    for (String d : defines) {
      int eq = d.indexOf('=');
      r.ctx.vars.setString(symbols.slotOf(d.substring(0, eq)), d.substring(eq + 1));
    }
    r.run(s);
    return r;
  }

  /** Expected values from the conformance cases meta.if.* (native pgbench 15). */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "'\\if 1 > 0\n\\set r 1\n\\elif 0\n\\set r 2\n\\else\n\\set r 3\n\\endif\n'|1",
        "'\\if 1 < 0\n\\set r 1\n\\elif 1 > 0\n\\set r 2\n\\else\n\\set r 3\n\\endif\n'|2",
        "'\\if 1 < 0\n\\set r 1\n\\elif 1 < 0\n\\set r 2\n\\else\n\\set r 3\n\\endif\n'|3",
        "'\\if 7\n\\set r 1\n\\else\n\\set r 2\n\\endif\n'|1",
        "'\\if 1.5\n\\set r 1\n\\else\n\\set r 2\n\\endif\n'|1",
        "'\\if NULL\n\\set r 1\n\\else\n\\set r 2\n\\endif\n'|2",
        "'\\set r 1\n\\if false\n\\set r 1 / 0\n\\endif\n'|1",
        "'\\set x 4\n\\if :x = 1\n\\set r 1\n\\elif :x = 2\n\\set r 2\n\\elif :x = 3\n\\set r 3\n"
            + "\\elif :x = 4\n\\set r 4\n\\else\n\\set r 5\n\\endif\n'|4",
        "'\\set r 0\n\\if 0\n\\if 1\n\\set r 1\n\\endif\n\\elif 1\n\\if 0\n\\set r 2\n\\else\n"
            + "\\set r 3\n\\endif\n\\endif\n'|3",
        "'\\if 1\n\\set r 1\n\\elif 1/0\n\\set r 2\n\\endif\n'|1",
        "'\\if 0\n\\set r 1\n\\elif 0\n\\set r 2\n\\endif\n\\set r :r\n'|ERR:undefined variable \"r\"",
      })
  void branchTaken(String text, String expected) throws Exception {
    try {
      assertEquals(expected, run(text).text("r"));
    } catch (EvalException e) {
      assertEquals(expected, "ERR:" + e.getMessage());
    }
  }

  @Test
  void executedCommandsMatchPgbench() throws Exception {
    // 0 \if 0, 1 \set, 2 \elif 1, 3 \set, 4 \elif 1, 5 \set, 6 \else, 7 \set, 8 \endif, 9 \set
    String text =
        "\\if 0\n\\set r 1\n\\elif 1\n\\set r 2\n\\elif 1\n\\set r 3\n\\else\n\\set r 4\n"
            + "\\endif\n\\set s 5\n";
    // pgbench evaluates the first \elif, runs its branch, executes the second \elif (which only
    // ends the branch), skips to after the \endif
    assertEquals(List.of(0, 2, 3, 4, 9), run(text).executed);
    // a true \if: its \else ends the branch
    assertEquals(
        List.of(0, 1, 2, 5),
        run("\\if 1\n\\set r 1\n\\else\n\\set r 2\n\\endif\n" + "\\set s 1\n").executed);
    // a false \if without \else continues after the \endif, skipping nested \if blocks
    assertEquals(
        List.of(0, 7),
        run("\\if 0\n\\if 1\n\\set r 1\n\\else\n\\set r 2\n\\endif\n" + "\\endif\n\\set s 1\n")
            .executed);
  }

  @Test
  void jumpTargetsAreFixedAtParseTime() throws Exception {
    Script s =
        ScriptParser.parse(
            "x", "\\if 0\nSELECT 1;\n\\elif 1\n\\else\n\\endif\n", 1, new SymbolTable());
    IfCommand ifc = (IfCommand) s.commands().get(0);
    IfCommand elif = (IfCommand) s.commands().get(2);
    BranchCommand els = (BranchCommand) s.commands().get(3);
    assertEquals(2, ifc.falseTarget());
    assertEquals(4, ifc.endif());
    assertEquals(4, elif.falseTarget());
    assertEquals(4, elif.endif());
    assertEquals(4, els.endif());
  }

  @Test
  void debugReportsTheCommandOfTheElif() throws Exception {
    ScriptRunner r = run("\\set a 0\n\\if debug(0)\n\\elif debug(1)\n\\endif\n");
    assertEquals(
        "debug(script=0,command=2): int 0\ndebug(script=0,command=3): int 1\n", r.ctx.stderr());
  }
}
