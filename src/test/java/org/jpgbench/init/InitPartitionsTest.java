package org.jpgbench.init;

import static org.jpgbench.init.InitTestSupport.counts;
import static org.jpgbench.init.InitTestSupport.fillers;
import static org.jpgbench.init.InitTestSupport.frozen;
import static org.jpgbench.init.InitTestSupport.init;
import static org.jpgbench.init.InitTestSupport.perPartition;
import static org.jpgbench.init.InitTestSupport.q;
import static org.jpgbench.init.InitTestSupport.serverVersion;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jpgbench.config.Options.PartitionMethod;
import org.jpgbench.init.InitTestSupport.Result;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Partitioned pgbench_accounts: pgbench's layout, loaded partition by partition and frozen. */
@ExtendWith(PostgresExtension.class)
class InitPartitionsTest {
  private static final String BOUNDS =
      "SELECT count(*) || ':' || string_agg(pg_get_expr(c.relpartbound, c.oid), ' '"
          + " ORDER BY c.relname) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
          + " WHERE i.inhparent = 'pgbench_accounts'::regclass";

  @Test
  void rangePartitionsLoadedDirectlyAndFrozen(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.partitions = 3;
              b.initSteps = "dtg";
            });
    assertEquals(0, r.status(), r.err());
    assertTrue(r.err().contains("creating tables...\ncreating 3 partitions...\n"), r.err());
    assertEquals(
        "3:FOR VALUES FROM (MINVALUE) TO (33335) FOR VALUES FROM (33335) TO (66669)"
            + " FOR VALUES FROM (66669) TO (MAXVALUE)",
        q(db, BOUNDS));
    assertEquals(
        "pgbench_accounts_1:33334 pgbench_accounts_2:33334 pgbench_accounts_3:33332",
        perPartition(db));
    assertEquals("1,10,100000,0", counts(db));
    assertEquals("1,10,0,100000", fillers(db));
    for (int p = 1; p <= 3; p++) {
      assertTrue(frozen(db, "pgbench_accounts_" + p), "partition " + p);
    }
  }

  @Test
  void hashPartitionsRoutedOnTheClient(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.partitions = 3;
              b.partitionMethod = PartitionMethod.HASH;
              b.initSteps = "dtcvp";
              b.scale = 2;
            });
    assertEquals(0, r.status(), r.err());
    assertEquals(
        "3:FOR VALUES WITH (modulus 3, remainder 0) FOR VALUES WITH (modulus 3, remainder 1)"
            + " FOR VALUES WITH (modulus 3, remainder 2)",
        q(db, BOUNDS));
    assertEquals("2,20,200000,0", counts(db));
    assertEquals("2,20,0,200000", fillers(db));
    // every row where the server itself would have put it
    assertEquals(
        "0",
        q(
            db,
            "SELECT count(*) FROM pgbench_accounts a JOIN pg_class c ON c.oid = a.tableoid"
                + " WHERE NOT satisfies_hash_partition('pgbench_accounts'::regclass, 3,"
                + " substring(c.relname from '_(\\d+)$')::int - 1, a.aid)"));
    assertEquals(
        "h:1",
        q(
            db,
            "SELECT partstrat::text || ':' || partnatts FROM pg_partitioned_table WHERE partrelid ="
                + " 'pgbench_accounts'::regclass"));
    for (int p = 1; p <= 3; p++) {
      assertTrue(frozen(db, "pgbench_accounts_" + p), "partition " + p);
    }
  }

  @Test
  void unloggedWithPartitionsFollowsTheServersPgbench(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.partitions = 2;
              b.partitionMethod = PartitionMethod.HASH;
              b.unloggedTables = true;
              b.fillfactor = 98;
              b.foreignKeys = true;
              b.initSteps = "dtGvpf";
            });
    assertEquals(0, r.status(), r.err());
    String expect =
        serverVersion(db) >= 180000
            ? "pgbench_accounts:p:p pgbench_accounts_1:r:u pgbench_accounts_2:r:u pgbench_branches:r:p"
            : "pgbench_accounts:p:u pgbench_accounts_1:r:u pgbench_accounts_2:r:u pgbench_branches:r:u";
    assertEquals(
        expect,
        q(
            db,
            "SELECT string_agg(relname || ':' || relkind::text || ':' || relpersistence::text, ' '"
                + " ORDER BY relname) FROM pg_class WHERE relname IN ('pgbench_accounts', 'pgbench_accounts_1',"
                + " 'pgbench_accounts_2', 'pgbench_branches')"));
    assertEquals(
        "{fillfactor=98}",
        q(db, "SELECT reloptions::text FROM pg_class WHERE relname = 'pgbench_accounts_1'"));
    assertEquals("1,10,100000,0", counts(db));
    assertEquals(
        "5",
        q(
            db,
            "SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND conparentid = 0 AND conrelid IN"
                + " (SELECT oid FROM pg_class WHERE relname LIKE 'pgbench%' AND NOT relispartition)"));
  }
}
