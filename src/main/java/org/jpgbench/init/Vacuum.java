package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;

/**
 * Step v: pgbench's {@code vacuum analyze} of the four tables, one after the other. With
 * --init-jobs &gt; 1 the tables (and the partitions of pgbench_accounts, whose parent is then
 * analyzed once they are vacuumed) are vacuumed on several connections at once. The end state is
 * pgbench's: every table and partition vacuumed and analyzed, the parent's statistics gathered.
 */
final class Vacuum {
  private Vacuum() {}

  static final List<String> TABLES =
      List.of(Tables.BRANCHES, Tables.TELLERS, Tables.ACCOUNTS, Tables.HISTORY);

  static void run(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.VACUUMING);
    if (ctx.initJobs() <= 1) {
      for (String t : TABLES) {
        ctx.main().exec("vacuum analyze " + t, t);
      }
      return;
    }
    List<String> parts = LeafPartitions.of(ctx.main());
    // PostgreSQL 18 can analyze a partitioned table without its partitions (ONLY): the partitions
    // are then analyzed in parallel too; before 18, analyzing the parent always analyzes them
    boolean only = ctx.serverVersion() >= 180000;
    List<Jobs.Task> tasks = new ArrayList<>();
    if (parts.isEmpty()) {
      tasks.add(s -> s.exec("vacuum analyze " + Tables.ACCOUNTS, Tables.ACCOUNTS));
    } else {
      for (String p : parts) {
        tasks.add(s -> s.exec((only ? "vacuum analyze " : "vacuum ") + p, p));
      }
    }
    for (String t : List.of(Tables.BRANCHES, Tables.TELLERS, Tables.HISTORY)) {
      tasks.add(s -> s.exec("vacuum analyze " + t, t));
    }
    ctx.jobs.run(tasks, ctx.initJobs());
    if (!parts.isEmpty()) {
      ctx.main().exec((only ? "analyze only " : "analyze ") + Tables.ACCOUNTS, Tables.ACCOUNTS);
    }
  }
}
