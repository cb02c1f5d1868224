package org.jpgbench.init;

import static org.jpgbench.init.InitTestSupport.balances;
import static org.jpgbench.init.InitTestSupport.counts;
import static org.jpgbench.init.InitTestSupport.fillers;
import static org.jpgbench.init.InitTestSupport.frozen;
import static org.jpgbench.init.InitTestSupport.ids;
import static org.jpgbench.init.InitTestSupport.init;
import static org.jpgbench.init.InitTestSupport.q;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpgbench.init.InitTestSupport.Result;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** pgbench's own steps (dtgGvpf) against a real server. */
@ExtendWith(PostgresExtension.class)
class InitDefaultTest {
  private static final String DONE =
      "done in \\d+\\.\\d\\d s \\(drop tables \\d+\\.\\d\\d s, create tables \\d+\\.\\d\\d s,"
          + " client-side generate \\d+\\.\\d\\d s, vacuum \\d+\\.\\d\\d s, primary keys \\d+\\.\\d\\d s\\)\\.";

  @Test
  void defaultStepsMakePgbenchsTables(TestDatabase db) throws Exception {
    Result r = init(db, b -> {});
    assertEquals(0, r.status(), r.err());
    List<String> lines = r.lines().stream().filter(l -> !l.startsWith("NOTICE:")).toList();
    assertEquals(7, lines.size(), r.err());
    assertEquals(
        List.of("dropping old tables...", "creating tables...", "generating data (client-side)..."),
        lines.subList(0, 3));
    assertTrue(
        lines
            .get(3)
            .matches(
                "100000 of 100000 tuples \\(100%\\) of pgbench_accounts done"
                    + " \\(elapsed \\d+\\.\\d\\d s, remaining 0\\.00 s\\)"),
        lines.get(3));
    assertEquals(List.of("vacuuming...", "creating primary keys..."), lines.subList(4, 6));
    assertTrue(lines.get(6).matches(DONE), lines.get(6));

    assertEquals("1,10,100000,0", counts(db));
    assertEquals("1,10,0,100000", fillers(db));
    assertEquals("0,0,0", balances(db));
    assertEquals("1,100000,100000,1,1,0,0", ids(db));
    assertEquals(
        "pgbench_accounts:r:p:fillfactor=100 pgbench_accounts_pkey:i:p:- pgbench_branches:r:p:fillfactor=100"
            + " pgbench_branches_pkey:i:p:- pgbench_history:r:p:- pgbench_tellers:r:p:fillfactor=100"
            + " pgbench_tellers_pkey:i:p:-",
        q(
            db,
            "SELECT string_agg(c.relname || ':' || c.relkind::text || ':' ||"
                + " c.relpersistence::text || ':' || coalesce(array_to_string(c.reloptions, ';'), '-'), ' ' ORDER BY c.relname)"
                + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'"
                + " AND c.relname LIKE 'pgbench%'"));
    assertEquals(
        "pgbench_accounts:p pgbench_branches:p pgbench_tellers:p",
        q(
            db,
            "SELECT string_agg("
                + "conrelid::regclass || ':' || contype::text, ' ' ORDER BY conrelid::regclass::text) FROM pg_constraint WHERE conrelid::regclass::text"
                + " LIKE 'pgbench%' AND contype <> 'n'"));
    assertEquals(
        "pgbench_accounts.aid:integer:NO pgbench_accounts.filler:character:YES",
        q(
            db,
            "SELECT string_agg(table_name || '.' || column_name || ':' || data_type || ':' || is_nullable, ' '"
                + " ORDER BY column_name) FROM information_schema.columns WHERE table_name = 'pgbench_accounts'"
                + " AND column_name IN ('aid', 'filler')"));
  }

  @Test
  void copyFreezeLeavesAllTablesFrozen(TestDatabase db) throws Exception {
    Result r = init(db, b -> b.initSteps = "dtg");
    assertEquals(0, r.status(), r.err());
    assertTrue(frozen(db, "pgbench_accounts"));
    assertTrue(frozen(db, "pgbench_branches"));
    assertTrue(frozen(db, "pgbench_tellers"));
  }

  @Test
  void serverSideGenerationAsPgbench(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.initSteps = "dtGvpf";
              b.scale = 2;
            });
    assertEquals(0, r.status(), r.err());
    assertTrue(r.err().contains("generating data (server-side)...\n"), r.err());
    assertTrue(r.err().contains("creating foreign keys...\n"), r.err());
    assertTrue(
        r.lines()
            .get(r.lines().size() - 1)
            .matches(
                "done in .*, server-side generate \\d+\\.\\d\\d s,"
                    + " vacuum .*, foreign keys \\d+\\.\\d\\d s\\)\\."),
        r.err());
    assertEquals("2,20,200000,0", counts(db));
    assertEquals("2,20,0,200000", fillers(db));
    assertEquals("1,200000,200000,1,2,0,0", ids(db));
    assertEquals(
        "5",
        q(
            db,
            "SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text"
                + " LIKE 'pgbench%'"));
  }

  @Test
  void stepsRunInTheGivenOrderAndRepeat(TestDatabase db) throws Exception {
    Result r = init(db, b -> b.initSteps = " d t g d ");
    assertEquals(0, r.status(), r.err());
    assertEquals(
        "-",
        q(
            db,
            "SELECT coalesce(string_agg(relname, ' '), '-') FROM pg_class WHERE relname LIKE"
                + " 'pgbench%' AND relkind IN ('r', 'p')"));
    assertTrue(
        r.lines()
            .get(r.lines().size() - 1)
            .matches(
                "done in \\d+\\.\\d\\d s \\(drop tables .* s, create tables"
                    + " .* s, client-side generate .* s, drop tables \\d+\\.\\d\\d s\\)\\."),
        r.err());
  }

  @Test
  void fillfactorTablespacesAndQuiet(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.initSteps = "dtgp";
              b.fillfactor = 90;
              b.quiet = true;
              b.tablespace = "pg_default";
              b.indexTablespace = "pg_default";
            });
    assertEquals(0, r.status(), r.err());
    assertTrue(
        r.err().contains("100000 of 100000 tuples (100%) of pgbench_accounts done"), r.err());
    assertEquals(
        "{fillfactor=90}",
        q(db, "SELECT reloptions::text FROM pg_class WHERE relname = 'pgbench_accounts'"));
    assertEquals("1,10,100000,0", counts(db));
  }

  @Test
  void missingTablespaceFailsLikePgbenchAndNamesTheStep(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.initSteps = "dt";
              b.tablespace = "no_such_ts";
            });
    assertEquals(1, r.status());
    List<String> lines = r.lines();
    int i =
        lines.indexOf(
            "jpgbench: error: query failed: ERROR:  tablespace \"no_such_ts\" does not exist");
    assertTrue(i > 0, r.err());
    assertEquals(
        "jpgbench: detail: Query was: create table pgbench_history(tid int,bid int,aid    int,delta int,"
            + "mtime timestamp,filler char(22)) tablespace \"no_such_ts\"",
        lines.get(i + 1));
    assertEquals(
        "jpgbench: detail: Init step \"t\" (create tables) failed on table pgbench_history.",
        lines.get(i + 2));
    assertTrue(r.err().indexOf("done in") < 0);
  }

  @Test
  void missingTablesFailAtTruncate(TestDatabase db) throws Exception {
    init(db, b -> b.initSteps = "d");
    Result r = init(db, b -> b.initSteps = "g");
    assertEquals(1, r.status());
    assertTrue(
        r.err()
            .contains(
                "jpgbench: error: query failed: ERROR:  relation \"pgbench_accounts\" does not exist\n"
                    + "jpgbench: detail: Query was: truncate table pgbench_accounts, pgbench_branches, pgbench_history,"
                    + " pgbench_tellers\n"
                    + "jpgbench: detail: Init step \"g\" (client-side generate) failed.\n"),
        r.err());
  }
}
