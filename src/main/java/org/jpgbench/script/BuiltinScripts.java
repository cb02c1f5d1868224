package org.jpgbench.script;

import java.util.List;
import org.jpgbench.expr.SymbolTable;

/**
 * pgbench's builtin scripts (+ jpgbench's debit-credit; the TPC-C-like ones are {@link
 * TpccScripts}', found by name but not listed, since "-b list" prints pgbench's list).
 *
 * <p>The texts are pgbench's, byte for byte (naccounts = 100000, nbranches = 1, ntellers = 10).
 * debit-credit is listed last, so every prefix that selected a pgbench builtin still does ("t",
 * "si", "se"); "d" now selects debit-credit. See docs/debit-credit.md.
 */
public final class BuiltinScripts {
  private BuiltinScripts() {}

  private static final String TPCB_LIKE =
      """
      \\set aid random(1, 100000 * :scale)
      \\set bid random(1, 1 * :scale)
      \\set tid random(1, 10 * :scale)
      \\set delta random(-5000, 5000)
      BEGIN;
      UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
      SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
      UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;
      UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;
      INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
      END;
      """;

  private static final String SIMPLE_UPDATE =
      """
      \\set aid random(1, 100000 * :scale)
      \\set bid random(1, 1 * :scale)
      \\set tid random(1, 10 * :scale)
      \\set delta random(-5000, 5000)
      BEGIN;
      UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
      SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
      INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
      END;
      """;

  private static final String SELECT_ONLY =
      """
      \\set aid random(1, 100000 * :scale)
      SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
      """;

  /** Closer to TPC-B's transaction profile than tpcb-like; see docs/debit-credit.md. */
  private static final String DEBIT_CREDIT =
      """
      -- DebitCredit: a teller at a branch debits or credits an account.
      \\set tid random(1, 10 * :scale)
      \\set bid (:tid - 1) / 10 + 1
      \\set delta random(-999999, 999999)
      -- 85% of the accounts are held at the teller's branch, 15% at another one
      \\set remote CASE WHEN :scale > 1 THEN random(1, 100) > 85 ELSE false END
      \\if :remote
      \\set abid 1 + (:bid - 1 + random(1, :scale - 1)) % :scale
      \\else
      \\set abid :bid
      \\endif
      \\set aid (:abid - 1) * 100000 + random(1, 100000)
      BEGIN;
      UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid RETURNING abalance \\gset
      INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
      UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;
      UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;
      END;
      """;

  private static final List<Builtin> ALL =
      List.of(
          new Builtin("tpcb-like", "<builtin: TPC-B (sort of)>", TPCB_LIKE),
          new Builtin("simple-update", "<builtin: simple update>", SIMPLE_UPDATE),
          new Builtin("select-only", "<builtin: select only>", SELECT_ONLY),
          new Builtin(
              "debit-credit",
              "<builtin: DebitCredit-like (not TPC-B, no audited status)>",
              DEBIT_CREDIT));

  /** Every builtin, in listing order. */
  public static List<Builtin> all() {
    return ALL;
  }

  /**
   * A builtin by unique prefix, or pgbench's error ("no builtin script found for name ...",
   * "ambiguous builtin name ..."), followed as in pgbench by the list of builtins: the message is
   * the error line, a newline and {@link #listing()}, so it ends with an empty line (a caller that
   * adds its own newline drops the message's last one).
   */
  public static Builtin find(String prefix) throws ScriptException {
    Builtin result = null;
    int found = 0;
    for (Builtin b : ALL) {
      if (b.name().startsWith(prefix)) {
        result = b;
        found++;
      }
    }
    if (found == 1) {
      return result;
    }
    // the TPC-C-like scripts only where no listed builtin matches, so that every prefix keeps
    // pgbench's meaning ("t" is still tpcb-like); they are named in full or by a unique prefix
    if (found == 0) {
      for (Builtin b : TpccScripts.ALL) {
        if (b.name().startsWith(prefix) && !prefix.equals(TpccScripts.MIX)) {
          result = b;
          found++;
        }
      }
      if (found == 1) {
        return result;
      }
      found = 0;
    }
    String msg =
        found == 0 ? ScriptErrors.noBuiltin(prefix) : ScriptErrors.ambiguousBuiltin(found, prefix);
    throw new ScriptException(msg + "\n" + listing());
  }

  /** The "-b list" text, exactly as pgbench prints it (to stderr), ending with an empty line. */
  public static String listing() {
    StringBuilder sb = new StringBuilder("Available builtin scripts:\n");
    for (Builtin b : ALL) {
      sb.append(String.format("  %13s: %s", b.name(), b.description())).append('\n');
    }
    return sb.append('\n').toString();
  }

  /**
   * One builtin script.
   *
   * @param name e.g. "tpcb-like"
   * @param description e.g. "&lt;builtin: TPC-B (sort of)&gt;"
   * @param text the script
   */
  public record Builtin(String name, String description, String text) {
    /** What --show-script=NAME prints to stderr (then pgbench exits 0). */
    public String showScript() {
      return "-- " + name + ": " + description + "\n" + text + "\n";
    }

    /** Parses this builtin; messages name it by its description, as pgbench does. */
    public Script parse(int weight, SymbolTable symbols) throws ScriptException {
      return ScriptParser.parse(name, description, text, weight, symbols);
    }
  }
}
