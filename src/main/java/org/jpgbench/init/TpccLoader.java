package org.jpgbench.init;

import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Steps g and G of --workload=tpcc: the data of TPC-C clause 4.3, ITEM once, then each warehouse
 * (its STOCK, DISTRICT, CUSTOMER, HISTORY, ORDER, ORDER-LINE and NEW-ORDER rows). C_LAST is drawn
 * with the load's NURand C kept in tpcc_constants by step t.
 *
 * <ul>
 *   <li>g (the default): generated on the client ({@link TpccCopyRows}) and sent by COPY. With one
 *       connection everything loads in the transaction that truncates the tables, with FREEZE. With
 *       --init-jobs the connections share the work, each part in a transaction of its own: ITEM,
 *       truncated and loaded with FREEZE; then each warehouse, without FREEZE (the vacuum step sets
 *       the hint bits), or with --partitions each leaf's warehouses, the leaves truncated in it and
 *       loaded with FREEZE ({@link TpccPartitions}).
 *   <li>G: generated on the server (tpcc-items.sql, tpcc-warehouse.sql), each warehouse in a
 *       transaction of its own, shared among --init-jobs connections.
 * </ul>
 */
final class TpccLoader {
  /** One warehouse's load (or ITEM's, for warehouse 0) on a connection. */
  private interface Unit {
    void load(InitConnection s, int warehouse) throws InitError;
  }

  private TpccLoader() {}

  /** Step g: the rows generated here and sent by COPY. */
  static void client(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.GENERATING_CLIENT);
    int load = Integer.parseInt(cLastLoad(ctx.main()));
    String now = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
    long seed = ThreadLocalRandom.current().nextLong();
    boolean oneTransaction = ctx.initJobs() == 1;
    TpccPartitions parts = TpccPartitions.of(ctx);
    if (parts != null) {
      parts.route(ctx.main());
    }
    boolean freezes = ctx.serverFreezes();
    // a table is frozen where it was truncated in the loading transaction: all of them in the
    // one transaction; with --init-jobs ITEM (its own) and the leaves (a transaction per leaf),
    // unless the foreign keys of an earlier step f forbid truncating a table on its own
    boolean apart = !oneTransaction && !foreignKeys(ctx.main());
    boolean freezeItem = freezes && (oneTransaction || apart);
    boolean freezeKeyed = freezes && (oneTransaction || (apart && parts != null));
    boolean freezeShared = freezes && oneTransaction;
    if (!oneTransaction && freezes && !freezeKeyed) {
      ctx.note(
          InitMessages.freezeLost(
              "the TPC-C tables",
              apart
                  ? "a transaction per warehouse, --init-jobs without --partitions"
                  : "--init-jobs, and foreign keys that keep a table from being truncated alone"));
    }
    Unit unit =
        (s, w) -> {
          TpccCopyRows rows = new TpccCopyRows(new SplittableRandom(seed + w), now);
          try {
            if (w == 0) {
              rows.item(copy(s, "item", "item", freezeItem));
              return;
            }
            rows.warehouse(copy(s, "warehouse", "warehouse", freezeShared), w);
            rows.districts(copy(s, "district", "district", freezeShared), w);
            rows.stock(keyed(s, parts, "stock", w, freezeKeyed), w);
            rows.customers(keyed(s, parts, "customer", w, freezeKeyed), w, load);
            rows.history(keyed(s, parts, "history", w, freezeKeyed), w);
            int[][] lines = rows.orders(keyed(s, parts, "orders", w, freezeKeyed), w);
            rows.orderLines(keyed(s, parts, "order_line", w, freezeKeyed), w, lines);
            rows.newOrders(keyed(s, parts, "new_order", w, freezeKeyed), w);
          } catch (SQLException e) {
            throw s.copyFailure(e, w == 0 ? "item" : "warehouse " + w);
          } finally {
            s.flushConnectionNotices();
          }
        };
    if (oneTransaction) {
      InitConnection s = ctx.main();
      s.exec("begin", null);
      truncate(ctx, s);
      Progress progress = new Progress(ctx);
      for (int w = 0; w <= ctx.scale(); w++) {
        ctx.jobs.checkCanceled();
        unit.load(s, w);
        progress.done(w);
      }
      commit(s);
      return;
    }
    truncate(ctx, ctx.main());
    ctx.jobs.run(jobTasks(ctx, unit, parts, apart), ctx.initJobs());
  }

  /** Whether foreign keys reference the TPC-C tables (an earlier step f). */
  private static boolean foreignKeys(InitConnection s) throws InitError {
    return "t"
        .equals(
            s.queryValue(
                "select exists (select from pg_catalog.pg_constraint c"
                    + " where c.contype = 'f' and c.confrelid = any (array['"
                    + String.join("', '", TpccTables.TABLES)
                    + "']::pg_catalog.regclass[]))",
                "item"));
  }

  /** The COPY of warehouse {@code w}'s rows of a keyed table: into its leaf, or the table. */
  private static org.postgresql.copy.CopyIn keyed(
      InitConnection s, TpccPartitions parts, String table, int w, boolean freeze)
      throws InitError {
    return copy(
        s, table, parts == null ? table : TpccPartitions.leaf(table, parts.leafOf(w)), freeze);
  }

  /** The COPY of {@code table}'s rows into {@code target} (the table or one of its leaves). */
  private static org.postgresql.copy.CopyIn copy(
      InitConnection s, String table, String target, boolean freeze) throws InitError {
    return s.copyIn(CopyLoader.statement(target, true, freeze), table);
  }

  /**
   * --init-jobs' tasks, each in a transaction of its own: ITEM (truncated in it, so frozen), then
   * one per warehouse, or with partitions one per leaf (its leaves truncated in it, so frozen).
   *
   * @param apart whether a task may truncate its own tables (no foreign key forbids it)
   */
  private static List<Jobs.Task> jobTasks(
      InitContext ctx, Unit unit, TpccPartitions parts, boolean apart) {
    Progress progress = new Progress(ctx);
    List<List<Integer>> groups = new ArrayList<>();
    for (int p = 1; p <= (parts == null ? ctx.scale() : parts.count()); p++) {
      groups.add(parts == null ? List.of(p) : parts.warehouses(p));
    }
    List<Jobs.Task> tasks = new ArrayList<>();
    tasks.add(
        s -> {
          s.exec("begin", null);
          if (apart) {
            s.exec("truncate table item", "item");
          }
          unit.load(s, 0);
          commit(s);
        });
    for (int g = 0; g < groups.size(); g++) {
      List<Integer> warehouses = groups.get(g);
      int leaf = g + 1;
      if (warehouses.isEmpty()) {
        continue;
      }
      tasks.add(
          s -> {
            s.exec("begin", null);
            if (parts != null && apart) {
              List<String> leaves = new ArrayList<>();
              TpccPartitions.KEYED.keySet().forEach(t -> leaves.add(TpccPartitions.leaf(t, leaf)));
              s.exec("truncate table " + String.join(", ", leaves), null);
            }
            for (int w : warehouses) {
              unit.load(s, w);
              progress.done(w);
            }
            commit(s);
          });
    }
    return tasks;
  }

  /** The line printed as each warehouse is loaded, with the time left at the rate so far. */
  private static final class Progress {
    private final InitContext ctx;
    private final long start = System.nanoTime();
    private int done;

    Progress(InitContext ctx) {
      this.ctx = ctx;
    }

    synchronized void done(int warehouse) {
      if (warehouse == 0) {
        return;
      }
      int scale = ctx.scale();
      done++;
      double elapsed = (System.nanoTime() - start) / 1e9;
      ctx.err.println(
          InitMessages.tpccWarehouseDone(
              warehouse, done, scale, elapsed, elapsed / done * (scale - done)));
    }
  }

  /** Step G: the rows generated on the server. */
  static void server(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.GENERATING_SERVER);
    String load = cLastLoad(ctx.main());
    truncate(ctx, ctx.main());
    Unit unit =
        (s, w) ->
            inTransaction(
                s,
                w == 0
                    ? TpccSql.statements("tpcc-items.sql", Map.of())
                    : TpccSql.statements(
                        "tpcc-warehouse.sql",
                        Map.of("W", Integer.toString(w), "C_LAST_LOAD", load)));
    ctx.jobs.run(tasks(ctx, unit), ctx.initJobs());
  }

  private static String cLastLoad(InitConnection main) throws InitError {
    String load = main.queryValue("select c_last_load from tpcc_constants", "tpcc_constants");
    if (load == null) {
      throw new InitError(List.of(InitMessages.TPCC_NO_CONSTANTS));
    }
    return load;
  }

  private static void truncate(InitContext ctx, InitConnection s) throws InitError {
    s.exec("truncate table " + String.join(", ", TpccTables.TABLES), null);
    s.exec("update tpcc_constants set warehouses = " + ctx.scale(), "tpcc_constants");
  }

  /** Step G's tasks: ITEM's, then one per warehouse, each printing its line when done. */
  private static List<Jobs.Task> tasks(InitContext ctx, Unit unit) {
    Progress progress = new Progress(ctx);
    List<Jobs.Task> tasks = new ArrayList<>();
    for (int w = 0; w <= ctx.scale(); w++) {
      int warehouse = w;
      tasks.add(
          s -> {
            unit.load(s, warehouse);
            progress.done(warehouse);
          });
    }
    return tasks;
  }

  /**
   * Commits a loading transaction, then has the server publish its counts of the rows inserted at
   * once (PostgreSQL 15+). A backend flushes them at most once a second, so a load that ended
   * within a second of the last flush kept them until after step v's ANALYZE had cleared the
   * tables' count of changes, and autovacuum analyzed the tables again during the first run.
   */
  private static void commit(InitConnection s) throws InitError {
    s.exec("commit", null);
    if (s.serverVersion >= 150000) {
      s.exec("select pg_catalog.pg_stat_force_next_flush()", null);
    }
  }

  private static void inTransaction(InitConnection s, List<String> statements) throws InitError {
    s.exec("begin", null);
    for (String sql : statements) {
      s.exec(sql, TpccSql.insertTarget(sql));
    }
    commit(s);
  }
}
