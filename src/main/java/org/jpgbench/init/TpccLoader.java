package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Step G of --workload=tpcc: the data of TPC-C clause 4.3 generated on the server, ITEM once, then
 * each warehouse in a transaction of its own (its STOCK, DISTRICT, CUSTOMER, HISTORY, ORDER,
 * ORDER-LINE and NEW-ORDER rows), the warehouses shared among --init-jobs connections. C_LAST is
 * drawn with the load's NURand C kept in tpcc_constants by step t.
 */
final class TpccLoader {
  private TpccLoader() {}

  static void run(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.GENERATING_SERVER);
    InitConnection main = ctx.main();
    String load = main.queryValue("select c_last_load from tpcc_constants", "tpcc_constants");
    if (load == null) {
      throw new InitError(List.of(InitMessages.TPCC_NO_CONSTANTS));
    }
    int scale = ctx.scale();
    main.exec("truncate table " + String.join(", ", TpccTables.TABLES), null);
    main.exec("update tpcc_constants set warehouses = " + scale, "tpcc_constants");
    long start = System.nanoTime();
    int[] done = {0};
    List<Jobs.Task> tasks = new ArrayList<>();
    tasks.add(s -> inTransaction(s, TpccSql.statements("tpcc-items.sql", Map.of())));
    for (int w = 1; w <= scale; w++) {
      List<String> sql =
          TpccSql.statements(
              "tpcc-warehouse.sql", Map.of("W", Integer.toString(w), "C_LAST_LOAD", load));
      int warehouse = w;
      tasks.add(
          s -> {
            inTransaction(s, sql);
            synchronized (done) {
              done[0]++;
              double elapsed = (System.nanoTime() - start) / 1e9;
              ctx.err.println(
                  InitMessages.tpccWarehouseDone(
                      warehouse, done[0], scale, elapsed, elapsed / done[0] * (scale - done[0])));
            }
          });
    }
    ctx.jobs.run(tasks, ctx.initJobs());
  }

  private static void inTransaction(InitConnection s, List<String> statements) throws InitError {
    s.exec("begin", null);
    for (String sql : statements) {
      s.exec(sql, TpccSql.insertTarget(sql));
    }
    s.exec("commit", null);
  }
}
