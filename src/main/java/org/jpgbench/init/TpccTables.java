package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Steps d, t, v, p and f of --workload=tpcc: the TPC-C-like tables (clause 1.3), their keys and
 * indexes, and the functions the tpcc-* scripts call (docs/tpcc.md). The load is {@link
 * TpccLoader}'s.
 */
final class TpccTables {
  private TpccTables() {}

  /** The tables, in the order they are vacuumed (the largest first). */
  static final List<String> TABLES =
      List.of(
          "stock",
          "order_line",
          "customer",
          "orders",
          "history",
          "new_order",
          "item",
          "district",
          "warehouse");

  /**
   * The drop of the functions tpcc-tables.sql and tpcc-functions.sql create (those of this schema
   * named tpcc_...), without a notice for each one missing.
   */
  private static final String DROP_FUNCTIONS =
      """
      do $$
      declare
        f regprocedure;
      begin
        for f in select p.oid::regprocedure from pg_catalog.pg_proc p
                 where p.pronamespace = pg_catalog.current_schema()::regnamespace
                   and p.proname in ('tpcc_new_order', 'tpcc_payment', 'tpcc_order_status',
                     'tpcc_delivery', 'tpcc_stock_level', 'tpcc_customer', 'tpcc_hex24',
                     'tpcc_astr', 'tpcc_nstr', 'tpcc_zip', 'tpcc_state', 'tpcc_data',
                     'tpcc_syllable', 'tpcc_last_name')
        loop
          execute 'drop function ' || f;
        end loop;
      end $$""";

  /** The primary keys (clause 1.3's) and the two indexes the transactions search by. */
  static final List<String> KEYS =
      List.of(
          "alter table warehouse add primary key (w_id)",
          "alter table district add primary key (d_w_id, d_id)",
          "alter table customer add primary key (c_w_id, c_d_id, c_id)",
          "create index customer_last_name on customer (c_w_id, c_d_id, c_last, c_first)",
          "alter table new_order add primary key (no_w_id, no_d_id, no_o_id)",
          "alter table orders add primary key (o_w_id, o_d_id, o_id)",
          "create index orders_customer on orders (o_w_id, o_d_id, o_c_id, o_id)",
          "alter table order_line add primary key (ol_w_id, ol_d_id, ol_o_id, ol_number)",
          "alter table item add primary key (i_id)",
          "alter table stock add primary key (s_w_id, s_i_id)");

  /**
   * Step f: the foreign keys of clause 1.3's relations (each referencing a primary key of step p),
   * on one connection: each locks both of its tables, so that in parallel they would wait on each
   * other. Not among the default steps, as pgbench's are not.
   */
  static final List<String> FOREIGN_KEYS =
      List.of(
          "alter table district add foreign key (d_w_id) references warehouse",
          "alter table customer add foreign key (c_w_id, c_d_id) references district",
          "alter table history add foreign key (h_c_w_id, h_c_d_id, h_c_id) references customer",
          "alter table history add foreign key (h_w_id, h_d_id) references district",
          "alter table orders add foreign key (o_w_id, o_d_id, o_c_id) references customer",
          "alter table new_order add foreign key (no_w_id, no_d_id, no_o_id) references orders",
          "alter table order_line add foreign key (ol_w_id, ol_d_id, ol_o_id) references orders",
          "alter table order_line add foreign key (ol_supply_w_id, ol_i_id) references stock",
          "alter table stock add foreign key (s_w_id) references warehouse",
          "alter table stock add foreign key (s_i_id) references item");

  static void foreignKeys(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.CREATING_FKEYS);
    for (String sql : FOREIGN_KEYS) {
      ctx.main().exec(sql, tableOf(sql));
    }
  }

  static void drop(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.DROPPING);
    ctx.main().exec("drop table if exists " + String.join(", ", TABLES) + ", tpcc_constants", null);
    ctx.main().exec(DROP_FUNCTIONS, null);
  }

  /** The tables, NURand's constants (chosen now, clause 2.1.6.1), then the functions. */
  static void create(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.CREATING_TABLES);
    InitConnection s = ctx.main();
    String unlogged = ctx.options.init().unloggedTables() ? "unlogged " : "";
    TpccPartitions partitions = TpccPartitions.of(ctx);
    for (String sql : TpccSql.statements("tpcc-tables.sql", Map.of("UNLOGGED", unlogged))) {
      s.exec(partitions != null ? partitions.table(sql) : sql, null);
    }
    if (partitions != null) {
      ctx.err.println(InitMessages.creatingPartitions(partitions.count()));
      for (String sql : partitions.leaves(unlogged)) {
        s.exec(sql, null);
      }
    }
    for (String sql : TpccSql.statements("tpcc-statistics.sql", Map.of())) {
      s.exec(sql, tableOf(sql)); // through a partitioned parent to its leaves
    }
    int[] c = constants(ThreadLocalRandom.current());
    s.exec(
        "insert into tpcc_constants values ("
            + ctx.scale()
            + ", "
            + c[0]
            + ", "
            + c[1]
            + ", "
            + c[2]
            + ", "
            + c[3]
            + ")",
        "tpcc_constants");
    Map<String, String> values =
        Map.of(
            "C_LAST_RUN", Integer.toString(c[1]),
            "C_ID", Integer.toString(c[2]),
            "C_OL_I_ID", Integer.toString(c[3]));
    for (String sql : TpccSql.statements("tpcc-functions.sql", values)) {
      s.exec(sql, null);
    }
  }

  /**
   * NURand's C values: C_LAST at load and at run time, whose distance must lie in 65..119 and not
   * be 96 or 112 (clause 2.1.6.1); C for C_ID and OL_I_ID.
   *
   * @return {c_last_load, c_last_run, c_id, ol_i_id}
   */
  static int[] constants(java.util.random.RandomGenerator random) {
    int load = random.nextInt(256);
    List<Integer> run = new ArrayList<>();
    for (int r = 0; r < 256; r++) {
      int delta = Math.abs(r - load);
      if (delta >= 65 && delta <= 119 && delta != 96 && delta != 112) {
        run.add(r);
      }
    }
    return new int[] {
      load, run.get(random.nextInt(run.size())), random.nextInt(1024), random.nextInt(8192)
    };
  }

  /**
   * Step v: each table vacuumed and analyzed whole, its columns' statistics as tpcc-statistics.sql
   * set them (only those the transactions search by), so that ANALYZE also clears the count of
   * changes autovacuum would otherwise analyze the tables again for, a minute into the first run.
   */
  static void vacuum(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.VACUUMING);
    List<Jobs.Task> tasks = new ArrayList<>();
    for (String t : TABLES) {
      tasks.add(s -> s.exec("vacuum analyze " + t, t));
    }
    ctx.jobs.run(tasks, ctx.initJobs());
  }

  static void keys(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.CREATING_PKEYS);
    List<Jobs.Task> tasks = new ArrayList<>();
    for (String sql : KEYS) {
      String table = tableOf(sql);
      tasks.add(s -> s.exec(sql, table));
    }
    ctx.jobs.run(tasks, ctx.initJobs());
  }

  /**
   * The table a statement of this class's works on, for messages: "alter table T ..." (any case) or
   * "create index I on T ...".
   */
  private static String tableOf(String sql) {
    String[] w = sql.split(" ");
    return w[0].equalsIgnoreCase("alter") ? w[2] : w[4];
  }
}
