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
 *       connection everything loads in the transaction that truncates the tables, with FREEZE; with
 *       --init-jobs the warehouses are shared among the connections, each in a transaction of its
 *       own, without FREEZE (the vacuum step then sets the hint bits).
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
    boolean freeze = oneTransaction && ctx.serverFreezes();
    if (!oneTransaction && ctx.serverFreezes()) {
      ctx.note(
          InitMessages.freezeLost("the TPC-C tables", "a transaction per warehouse, --init-jobs"));
    }
    Unit unit =
        (s, w) -> {
          TpccCopyRows rows = new TpccCopyRows(new SplittableRandom(seed + w), now);
          try {
            if (w == 0) {
              rows.item(s.copyIn(CopyLoader.statement("item", false, freeze), "item"));
              return;
            }
            rows.warehouse(copy(s, "warehouse", freeze), w);
            rows.districts(copy(s, "district", freeze), w);
            rows.stock(copy(s, "stock", freeze), w);
            rows.customers(copy(s, "customer", freeze), w, load);
            rows.history(copy(s, "history", freeze), w);
            int[][] lines = rows.orders(copy(s, "orders", freeze), w);
            rows.orderLines(copy(s, "order_line", freeze), w, lines);
            rows.newOrders(copy(s, "new_order", freeze), w);
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
      List<Jobs.Task> tasks = tasks(ctx, (c, w) -> unit.load(s, w), false);
      for (Jobs.Task t : tasks) {
        ctx.jobs.checkCanceled();
        t.run(s);
      }
      s.exec("commit", null);
      return;
    }
    truncate(ctx, ctx.main());
    ctx.jobs.run(tasks(ctx, unit, true), ctx.initJobs());
  }

  private static org.postgresql.copy.CopyIn copy(InitConnection s, String table, boolean freeze)
      throws InitError {
    return s.copyIn(CopyLoader.statement(table, false, freeze), table);
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
    ctx.jobs.run(tasks(ctx, unit, false), ctx.initJobs());
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

  /**
   * ITEM's task, then one per warehouse, each printing its progress line when done.
   *
   * @param transaction each task in a transaction of its own (G's are already)
   */
  private static List<Jobs.Task> tasks(InitContext ctx, Unit unit, boolean transaction) {
    int scale = ctx.scale();
    long start = System.nanoTime();
    int[] done = {0};
    List<Jobs.Task> tasks = new ArrayList<>();
    for (int w = 0; w <= scale; w++) {
      int warehouse = w;
      tasks.add(
          s -> {
            if (transaction) {
              s.exec("begin", null);
            }
            unit.load(s, warehouse);
            if (transaction) {
              s.exec("commit", null);
            }
            if (warehouse == 0) {
              return;
            }
            synchronized (done) {
              done[0]++;
              double elapsed = (System.nanoTime() - start) / 1e9;
              ctx.err.println(
                  InitMessages.tpccWarehouseDone(
                      warehouse, done[0], scale, elapsed, elapsed / done[0] * (scale - done[0])));
            }
          });
    }
    return tasks;
  }

  private static void inTransaction(InitConnection s, List<String> statements) throws InitError {
    s.exec("begin", null);
    for (String sql : statements) {
      s.exec(sql, TpccSql.insertTarget(sql));
    }
    s.exec("commit", null);
  }
}
