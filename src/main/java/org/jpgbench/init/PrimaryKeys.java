package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;

/**
 * Step p: pgbench's three {@code alter table ... add primary key} statements. With --init-jobs &gt; 1
 * they run at once on several connections, and a partitioned pgbench_accounts gets the keys of its
 * partitions built in parallel first (the parent's key then adopts them instead of building them
 * again, one after the other).
 *
 * <p>Before building the accounts key, maintenance_work_mem is raised for the session (never
 * lowered) to what sorting the keys in memory takes, at most {@link #MAX_MEMORY_MB} MB: the build
 * then avoids an external merge sort. pgbench does not do this; it changes nothing in the result.
 */
final class PrimaryKeys {
  private PrimaryKeys() {}

  static final int MAX_MEMORY_MB = 1024;
  /** Generous bytes of sort memory per key (index tuple, sort slot, allocation overhead). */
  private static final int BYTES_PER_KEY = 64;

  static String statement(String table, String column, String indexTablespace) {
    String sql = "alter table " + table + " add primary key (" + column + ")";
    if (indexTablespace != null) {
      sql += " using index tablespace " + CreateTables.quoteIdent(indexTablespace);
    }
    return sql;
  }

  static void run(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.CREATING_PKEYS);
    String ts = ctx.options.indexTablespace;
    long accounts = (long) Tables.NACCOUNTS * ctx.scale();
    if (ctx.initJobs() <= 1) {
      Session s = ctx.main();
      s.exec(statement(Tables.BRANCHES, "bid", ts), Tables.BRANCHES);
      s.exec(statement(Tables.TELLERS, "tid", ts), Tables.TELLERS);
      withSortMemory(ctx, s, accounts, () -> s.exec(statement(Tables.ACCOUNTS, "aid", ts), Tables.ACCOUNTS));
      return;
    }
    List<String> parts = LeafPartitions.of(ctx.main());
    List<Jobs.Task> tasks = new ArrayList<>();
    if (parts.isEmpty()) {
      tasks.add(s -> withSortMemory(ctx, s, accounts,
          () -> s.exec(statement(Tables.ACCOUNTS, "aid", ts), Tables.ACCOUNTS)));
    } else {
      long perPart = (accounts + parts.size() - 1) / parts.size();
      for (String p : parts) {
        tasks.add(s -> withSortMemory(ctx, s, perPart, () -> s.exec(statement(p, "aid", ts), p)));
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

  /** Runs {@code build} with maintenance_work_mem raised for {@code keys} keys, then resets it. */
  private static void withSortMemory(InitContext ctx, Session s, long keys, Build build) throws InitError {
    long wantMb = Math.min(MAX_MEMORY_MB, (keys * BYTES_PER_KEY >> 20) + 1);
    String now = s.queryValue("select pg_catalog.pg_size_bytes(pg_catalog.current_setting('maintenance_work_mem'))",
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
