package org.jpgbench.run;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.script.Script;
import org.jpgbench.testing.TestDatabase;

/** Runs {@link RunMode} in-process and keeps what it printed. */
final class RunHarness {
  final SymbolTable symbols = new SymbolTable();
  final OptionsBuilder options = Options.builder();
  int status;
  String out;
  String err;

  RunHarness() {
    options.noVacuum = true;
  }

  HandScripts script() {
    return new HandScripts(symbols);
  }

  /** The builtin select-only script, built by hand. */
  Script selectOnly() {
    options.scripts.add(new Options.ScriptSpec(true, "select-only", 1));
    return script()
        .setRandom("aid", 1, 100000)
        .sql("SELECT abalance FROM pgbench_accounts WHERE aid = :aid;")
        .buildBuiltin("<builtin: select only>");
  }

  /** The builtin simple-update script, built by hand. */
  Script simpleUpdate() {
    options.scripts.add(new Options.ScriptSpec(true, "simple-update", 1));
    return script()
        .setRandom("aid", 1, 100000)
        .setRandom("bid", 1, 1)
        .setRandom("tid", 1, 10)
        .setRandom("delta", -5000, 5000)
        .sql("BEGIN;")
        .sql("UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;")
        .sql("SELECT abalance FROM pgbench_accounts WHERE aid = :aid;")
        .sql(
            "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) "
                + "VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);")
        .sql("END;")
        .buildBuiltin("<builtin: simple update>");
  }

  /** The builtin tpcb-like script, built by hand. */
  Script tpcb() {
    options.scripts.add(new Options.ScriptSpec(true, "tpcb-like", 1));
    return script()
        .setRandom("aid", 1, 100000)
        .setRandom("bid", 1, 1)
        .setRandom("tid", 1, 10)
        .setRandom("delta", -5000, 5000)
        .sql("BEGIN;")
        .sql("UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;")
        .sql("SELECT abalance FROM pgbench_accounts WHERE aid = :aid;")
        .sql("UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;")
        .sql("UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;")
        .sql(
            "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) "
                + "VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);")
        .sql("END;")
        .buildBuiltin("<builtin: TPC-B (sort of)>");
  }

  RunHarness run(TestDatabase db, Script... scripts) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    String transport = System.getenv("JPGBENCH_TRANSPORT"); // set by the fallback test runs
    if (transport != null && options.transport.equals("auto")) {
      options.transport = transport;
    }
    if (options.randomSeed == null) {
      options.randomSeed = 42L;
    }
    try (PrintStream po = new PrintStream(o, true, StandardCharsets.UTF_8);
        PrintStream pe = new PrintStream(e, true, StandardCharsets.UTF_8)) {
      status =
          RunMode.run(options.build(), List.of(scripts), symbols, db.connectionFactory(), po, pe);
    }
    out = o.toString(StandardCharsets.UTF_8);
    err = e.toString(StandardCharsets.UTF_8);
    return this;
  }

  /** The report line starting with {@code prefix}, or null. */
  String line(String prefix) {
    for (String l : out.split("\n")) {
      if (l.startsWith(prefix)) {
        return l;
      }
    }
    return null;
  }
}
