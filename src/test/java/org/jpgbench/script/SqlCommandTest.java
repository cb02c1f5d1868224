package org.jpgbench.script;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.expr.Variables;
import org.junit.jupiter.api.Test;

/**
 * How a script splits into SQL commands and what is sent. Expected texts are what native pgbench 15
 * sent for the same script ({@code pgbench -d -n -t 1 -Dfive=5 -f script.sql}, "sending ..." lines;
 * with -M extended for the parameterized forms; -r for the display texts).
 */
class SqlCommandTest {
  private static List<Command> parse(String text) throws ScriptException {
    return ScriptParser.parse("script.sql", text, 1, new SymbolTable()).commands();
  }

  private static SqlCommand sql(Command c) {
    return (SqlCommand) c;
  }

  @Test
  void splitsLikePsql() throws ScriptException {
    List<Command> c =
        parse(
            """
          -- comment
          /* c1 /* nested */ still */ SELECT 1; SELECT 2 -- tail ; x
        ; SELECT $$a;b$$, $q$ ; $q$, E'it\\'s;', 'a'';b', "x;y" FROM (select 1 as "x;y") s (  "x;y") ;
        SELECT 1 \\; SELECT 2 \\; ;
        select 3 as three \\gset
        select (1;
        2);
        select 1 as a$b$ ;
        select 1 \\:five;
        select 1; \\set x 1
        select 2 \\set y 2
        """);
    assertEquals("/* c1 /* nested */ still */ SELECT 1;", sql(c.get(0)).sql);
    assertEquals("SELECT 2 -- tail ; x\n;", sql(c.get(1)).sql);
    assertEquals(
        "SELECT $$a;b$$, $q$ ; $q$, E'it\\'s;', 'a'';b', \"x;y\" FROM (select 1 as \"x;y\")"
            + " s (  \"x;y\") ;",
        sql(c.get(2)).sql);
    assertEquals("SELECT 1 ; SELECT 2 ; ;", sql(c.get(3)).sql);
    assertEquals(2, sql(c.get(3)).statementCount);
    assertEquals("select 3 as three ", sql(c.get(4)).sql);
    assertEquals(SqlCommand.ResultTarget.GSET, sql(c.get(4)).resultTarget);
    assertEquals("", sql(c.get(4)).resultPrefix);
    assertEquals("select (1;\n2);", sql(c.get(5)).sql);
    assertEquals("select 1 as a$b$ ;", sql(c.get(6)).sql);
    assertEquals("select 1 :five;", sql(c.get(7)).sql);
    assertEquals("select 1;", sql(c.get(8)).sql);
    assertEquals(MetaCommand.Kind.SET, ((MetaCommand) c.get(9)).kind);
    assertEquals("select 2 ", sql(c.get(10)).sql);
    assertEquals(12, c.size());
    assertEquals(1, sql(c.get(0)).statementCount);
    // line numbers of the first character of each command
    assertEquals(2, c.get(0).line);
    assertEquals(2, c.get(1).line);
    assertEquals(3, c.get(2).line);
    assertEquals(10, c.get(8).line);
    assertEquals(10, c.get(9).line);
  }

  @Test
  void displayTextIsTheFirstLine() throws ScriptException {
    List<Command> c =
        parse(
            "select 2 \\set y 2\n\\shell echo R= :y\nselect 1 -- \\set z 3\n;\n"
                + "SELECT 2 -- tail\n  AS two;\n");
    assertEquals("select 2 ", c.get(0).displayText);
    assertEquals("\\set y 2", c.get(1).displayText);
    assertEquals("\\shell echo R= :y", c.get(2).displayText);
    assertEquals("select 1 -- \\set z 3", c.get(3).displayText);
    assertEquals("SELECT 2 -- tail", c.get(4).displayText);
    String longSql = "SELECT '" + "x".repeat(200) + "';";
    assertEquals(longSql.substring(0, 127), parse(longSql).get(0).displayText);
  }

  @Test
  void variablesBecomeParameters() throws ScriptException {
    SqlCommand s =
        sql(parse("select :five::int, ':five', :five:x, :'five', 1::int, :_é1;\n").get(0));
    assertEquals("select $1::int, '$2', $3$4, :'five', 1::int, $5;", s.parameterized);
    assertArrayEquals(
        new String[] {"select ", "::int, '", "', ", "", ", :'five', 1::int, ", ";"}, s.literals);
    assertEquals(5, s.slots.length);
    assertEquals("five", s.variableName(0));
    assertEquals("x", s.variableName(3));
    assertEquals("_é1", s.variableName(4));
  }

  @Test
  void simpleModeSubstitutesDefinedVariablesOnly() throws ScriptException {
    SymbolTable symbols = new SymbolTable();
    SqlCommand s =
        sql(
            ScriptParser.parse("x", "select :five::int, ':five', :five:x;", 1, symbols)
                .commands()
                .get(0));
    Variables vars = new Variables(symbols);
    vars.setString(symbols.slotOf("five"), "5");
    StringBuilder sb = new StringBuilder();
    s.appendSimpleQuery(sb, vars);
    assertEquals("select 5::int, '5', 5:x;", sb.toString()); // as native pgbench sent it
  }

  @Test
  void parameterLimitUnderExtendedProtocol() throws ScriptException {
    String many = "SELECT LEAST(" + ":i, ".repeat(255) + ":i);";
    Script s = ScriptParser.parse("x", many, 1, new SymbolTable());
    ScriptException e =
        assertThrows(ScriptException.class, () -> ScriptParser.checkParameterCounts(List.of(s)));
    // the conformance case meta.sql.prepared.toomanyargs expects this wording
    assertEquals("statement has too many arguments (maximum is 255): " + many, e.getMessage());
    ScriptParser.checkParameterCounts(
        List.of(
            ScriptParser.parse(
                "x", "SELECT LEAST(" + ":i, ".repeat(254) + ":i);", 1, new SymbolTable())));
  }

  @Test
  void gsetAndAsetPrefixes() throws ScriptException {
    List<Command> c = parse("SELECT 1 AS a \\; SELECT 2 AS b \\aset p_\nSELECT 3 AS c \\GSET q_\n");
    assertEquals(SqlCommand.ResultTarget.ASET, sql(c.get(0)).resultTarget);
    assertEquals("p_", sql(c.get(0)).resultPrefix);
    assertEquals(SqlCommand.ResultTarget.GSET, sql(c.get(1)).resultTarget);
    assertEquals("q_", sql(c.get(1)).resultPrefix);
    assertEquals(2, c.size());
  }

  @Test
  void createFunctionBodiesKeepTheirSemicolons() throws ScriptException {
    List<Command> c =
        parse(
            "CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC "
                + "SELECT 1; SELECT CASE WHEN true THEN 2 END; END;\nSELECT f();\n");
    assertEquals(2, c.size());
    assertEquals("SELECT f();", sql(c.get(1)).sql);
  }

  @Test
  void unterminatedTextIsOneCommand() throws ScriptException {
    List<Command> c = parse("SELECT 'abc;\n\\set x 1\n");
    assertEquals(1, c.size());
    assertEquals("SELECT 'abc;\n\\set x 1\n", sql(c.get(0)).sql);
    assertEquals("SELECT 1", sql(parse("  SELECT 1").get(0)).sql);
  }
}
