package org.jpgbench.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpgbench.expr.SymbolTable;
import org.junit.jupiter.api.Test;

/** Builtin scripts: texts, listing and prefix lookup as native pgbench 15 prints them. */
class BuiltinScriptsTest {
  /** {@code pgbench --show-script=tpcb-like} (stderr). */
  private static final String SHOW_TPCB =
      "-- tpcb-like: <builtin: TPC-B (sort of)>\n"
          + "\\set aid random(1, 100000 * :scale)\n\\set bid random(1, 1 * :scale)\n"
          + "\\set tid random(1, 10 * :scale)\n\\set delta random(-5000, 5000)\nBEGIN;\n"
          + "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\n"
          + "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"
          + "UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;\n"
          + "UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;\n"
          + "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, "
          + ":delta, CURRENT_TIMESTAMP);\nEND;\n\n";

  /** {@code pgbench --show-script=simple-update}. */
  private static final String SHOW_SIMPLE =
      "-- simple-update: <builtin: simple update>\n"
          + "\\set aid random(1, 100000 * :scale)\n\\set bid random(1, 1 * :scale)\n"
          + "\\set tid random(1, 10 * :scale)\n\\set delta random(-5000, 5000)\nBEGIN;\n"
          + "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\n"
          + "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"
          + "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, "
          + ":delta, CURRENT_TIMESTAMP);\nEND;\n\n";

  /** {@code pgbench --show-script=select-only}. */
  private static final String SHOW_SELECT =
      "-- select-only: <builtin: select only>\n"
          + "\\set aid random(1, 100000 * :scale)\n"
          + "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n\n";

  /** {@code pgbench -b list} (stderr), plus jpgbench's debit-credit line. */
  private static final String LISTING =
      "Available builtin scripts:\n"
          + "      tpcb-like: <builtin: TPC-B (sort of)>\n"
          + "  simple-update: <builtin: simple update>\n"
          + "    select-only: <builtin: select only>\n"
          + "   debit-credit: <builtin: DebitCredit-like (not TPC-B, no audited status)>\n"
          + "\n";

  @Test
  void showScriptMatchesPgbench() throws ScriptException {
    assertEquals(SHOW_TPCB, BuiltinScripts.find("tpcb-like").showScript());
    assertEquals(SHOW_SIMPLE, BuiltinScripts.find("simple-update").showScript());
    assertEquals(SHOW_SELECT, BuiltinScripts.find("select-only").showScript());
  }

  @Test
  void listing() {
    assertEquals(LISTING, BuiltinScripts.listing());
  }

  @Test
  void prefixes() throws ScriptException {
    assertEquals("tpcb-like", BuiltinScripts.find("t").name());
    assertEquals("simple-update", BuiltinScripts.find("si").name());
    assertEquals("select-only", BuiltinScripts.find("se").name());
    assertEquals("debit-credit", BuiltinScripts.find("d").name());
    // pgbench prints the error, then the list of builtins
    ScriptException e = assertThrows(ScriptException.class, () -> BuiltinScripts.find("s"));
    assertEquals(
        "ambiguous builtin name: 2 builtin scripts found for prefix \"s\"\n" + LISTING,
        e.getMessage());
    e = assertThrows(ScriptException.class, () -> BuiltinScripts.find("x"));
    assertEquals("no builtin script found for name \"x\"\n" + LISTING, e.getMessage());
    e = assertThrows(ScriptException.class, () -> BuiltinScripts.find("list"));
    assertTrue(e.getMessage().startsWith("no builtin script found for name \"list\"\n"));
    e = assertThrows(ScriptException.class, () -> BuiltinScripts.find(""));
    assertTrue(e.getMessage().startsWith("ambiguous builtin name: 4 builtin scripts"));
  }

  @Test
  void builtinsParse() throws ScriptException {
    SymbolTable symbols = new SymbolTable();
    for (BuiltinScripts.Builtin b : BuiltinScripts.all()) {
      Script s = b.parse(1, symbols);
      assertEquals(b.name(), s.name());
      assertEquals(b.description(), s.description());
    }
    Script tpcb = BuiltinScripts.find("tpcb-like").parse(1, symbols);
    assertEquals(11, tpcb.commands().size());
    assertEquals("\\set aid random(1, 100000 * :scale)", tpcb.commands().get(0).displayText);
    assertEquals(
        "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;",
        tpcb.commands().get(5).displayText);
  }

  @Test
  void debitCreditProfile() throws Exception {
    SymbolTable symbols = new SymbolTable();
    Script s = BuiltinScripts.find("debit-credit").parse(1, symbols);
    SqlCommand update =
        (SqlCommand)
            s.commands().stream()
                .filter(c -> c.displayText.startsWith("UPDATE pgbench_accounts"))
                .findFirst()
                .orElseThrow();
    assertEquals(SqlCommand.ResultTarget.GSET, update.resultTarget); // the balance is returned
    assertTrue(update.sql.contains("RETURNING abalance"));

    int scale = 10;
    ScriptRunner r = new ScriptRunner(symbols, 5432);
    r.ctx.vars.setInt(symbols.slotOf("scale"), scale);
    int runs = 20_000;
    int remote = 0;
    long minDelta = Long.MAX_VALUE;
    long maxDelta = Long.MIN_VALUE;
    for (int i = 0; i < runs; i++) {
      r.run(s);
      long tid = Long.parseLong(r.text("tid"));
      long bid = Long.parseLong(r.text("bid"));
      long aid = Long.parseLong(r.text("aid"));
      long abid = (aid - 1) / 100_000 + 1;
      long delta = Long.parseLong(r.text("delta"));
      assertTrue(tid >= 1 && tid <= 10L * scale);
      assertEquals((tid - 1) / 10 + 1, bid); // the teller's branch
      assertTrue(abid >= 1 && abid <= scale);
      if (abid != bid) {
        remote++;
      }
      minDelta = Math.min(minDelta, delta);
      maxDelta = Math.max(maxDelta, delta);
    }
    assertTrue(remote > runs * 0.14 && remote < runs * 0.16, "remote: " + remote);
    assertTrue(minDelta >= -999_999 && minDelta < -990_000);
    assertTrue(maxDelta <= 999_999 && maxDelta > 990_000);
    List<String> sent = r.sql.subList(r.sql.size() - 6, r.sql.size());
    assertEquals("BEGIN;", sent.get(0));
    assertTrue(sent.get(1).startsWith("UPDATE pgbench_accounts SET abalance = abalance + "));
    assertEquals("END;", sent.get(5));
  }

  @Test
  void debitCreditWithOneBranchStaysLocal() throws Exception {
    SymbolTable symbols = new SymbolTable();
    Script s = BuiltinScripts.find("debit-credit").parse(1, symbols);
    ScriptRunner r = new ScriptRunner(symbols, 1);
    r.ctx.vars.setInt(symbols.slotOf("scale"), 1);
    for (int i = 0; i < 1000; i++) {
      r.run(s);
      assertEquals("1", r.text("bid"));
      assertEquals("1", r.text("abid"));
      assertNotEquals("true", r.text("remote"));
    }
  }
}
