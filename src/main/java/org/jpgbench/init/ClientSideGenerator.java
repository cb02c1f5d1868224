package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;

/**
 * Steps g (pgbench's text COPY) and c (binary COPY): branches, tellers and accounts streamed from
 * the client with {@code COPY ... FREEZE} where the server allows it (pgbench's rule: server 14 or
 * later, an ordinary table, created or truncated in the same transaction). A partitioned
 * pgbench_accounts is loaded partition by partition, so it is frozen too.
 *
 * <p>One connection: pgbench's single transaction (TRUNCATE of the four tables, then the COPYs).
 * With --init-jobs &gt; 1: pgbench_accounts (or each partition) is truncated and loaded in its own
 * transaction on its own connection, beside branches and tellers. With -I M: one transaction per
 * scale unit for the accounts, which then cannot be frozen (a note says so).
 */
final class ClientSideGenerator {
  private ClientSideGenerator() {}

  static void run(InitContext ctx, boolean binary, boolean perUnit) throws InitError {
    ctx.err.println(
        binary ? InitMessages.GENERATING_CLIENT_BINARY : InitMessages.GENERATING_CLIENT);
    AccountsLayout layout = AccountsLayout.read(ctx.main(), ctx.scale());
    if (layout.viaParentReason != null) {
      ctx.debug("loading pgbench_accounts through its parent: " + layout.viaParentReason);
    }
    new Load(ctx, layout, binary).run(perUnit);
  }

  /** One generation step's work. */
  private static final class Load {
    final InitContext ctx;
    final AccountsLayout layout;
    final boolean binary;
    final long total;
    final InitProgress branches;
    final InitProgress tellers;
    final InitProgress accounts;

    Load(InitContext ctx, AccountsLayout layout, boolean binary) {
      this.ctx = ctx;
      this.layout = layout;
      this.binary = binary;
      int scale = ctx.scale();
      this.total = (long) Tables.NACCOUNTS * scale;
      this.branches = progress(Tables.BRANCHES, (long) Tables.NBRANCHES * scale);
      this.tellers = progress(Tables.TELLERS, (long) Tables.NTELLERS * scale);
      this.accounts = progress(Tables.ACCOUNTS, total);
    }

    private InitProgress progress(String table, long rows) {
      return new InitProgress(ctx.err, table, rows, ctx.options.init().quiet(), ctx.terminal);
    }

    boolean freezes(Character relkind) {
      return ctx.serverFreezes() && relkind != null && relkind == 'r';
    }

    void run(boolean perUnit) throws InitError {
      boolean parallel = ctx.initJobs() > 1 && layout.tablesExist();
      if (parallel && layout.foreignKeys) {
        ctx.note(InitMessages.oneConnection("foreign keys exist on the pgbench tables"));
        parallel = false;
      }
      if (perUnit && freezes(layout.accountsKind)
          || perUnit && !layout.parts.isEmpty() && ctx.serverFreezes()) {
        ctx.note(InitMessages.freezeLost(Tables.ACCOUNTS, "one transaction per scale unit, -I M"));
      }
      if (!parallel) {
        single(perUnit);
      } else {
        parallel(perUnit);
      }
      branches.finish();
      tellers.finish();
      accounts.finish();
    }

    /** pgbench's way: one connection, one transaction (or one per scale unit with M). */
    private void single(boolean perUnit) throws InitError {
      InitConnection s = ctx.main();
      s.exec("begin", null);
      s.exec("truncate table " + Tables.ALL_FOUR, null);
      copySmallTables(s);
      if (perUnit) {
        s.exec("commit", null);
        for (long u = 0; u < ctx.scale(); u++) {
          copyUnit(s, u);
        }
        return;
      }
      if (layout.parts.isEmpty()) {
        copy(
            s,
            Tables.ACCOUNTS,
            Tables.ACCOUNTS,
            0,
            total,
            null,
            freezes(layout.accountsKind),
            accounts);
      } else {
        for (AccountsLayout.Part p : layout.parts) {
          copy(s, Tables.ACCOUNTS, p.name(), p.from(), p.to(), p.filter(), freezes('r'), accounts);
        }
      }
      s.exec("commit", null);
    }

    /** Accounts on their own connections (one per partition), branches and tellers beside them. */
    private void parallel(boolean perUnit) throws InitError {
      List<Jobs.Task> tasks = new ArrayList<>();
      if (perUnit) {
        ctx.main().exec("truncate table " + Tables.ACCOUNTS, Tables.ACCOUNTS);
        tasks.add(this::smallTablesTransaction);
        for (long[] r : unitRanges(ctx.scale(), ctx.initJobs())) {
          tasks.add(
              s -> {
                for (long u = r[0]; u < r[1]; u++) {
                  copyUnit(s, u);
                }
              });
        }
      } else if (layout.parts.isEmpty()) {
        tasks.add(
            s -> {
              s.exec("begin", Tables.ACCOUNTS);
              s.exec("truncate table " + Tables.ACCOUNTS, Tables.ACCOUNTS);
              copy(
                  s,
                  Tables.ACCOUNTS,
                  Tables.ACCOUNTS,
                  0,
                  total,
                  null,
                  freezes(layout.accountsKind),
                  accounts);
              s.exec("commit", Tables.ACCOUNTS);
            });
        tasks.add(this::smallTablesTransaction);
      } else {
        for (AccountsLayout.Part p : layout.parts) {
          tasks.add(
              s -> {
                s.exec("begin", p.name());
                s.exec("truncate table " + p.name(), p.name());
                copy(
                    s,
                    Tables.ACCOUNTS,
                    p.name(),
                    p.from(),
                    p.to(),
                    p.filter(),
                    freezes('r'),
                    accounts);
                s.exec("commit", p.name());
              });
        }
        tasks.add(this::smallTablesTransaction);
      }
      ctx.jobs.run(tasks, ctx.initJobs());
    }

    private void smallTablesTransaction(InitConnection s) throws InitError {
      s.exec("begin", null);
      s.exec(
          "truncate table " + Tables.BRANCHES + ", " + Tables.HISTORY + ", " + Tables.TELLERS,
          null);
      copySmallTables(s);
      s.exec("commit", null);
    }

    /** Branches then tellers (in that order in case foreign keys exist), each frozen if allowed. */
    private void copySmallTables(InitConnection s) throws InitError {
      int scale = ctx.scale();
      copy(
          s,
          Tables.BRANCHES,
          Tables.BRANCHES,
          0,
          (long) Tables.NBRANCHES * scale,
          null,
          freezes(layout.branchesKind),
          branches);
      copy(
          s,
          Tables.TELLERS,
          Tables.TELLERS,
          0,
          (long) Tables.NTELLERS * scale,
          null,
          freezes(layout.tellersKind),
          tellers);
    }

    /** One scale unit of accounts, in its own transaction (autocommit), through the parent. */
    private void copyUnit(InitConnection s, long unit) throws InitError {
      long from = unit * Tables.NACCOUNTS;
      copy(
          s,
          Tables.ACCOUNTS,
          Tables.ACCOUNTS,
          from,
          from + Tables.NACCOUNTS,
          null,
          false,
          accounts);
    }

    private void copy(
        InitConnection s,
        String table,
        String target,
        long from,
        long to,
        RowEncoder.RowFilter filter,
        boolean freeze,
        InitProgress progress)
        throws InitError {
      ctx.debug(
          "COPY "
              + (binary ? "binary " : "")
              + "into "
              + target
              + ", rows "
              + (from + 1)
              + ".."
              + to
              + (filter == null ? "" : " (its hash partition)")
              + (freeze ? ", FREEZE" : ", no FREEZE"));
      CopyLoader.load(
          s, table, target, from, to, filter, binary, layout.bigAid, freeze, progress, ctx.jobs);
    }
  }

  /** Scale units [0, scale) split into up to {@code n} contiguous ranges {from, to}. */
  static List<long[]> unitRanges(int scale, int n) {
    List<long[]> out = new ArrayList<>();
    int parts = Math.max(1, Math.min(n, scale));
    for (int i = 0; i < parts; i++) {
      long from = (long) scale * i / parts;
      long to = (long) scale * (i + 1) / parts;
      if (to > from) {
        out.add(new long[] {from, to});
      }
    }
    return out;
  }
}
