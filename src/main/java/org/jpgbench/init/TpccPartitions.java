package org.jpgbench.init;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Options.PartitionMethod;

/**
 * --workload=tpcc --partitions=N: the six tables keyed by warehouse (STOCK, CUSTOMER, HISTORY,
 * ORDER, NEW-ORDER, ORDER-LINE) partitioned by their warehouse column, by range (N runs of
 * consecutive warehouses, open-ended first and last, as pgbench's accounts) or by hash. ITEM,
 * WAREHOUSE and DISTRICT stay plain tables. Each warehouse's rows go straight into its leaves, so
 * that every leaf is loaded with COPY FREEZE, with --init-jobs too (one transaction per leaf).
 */
final class TpccPartitions {
  /** The partitioned tables and their warehouse column, in the order they are loaded. */
  static final Map<String, String> KEYED = new LinkedHashMap<>();

  static {
    KEYED.put("stock", "s_w_id");
    KEYED.put("customer", "c_w_id");
    KEYED.put("history", "h_w_id");
    KEYED.put("orders", "o_w_id");
    KEYED.put("order_line", "ol_w_id");
    KEYED.put("new_order", "no_w_id");
  }

  private static final java.util.regex.Pattern CREATE =
      java.util.regex.Pattern.compile("^CREATE (unlogged )?TABLE (\\w+) ");

  private final PartitionMethod method;
  private final int partitions;
  private final int scale;

  /** Hash: each warehouse's leaf as the server routes it (1-based), else null. */
  private int[] hashLeaf;

  TpccPartitions(PartitionMethod method, int partitions, int scale) {
    this.method = method;
    this.partitions = partitions;
    this.scale = scale;
  }

  /** The partitions of this init, or null when the tables are not partitioned. */
  static TpccPartitions of(InitContext ctx) {
    int n = ctx.options.init().partitions();
    return n > 0 ? new TpccPartitions(ctx.partitionMethod(), n, ctx.scale()) : null;
  }

  int count() {
    return partitions;
  }

  /**
   * A CREATE TABLE of tpcc-tables.sql as this init makes it: a keyed table becomes a partitioned
   * parent (never unlogged: its leaves are), the others stay as they are.
   */
  String table(String create) {
    java.util.regex.Matcher m = CREATE.matcher(create);
    if (!m.find() || !KEYED.containsKey(m.group(2))) {
      return create;
    }
    String name = m.group(2);
    String kind = method == PartitionMethod.HASH ? "hash" : "range";
    return create.replaceFirst("^CREATE unlogged TABLE", "CREATE TABLE")
        + " partition by "
        + kind
        + " ("
        + KEYED.get(name)
        + ")";
  }

  /** The leaves of every keyed table: {@code stock_1} ... {@code stock_N}. */
  List<String> leaves(String unlogged) {
    List<String> out = new ArrayList<>();
    int size = (scale + partitions - 1) / partitions;
    for (String t : KEYED.keySet()) {
      for (int p = 1; p <= partitions; p++) {
        String bounds =
            method == PartitionMethod.HASH
                ? "with (modulus " + partitions + ", remainder " + (p - 1) + ")"
                : "from ("
                    + (p == 1 ? "minvalue" : Integer.toString((p - 1) * size + 1))
                    + ") to ("
                    + (p < partitions ? Integer.toString(p * size + 1) : "maxvalue")
                    + ")";
        out.add(
            "create "
                + unlogged
                + "table "
                + leaf(t, p)
                + " partition of "
                + t
                + " for values "
                + bounds);
      }
    }
    return out;
  }

  static String leaf(String table, int p) {
    return table + "_" + p;
  }

  /**
   * For hash partitions, asks the server which leaf each warehouse goes to (its own routing,
   * satisfies_hash_partition), once before the load.
   */
  void route(InitConnection s) throws InitError {
    if (method != PartitionMethod.HASH) {
      return;
    }
    hashLeaf = new int[scale + 1];
    String sql =
        "select w, r from generate_series(1, "
            + scale
            + ") w, generate_series(0, "
            + (partitions - 1)
            + ") r where pg_catalog.satisfies_hash_partition('stock'::pg_catalog.regclass, "
            + partitions
            + ", r, w)";
    for (List<String> row : s.queryRows(sql, "stock")) {
      hashLeaf[Integer.parseInt(row.get(0))] = Integer.parseInt(row.get(1)) + 1;
    }
  }

  /** The leaf (1..N) that holds warehouse {@code w}. */
  int leafOf(int w) {
    if (hashLeaf != null) {
      return hashLeaf[w];
    }
    int size = (scale + partitions - 1) / partitions;
    return Math.min(partitions, (w - 1) / size + 1);
  }

  /** The warehouses of leaf {@code p}, in order. */
  List<Integer> warehouses(int p) {
    List<Integer> out = new ArrayList<>();
    for (int w = 1; w <= scale; w++) {
      if (leafOf(w) == p) {
        out.add(w);
      }
    }
    return out;
  }
}
