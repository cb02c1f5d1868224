package org.jpgbench.init;

import static org.jpgbench.init.InitTestSupport.counts;
import static org.jpgbench.init.InitTestSupport.fillers;
import static org.jpgbench.init.InitTestSupport.frozen;
import static org.jpgbench.init.InitTestSupport.ids;
import static org.jpgbench.init.InitTestSupport.init;
import static org.jpgbench.init.InitTestSupport.perPartition;
import static org.jpgbench.init.InitTestSupport.q;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jpgbench.config.Options.PartitionMethod;
import org.jpgbench.init.InitTestSupport.Result;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** --init-jobs: loads, vacuums and key builds over several connections. */
@ExtendWith(PostgresExtension.class)
class InitParallelTest {
  private static final String PKEYS =
      "SELECT string_agg(c.relname || ':' || i.relname, ' ' ORDER BY c.relname)"
          + " FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid"
          + " WHERE x.indisprimary AND c.relname LIKE 'pgbench%'";

  @Test
  void unpartitionedAccountsKeepFreezeBesideTheSmallTables(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.initJobs = 2;
              b.scale = 2;
            });
    assertEquals(0, r.status(), r.err());
    assertEquals("2,20,200000,0", counts(db));
    assertEquals("2,20,0,200000", fillers(db));
    assertEquals("1,200000,200000,1,2,0,0", ids(db));
    assertEquals(
        "pgbench_accounts:pgbench_accounts_pkey pgbench_branches:pgbench_branches_pkey"
            + " pgbench_tellers:pgbench_tellers_pkey",
        q(db, PKEYS));
    assertTrue(frozen(db, "pgbench_accounts"));
    assertTrue(frozen(db, "pgbench_branches"));
  }

  @Test
  void partitionsLoadInParallelFrozenAndKeysAreAdopted(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.initJobs = 2;
              b.scale = 2;
              b.partitions = 4;
              b.initSteps = "dtcvpf";
            });
    assertEquals(0, r.status(), r.err());
    assertEquals("2,20,200000,0", counts(db));
    assertEquals(
        "pgbench_accounts_1:50000 pgbench_accounts_2:50000 pgbench_accounts_3:50000"
            + " pgbench_accounts_4:50000",
        perPartition(db));
    for (int p = 1; p <= 4; p++) {
      assertTrue(frozen(db, "pgbench_accounts_" + p), "partition " + p);
    }
    // the parent's key exists and owns the partitions' keys, named as PostgreSQL names them
    assertEquals(
        "pgbench_accounts:pgbench_accounts_pkey pgbench_accounts_1:pgbench_accounts_1_pkey"
            + " pgbench_accounts_2:pgbench_accounts_2_pkey pgbench_accounts_3:pgbench_accounts_3_pkey"
            + " pgbench_accounts_4:pgbench_accounts_4_pkey pgbench_branches:pgbench_branches_pkey"
            + " pgbench_tellers:pgbench_tellers_pkey",
        q(db, PKEYS));
    assertEquals(
        "4",
        q(
            db,
            "SELECT count(*) FROM pg_inherits WHERE inhparent = 'pgbench_accounts_pkey'::regclass"));
    assertEquals(
        "t",
        q(
            db,
            "SELECT last_vacuum IS NOT NULL OR vacuum_count > 0 FROM pg_stat_user_tables"
                + " WHERE relname = 'pgbench_accounts_3'"));
    // statistics as pgbench's vacuum analyze leaves them: per partition, and for the whole parent
    assertEquals(
        "t",
        q(
            db,
            "SELECT count(*) FILTER (WHERE NOT inherited) = 4 AND count(*) FILTER (WHERE inherited) = 1"
                + " FROM pg_stats WHERE attname = 'aid' AND tablename LIKE 'pgbench_accounts%'"));
  }

  @Test
  void foreignKeysFallBackToOneConnection(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.initJobs = 3;
              b.initSteps = "dtgvpfg";
            });
    assertEquals(0, r.status(), r.err());
    assertTrue(
        r.err()
            .contains(
                "jpgbench: note: loading data with one connection"
                    + " (foreign keys exist on the pgbench tables)\n"),
        r.err());
    assertEquals("1,10,100000,0", counts(db));
  }

  @Test
  void unnestServerSideOverSeveralConnections(TestDatabase db) throws Exception {
    Result r =
        init(
            db,
            b -> {
              b.initJobs = 2;
              b.scale = 3;
              b.partitions = 2;
              b.partitionMethod = PartitionMethod.RANGE;
              b.initSteps = "dtUvp";
            });
    assertEquals(0, r.status(), r.err());
    assertEquals("3,30,300000,0", counts(db));
    assertEquals("3,30,0,300000", fillers(db));
    assertEquals("1,300000,300000,1,3,0,0", ids(db));
  }
}
