package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;

/**
 * Steps G (pgbench's server-side generation: {@code insert ... select ... from
 * generate_series(...)}, one statement per table, in one transaction) and U (jpgbench's server-side
 * generation with {@code unnest} of arrays, one statement per scale unit).
 *
 * <p>U builds each scale unit's account ids as an array on the server and unnests it in the select
 * list: {@code select unnest(array(select generate_series(lo, hi))), bid, 0, ''}. A set-returning
 * function in the select list streams its rows into the insert, while G's {@code from
 * generate_series(...)} first materializes every row into a tuplestore (spilling to disk beyond
 * work_mem); and bid is one constant per statement instead of an expression per row. The server's
 * CPU still goes into inserting rows one by one: measured on PostgreSQL 15, U and G cost the same.
 * What the units give is progress lines, one transaction per unit with M, and a split over
 * --init-jobs connections. Like G, an INSERT cannot freeze rows: the vacuum step does that later.
 */
final class ServerSideGenerator {
  private ServerSideGenerator() {}

  // ---- G: pgbench's statements ----

  static String branchesSql(int scale) {
    return "insert into pgbench_branches(bid,bbalance) select bid, 0 from generate_series(1, "
        + (long) Tables.NBRANCHES * scale
        + ") as bid";
  }

  static String tellersSql(int scale) {
    return "insert into pgbench_tellers(tid,bid,tbalance) select tid, (tid - 1) / "
        + Tables.NTELLERS
        + " + 1, 0 from generate_series(1, "
        + (long) Tables.NTELLERS * scale
        + ") as tid";
  }

  /** pgbench's accounts statement for account ids [from+1, to]. */
  static String accountsSeriesSql(long from, long to) {
    return "insert into pgbench_accounts(aid,bid,abalance,filler) select aid, (aid - 1) / "
        + Tables.NACCOUNTS
        + " + 1, 0, '' from generate_series("
        + (from + 1)
        + ", "
        + to
        + ") as aid";
  }

  // ---- U: unnest of arrays built on the server ----

  /** The ids {@code lo..hi} as an int array built on the server. */
  private static String idArray(long lo, long hi) {
    return "array(select pg_catalog.generate_series(" + lo + ", " + hi + "))";
  }

  static String branchesUnnestSql(int scale) {
    return "insert into pgbench_branches(bid,bbalance) select pg_catalog.unnest("
        + idArray(1, (long) Tables.NBRANCHES * scale)
        + "), 0";
  }

  static String tellersUnnestSql(int scale) {
    return "insert into pgbench_tellers(tid,bid,tbalance) select tid, (tid - 1) / "
        + Tables.NTELLERS
        + " + 1, 0 from pg_catalog.unnest("
        + idArray(1, (long) Tables.NTELLERS * scale)
        + ") as tid";
  }

  /** U's statement for scale unit {@code unit} (0-based): its 100,000 accounts, bid unit + 1. */
  static String accountsUnnestSql(long unit) {
    long lo = unit * Tables.NACCOUNTS + 1;
    long hi = (unit + 1) * Tables.NACCOUNTS;
    return "insert into pgbench_accounts(aid,bid,abalance,filler) select pg_catalog.unnest("
        + idArray(lo, hi)
        + "), "
        + (unit + 1)
        + ", 0, ''";
  }

  static void run(InitContext ctx, boolean unnest, boolean perUnit) throws InitError {
    ctx.err.println(
        unnest ? InitMessages.GENERATING_SERVER_UNNEST : InitMessages.GENERATING_SERVER);
    int scale = ctx.scale();
    long total = (long) Tables.NACCOUNTS * scale;
    InitProgress progress =
        unnest
            ? new InitProgress(
                ctx.err, Tables.ACCOUNTS, total, ctx.options.init().quiet(), ctx.terminal)
            : null;
    boolean parallel = ctx.initJobs() > 1 && scale > 1;
    if (parallel) {
      AccountsLayout layout = AccountsLayout.read(ctx.main(), scale);
      if (!layout.tablesExist()) {
        parallel = false;
      } else if (layout.foreignKeys) {
        ctx.note(InitMessages.oneConnection("foreign keys exist on the pgbench tables"));
        parallel = false;
      }
    }
    String branches = unnest ? branchesUnnestSql(scale) : branchesSql(scale);
    String tellers = unnest ? tellersUnnestSql(scale) : tellersSql(scale);
    InitConnection s = ctx.main();
    if (!parallel) {
      s.exec("begin", null);
      s.exec("truncate table " + Tables.ALL_FOUR, null);
      s.exec(branches, Tables.BRANCHES);
      s.exec(tellers, Tables.TELLERS);
      if (perUnit) {
        s.exec("commit", null);
      }
      if (!unnest && !perUnit) {
        s.exec(accountsSeriesSql(0, total), Tables.ACCOUNTS);
      } else {
        insertUnits(ctx, s, 0, scale, unnest, progress);
      }
      if (!perUnit) {
        s.exec("commit", null);
      }
    } else {
      s.exec("truncate table " + Tables.ALL_FOUR, null);
      List<Jobs.Task> tasks = new ArrayList<>();
      tasks.add(
          t -> {
            t.exec("begin", null);
            t.exec(branches, Tables.BRANCHES);
            t.exec(tellers, Tables.TELLERS);
            t.exec("commit", null);
          });
      for (long[] r : ClientSideGenerator.unitRanges(scale, ctx.initJobs())) {
        tasks.add(
            t -> {
              if (!perUnit) {
                t.exec("begin", Tables.ACCOUNTS);
              }
              insertUnits(ctx, t, r[0], r[1], unnest, progress);
              if (!perUnit) {
                t.exec("commit", Tables.ACCOUNTS);
              }
            });
      }
      ctx.jobs.run(tasks, ctx.initJobs());
    }
    if (progress != null) {
      progress.finish();
    }
  }

  private static void insertUnits(
      InitContext ctx, InitConnection s, long from, long to, boolean unnest, InitProgress progress)
      throws InitError {
    if (progress != null) {
      progress.begin();
    }
    for (long u = from; u < to; u++) {
      ctx.jobs.checkCanceled();
      String sql =
          unnest
              ? accountsUnnestSql(u)
              : accountsSeriesSql(u * Tables.NACCOUNTS, (u + 1) * Tables.NACCOUNTS);
      s.exec(sql, Tables.ACCOUNTS);
      if (progress != null) {
        progress.advance(Tables.NACCOUNTS);
      }
    }
  }
}
