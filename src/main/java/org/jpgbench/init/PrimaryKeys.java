package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;

/**
 * Step p: pgbench's three {@code alter table ... add primary key} statements. With --init-jobs &gt;
 * 1 they run at once on several connections, and a partitioned pgbench_accounts gets the keys of
 * its partitions built in parallel first (the parent's key then adopts them instead of building
 * them again, one after the other).
 *
 * <p>Before building the accounts key, maintenance_work_mem is raised for the session (never
 * lowered) to what sorting the keys in memory takes, when that is under {@link #MAX_RAISE_MB} MB:
 * from scale 9 to 12, where pgbench's sort spills a little to disk. A larger raise made the build
 * slower (PostgreSQL 15, 2 cores): it makes PostgreSQL start a second parallel worker (it wants 32
 * MB per participant), and the leader's final merge reads the workers' sorted runs through buffers
 * of that size. pgbench does not do this; it changes nothing in the result.
 */
final class PrimaryKeys {
  private PrimaryKeys() {}

  /**
   * The largest raise: 96 MB is where PostgreSQL's default of 2 parallel maintenance workers at 32
   * MB each becomes possible; below it the build keeps the one worker it has at the default 64 MB.
   */
  static final int MAX_RAISE_MB = 95;

  /**
   * Bytes of sort memory per key: an in-memory sort used 64 (63,639 kB for 1,000,000 keys, 312,817
   * kB for 5,000,000, trace_sort on PostgreSQL 15); the rest covers participants' uneven shares.
   */
  private static final int BYTES_PER_KEY = 80;

  static String statement(String table, String column, String indexTablespace) {
    String sql = "alter table " + table + " add primary key (" + column + ")";
    if (indexTablespace != null) {
      sql += " using index tablespace " + CreateTables.quoteIdent(indexTablespace);
    }
    return sql;
  }

  static void run(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.CREATING_PKEYS);
    String ts = ctx.options.init().indexTablespace();
    long accounts = (long) Tables.NACCOUNTS * ctx.scale();
    if (ctx.initJobs() <= 1) {
      InitConnection s = ctx.main();
      s.exec(statement(Tables.BRANCHES, "bid", ts), Tables.BRANCHES);
      s.exec(statement(Tables.TELLERS, "tid", ts), Tables.TELLERS);
      withSortMemory(
          s, accounts, () -> s.exec(statement(Tables.ACCOUNTS, "aid", ts), Tables.ACCOUNTS));
      return;
    }
    List<String> parts = LeafPartitions.of(ctx.main());
    List<Jobs.Task> tasks = new ArrayList<>();
    if (parts.isEmpty()) {
      tasks.add(
          s ->
              withSortMemory(
                  s,
                  accounts,
                  () -> s.exec(statement(Tables.ACCOUNTS, "aid", ts), Tables.ACCOUNTS)));
    } else {
      long perPart = (accounts + parts.size() - 1) / parts.size();
      for (String p : parts) {
        tasks.add(s -> withSortMemory(s, perPart, () -> s.exec(statement(p, "aid", ts), p)));
      }
    }
    tasks.add(s -> s.exec(statement(Tables.BRANCHES, "bid", ts), Tables.BRANCHES));
    tasks.add(s -> s.exec(statement(Tables.TELLERS, "tid", ts), Tables.TELLERS));
    ctx.jobs.run(tasks, ctx.initJobs());
    if (!parts.isEmpty()) {
      ctx.main().exec(statement(Tables.ACCOUNTS, "aid", ts), Tables.ACCOUNTS);
    }
  }

  private interface Build {
    void run() throws InitError;
  }

  /**
   * The maintenance_work_mem (MB) to sort {@code keys} keys in memory; 0: leave the setting alone.
   */
  static long sortMemoryMb(long keys) {
    long mb = (keys * BYTES_PER_KEY >> 20) + 1;
    return mb > MAX_RAISE_MB ? 0 : mb;
  }

  /** Runs {@code build} with maintenance_work_mem raised for {@code keys} keys, then resets it. */
  private static void withSortMemory(InitConnection s, long keys, Build build) throws InitError {
    long wantMb = sortMemoryMb(keys);
    if (wantMb == 0) {
      build.run();
      return;
    }
    String now =
        s.queryValue(
            "select pg_catalog.pg_size_bytes(pg_catalog.current_setting('maintenance_work_mem'))",
            null);
    boolean raise = now != null && Long.parseLong(now) < wantMb << 20;
    if (raise) {
      s.exec("set maintenance_work_mem = '" + wantMb + "MB'", null);
    }
    build.run();
    if (raise) {
      s.exec("reset maintenance_work_mem", null);
    }
  }
}
