package org.jpgbench.init;

import static org.jpgbench.init.InitTestSupport.balances;
import static org.jpgbench.init.InitTestSupport.counts;
import static org.jpgbench.init.InitTestSupport.fillers;
import static org.jpgbench.init.InitTestSupport.frozen;
import static org.jpgbench.init.InitTestSupport.ids;
import static org.jpgbench.init.InitTestSupport.init;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpgbench.init.InitTestSupport.Result;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** jpgbench's generation modes: c (binary COPY), U (server-side, unnest), M / S. */
@ExtendWith(PostgresExtension.class)
class InitModesTest {
  private static void assertPgbenchData(TestDatabase db, int scale) throws Exception {
    int a = 100000 * scale;
    assertEquals(scale + "," + 10 * scale + "," + a + ",0", counts(db));
    assertEquals(scale + "," + 10 * scale + ",0," + a, fillers(db));
    assertEquals("0,0,0", balances(db));
    assertEquals("1," + a + "," + a + ",1," + scale + ",0,0", ids(db));
  }

  @Test
  void binaryCopyMakesTheSameDataFrozen(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.initSteps = "dtc";
              b.scale = 2;
            });
    assertEquals(0, r.status(), r.err());
    assertTrue(
        r.err()
            .contains(
                "generating data (client-side, binary)...\n"
                    + "100000 of 200000 tuples (50%) of pgbench_accounts done"),
        r.err());
    assertTrue(
        r.lines()
            .get(r.lines().size() - 1)
            .matches(".*, client-side generate \\(binary\\) \\d+\\.\\d\\d s\\)\\."));
    assertPgbenchData(db, 2);
    assertTrue(frozen(db, "pgbench_accounts"));
    assertTrue(frozen(db, "pgbench_tellers"));
  }

  @Test
  void serverSideGenerationWithUnnest(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.initSteps = "dtUp";
              b.scale = 3;
              b.debug = true;
            });
    assertEquals(0, r.status(), r.err());
    assertTrue(r.err().contains("generating data (server-side, unnest)...\n"), r.err());
    // the ids of each scale unit come from an array built on the server, unnested in the select
    // list
    assertTrue(
        r.err()
            .contains(
                "jpgbench: debug: executing: insert into pgbench_accounts(aid,bid,abalance,filler)"
                    + " select pg_catalog.unnest(array(select pg_catalog.generate_series(200001, 300000))), 3, 0, ''\n"),
        r.err());
    assertTrue(
        r.err()
            .contains(
                "from pg_catalog.unnest(array(select pg_catalog.generate_series(1, 30))) as tid\n"),
        r.err());
    List<String> progress = r.lines().stream().filter(l -> l.contains(" tuples ")).toList();
    assertEquals(3, progress.size(), r.err());
    assertTrue(
        progress.get(2).startsWith("300000 of 300000 tuples (100%) of pgbench_accounts done"));
    assertTrue(r.err().contains(", server-side generate (unnest) "), r.err());
    assertPgbenchData(db, 3);
  }

  @Test
  void perUnitTransactionsSayTheyLoseFreeze(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.initSteps = "dtMgSp";
              b.scale = 2;
            });
    assertEquals(0, r.status(), r.err());
    assertTrue(
        r.err()
            .contains(
                "jpgbench: note: COPY FREEZE not used for pgbench_accounts"
                    + " (one transaction per scale unit, -I M)\n"),
        r.err());
    assertPgbenchData(db, 2);
    assertFalse(frozen(db, "pgbench_accounts"));
    assertTrue(frozen(db, "pgbench_branches"));

    r =
        init(
            db,
            b -> {
              b.initSteps = "MUcG";
              b.scale = 2;
            });
    assertEquals(0, r.status(), r.err());
    assertPgbenchData(db, 2);
  }

  @Test
  void debugShowsTheStatementsAndFreezeDecisions(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.initSteps = "dtg";
              b.debug = true;
            });
    assertEquals(0, r.status(), r.err());
    assertTrue(
        r.err()
            .contains(
                "jpgbench: debug: executing: copy pgbench_accounts from stdin with (freeze on)\n"),
        r.err());
    assertTrue(
        r.err().contains("jpgbench: debug: COPY into pgbench_accounts, rows 1..100000, FREEZE\n"),
        r.err());
  }
}
