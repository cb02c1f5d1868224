package org.jpgbench.init;

import static org.jpgbench.init.InitTestSupport.counts;
import static org.jpgbench.init.InitTestSupport.init;
import static org.jpgbench.init.InitTestSupport.q;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.jpgbench.config.Options;
import org.jpgbench.init.InitTestSupport.Result;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Init hooks from -f scripts, failures half way, and what a following -i makes of them. */
@ExtendWith(PostgresExtension.class)
class InitHooksRunTest {
  @TempDir Path dir;

  private Options.ScriptSpec script(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return new Options.ScriptSpec(false, p.toString(), 1);
  }

  @Test
  void hooksRunAtTheirStepsInOrder(TestDatabase db) throws Exception {
    Options.ScriptSpec s =
        script(
            "custom.sql",
            "\\set aid random(1, 100000 * :scale)\n"
                + "--@init before=d\n-- drop table if exists hook_log;\n\n"
                + "--@init after=t\n-- create table hook_log(n serial, what text);\n"
                + "-- insert into hook_log(what) select 'after t: ' || count(*) from pgbench_accounts;\n\n"
                + "/*@init before=v\ninsert into hook_log(what) select 'before v: ' || count(*) || ' at scale :scale'"
                + " from pgbench_accounts;\n*/\n"
                + "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"
                + "--@init after=f\n-- select 1;\n");
    Result r =
        init(
            db,
            b -> {
              b.scale = 2;
              b.scripts.add(s);
            });
    assertEquals(0, r.status(), r.err());
    assertEquals(
        "after t: 0|before v: 200000 at scale 2",
        q(db, "SELECT string_agg(what, '|' ORDER BY n) FROM hook_log"));
    assertTrue(
        r.err()
            .contains(
                "jpgbench: warning: init hook at "
                    + dir.resolve("custom.sql")
                    + ":13 targets step"
                    + " \"f\", which is not among the initialization steps; it was not run\n"),
        r.err());
    String done = r.lines().get(r.lines().size() - 1);
    assertTrue(
        done.matches(
            "done in \\d+\\.\\d\\d s \\(init hooks .* s, drop tables .* s, create tables .* s,"
                + " init hooks .* s, client-side generate .* s, init hooks .* s, vacuum .* s, primary keys .* s\\)\\."),
        done);
  }

  @Test
  void aFailedRunIsCleanedUpByTheNext(TestDatabase db) throws Exception {
    Options.ScriptSpec bad = script("bad.sql", "--@init after=g\n-- select 1/0;\nselect 1;\n");
    Result r =
        init(
            db,
            b -> {
              b.partitions = 2;
              b.scripts.add(bad);
            });
    assertEquals(1, r.status());
    assertTrue(
        r.err()
            .contains(
                "jpgbench: error: query failed: ERROR:  division by zero\n"
                    + "jpgbench: detail: Query was: select 1/0;\n"
                    + "jpgbench: detail: Init hook at "
                    + dir.resolve("bad.sql")
                    + ":1 (after step \"g\") failed.\n"),
        r.err());
    assertEquals("1,10,100000,0", counts(db)); // loaded, not vacuumed, no keys

    r = init(db, b -> {});
    assertEquals(0, r.status(), r.err());
    assertEquals("1,10,100000,0", counts(db));
    assertEquals(
        "0", q(db, "SELECT count(*) FROM pg_class WHERE relname ~ '^pgbench_accounts_[0-9]+$'"));
  }

  @Test
  void cancelStopsTheRunningStepAndANewInitSucceeds(TestDatabase db) throws Exception {
    Options.ScriptSpec slow = script("slow.sql", "--@init after=t\n-- select pg_sleep(60);\n");
    AtomicReference<Result> result = new AtomicReference<>();
    Thread t =
        new Thread(
            () ->
                result.set(
                    init(
                        db,
                        b -> {
                          b.partitions = 3;
                          b.scripts.add(slow);
                        })));
    t.start();
    // wait until the hook's pg_sleep is running, then do what Ctrl-C does
    for (int i = 0;
        i < 600
            && !"1"
                .equals(
                    q(
                        db,
                        "SELECT count(*) FROM pg_stat_activity WHERE query LIKE"
                            + " 'select pg_sleep(60)%' AND state = 'active'"));
        i++) {
      Thread.sleep(50);
    }
    assertTrue(
        Initializer.interrupt(new java.io.PrintStream(java.io.OutputStream.nullOutputStream())));
    t.join(30_000);
    Result r = result.get();
    assertEquals(1, r.status(), r.err());
    assertTrue(
        r.err()
            .contains(
                "jpgbench: error: query failed: ERROR:  canceling statement due to user request\n"),
        r.err());

    r = init(db, b -> b.initSteps = "dtgvp");
    assertEquals(0, r.status(), r.err());
    assertEquals("1,10,100000,0", counts(db));
    assertEquals(List.of(), r.lines().stream().filter(l -> l.startsWith("jpgbench:")).toList());
  }
}
