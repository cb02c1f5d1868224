package org.jpgbench.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.expr.Variables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * \set, \shell, \setshell and \sleep at run time. Expected values and messages are native pgbench
 * 15's for the same scripts ({@code pgbench -n -t 1 -Dfoo=bla -f script.sql}).
 */
class MetaCommandsTest {
  private static ScriptRunner runner(SymbolTable symbols) {
    ScriptRunner r = new ScriptRunner(symbols, 42);
    r.ctx.vars.setString(symbols.slotOf("foo"), "bla");
    return r;
  }

  private static ScriptRunner run(String text) throws Exception {
    SymbolTable symbols = new SymbolTable();
    Script s = ScriptParser.parse("script.sql", text, 1, symbols);
    ScriptRunner r = runner(symbols);
    r.run(s);
    return r;
  }

  private static EvalException fails(String text) throws Exception {
    SymbolTable symbols = new SymbolTable();
    Script s = ScriptParser.parse("script.sql", text, 1, symbols);
    ScriptRunner r = runner(symbols);
    return assertThrows(EvalException.class, () -> r.run(s));
  }

  @Test
  void shellJoinsWordsAndSubstitutesVariables() throws Exception {
    ScriptRunner r = run("\\set x 7\n\\shell echo R= 'a  b' \"c  d\" ::x :::y a:b :x\n");
    assertEquals("R= a b c d :x ::y a:b 7\n", r.shellOut.toString(StandardCharsets.UTF_8));
  }

  @Test
  void setshellStoresAnInt() throws Exception {
    assertEquals("42", run("\\setshell r echo 42\n").text("r"));
    assertEquals("14", run("\\set x 7\n\\setshell r echo :x\n\\set r :r * 2\n").text("r"));
    assertEquals(
        "1", run("\\set one 1.0\n\\setshell another\\\n  echo \\\n    :one\n").text("another"));
    assertEquals("705032704", run("\\setshell r echo 5000000000\n").text("r")); // (int) strtol
    assertEquals("-12", run("\\setshell r echo \"  -12  \"\n").text("r"));
    assertEquals("0", run("\\setshell r echo '  '\n").text("r"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "\\shell echo R= :nosuch|echo: undefined variable \":nosuch\"|shell",
        "\\shell echo R= :five:|echo: undefined variable \":five:\"|shell",
        "\\shell no-such-command-xyz 2>/dev/null|no-such-command-xyz: could not launch shell command|shell",
        "\\shell false|false: could not launch shell command|shell",
        "\\setshell r printf ''|printf: could not read result of shell command|setshell",
        "\\setshell var no-such-command-xyz 2>/dev/null"
            + "|no-such-command-xyz: could not read result of shell command|setshell",
        "\\setshell i echo -n one|echo: shell command must return an integer (not \"one\")|setshell",
        "\\setshell 1x echo 4|setshell: invalid variable name: \"1x\"|setshell",
        "\\sleep :nosuch|sleep: undefined variable \"nosuch\"|sleep",
        "\\sleep :foo|sleep: invalid sleep time \"bla\" for variable \"foo\"|sleep",
      })
  void executionFailures(String script, String message, String command) throws Exception {
    EvalException e = fails(script + "\n");
    assertEquals(message, e.getMessage());
    assertEquals(command, e.command());
    assertEquals(EvalException.EXECUTION_FAILED, e.failure());
  }

  @Test
  void setshellQuotesTheWholeLine() throws Exception {
    EvalException e = fails("\\setshell i echo 4 2\n");
    assertEquals("echo: shell command must return an integer (not \"4 2\n\")", e.getMessage());
  }

  @Test
  void shellCommandLengthLimit() throws Exception {
    String ok = "\\shell true " + "x".repeat(254 - 5) + "\n"; // "true " + 249 = 254 bytes
    run(ok);
    EvalException e = fails("\\shell true " + "x".repeat(250) + "\n");
    assertEquals("true: shell command is too long", e.getMessage());
  }

  @Test
  void setFailures() throws Exception {
    EvalException e = fails("\\set 1x 5\n");
    assertEquals("set: invalid variable name: \"1x\"", e.getMessage());
    assertEquals("set", e.command());
    assertEquals(EvalException.ASSIGNMENT_FAILED, e.failure());
    e = fails("\\SET r 1/0\n");
    assertEquals("division by zero", e.getMessage());
    assertEquals("SET", e.command()); // pgbench prints argv[0] as written
    assertEquals(EvalException.EVALUATION_FAILED, e.failure());
    e = fails("\\if :foo\n\\endif\n");
    assertEquals("malformed variable \"foo\" value: \"bla\"", e.getMessage());
    assertEquals("if", e.command());
    e = fails("\\set r :e\n".replace(":e", ":empty"));
    assertEquals("undefined variable \"empty\"", e.getMessage());
  }

  @Test
  void emptyStringVariableFailsSilently() throws Exception {
    SymbolTable symbols = new SymbolTable();
    Script s = ScriptParser.parse("script.sql", "\\set r :e + 1\n", 1, symbols);
    ScriptRunner r = runner(symbols);
    r.ctx.vars.setString(symbols.slotOf("e"), "");
    EvalException e = assertThrows(EvalException.class, () -> r.run(s));
    assertNull(e.getMessage());
    assertEquals(EvalException.EVALUATION_FAILED, e.failure());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "\\sleep 2|2000000",
        "\\sleep 10 ms|10000",
        "\\sleep 10ms|10000",
        "\\sleep 7 US|7",
        "\\sleep +3s|3000000",
        "\\sleep -5|-5000000",
        "\\sleep 0 s|0",
        "\\sleep 3000 s|-1294967296",
      })
  void sleepDurations(String script, long micros) throws Exception {
    ScriptRunner r = run(script + "\n");
    assertEquals(micros, r.sleeps.get(0));
  }

  @Test
  void sleepReadsVariablesWithAtoi() throws Exception {
    assertEquals(10_000, run("\\set n 10\n\\sleep :n ms\n").sleeps.get(0));
    assertEquals(2_000_000, run("\\set n 2.5\n\\sleep :n\n").sleeps.get(0));
    assertEquals(0, run("\\set n 0\n\\sleep :n\n").sleeps.get(0));
    SymbolTable symbols = new SymbolTable();
    SleepCommand sleep =
        (SleepCommand) ScriptParser.parse("x", "\\sleep :v us\n", 1, symbols).commands().get(0);
    Variables vars = new Variables(symbols);
    int v = symbols.slotOf("v");
    vars.setString(v, " 5");
    assertEquals(5, sleep.micros(vars));
    vars.setString(v, "0x10");
    assertEquals(0, sleep.micros(vars));
    vars.setInt(v, 4294967296L + 7); // atoi() of "4294967303"
    assertEquals(7, sleep.micros(vars));
    vars.setInt(v, -4294967296L); // atoi() gives 0 and the text starts with '-'
    assertEquals(
        "sleep: invalid sleep time \"-4294967296\" for variable \"v\"",
        assertThrows(EvalException.class, () -> sleep.micros(vars)).getMessage());
    vars.setString(v, " 0");
    assertEquals(
        "sleep: invalid sleep time \" 0\" for variable \"v\"",
        assertThrows(EvalException.class, () -> sleep.micros(vars)).getMessage());
  }
}
