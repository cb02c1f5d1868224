package org.jpgbench.script;

import java.util.ArrayList;
import java.util.List;

/**
 * The TPC-C-like workload's five transactions as ordinary pgbench scripts (docs/tpcc.md): each
 * draws its inputs with pgbench expressions, as TPC-C clause 2 says (NURand's two randoms ORed, the
 * function adding the C chosen at init; remote warehouses; by last name) and calls the server-side
 * function that {@code jpgbench -i --workload=tpcc} installed. They run unchanged under native
 * pgbench 15+ ({@code pgbench -n -s W -f new-order.sql@45 -f payment.sql@43 ...}). {@code -b tpcc}
 * is the five at clause 5.2.3's mix.
 */
public final class TpccScripts {
  private TpccScripts() {}

  /** The name that selects the mix. */
  public static final String MIX = "tpcc";

  /** The scripts' names begin with it. */
  public static final String PREFIX = "tpcc-";

  /** A warehouse other than :w_id, uniformly, when there are several (else :w_id). */
  private static final String OTHER_WAREHOUSE = "(:w_id + random(0, :scale - 2)) % :scale + 1";

  private static String newOrder() {
    StringBuilder b =
        new StringBuilder(
            """
            -- TPC-C-like New-Order (clause 2.4): 5-15 items ordered, 1% rolled back (docs/tpcc.md)
            \\set w_id random(1, :scale)
            \\set d_id random(1, 10)
            -- NURand: the script draws the OR of the two randoms, the function adds init's C
            \\set c_id random(0, 1023) | random(1, 3000)
            \\set ol_cnt random(5, 15)
            \\set rollback random(1, 100) = 1
            -- each line: an item, its supplying warehouse (1% remote when there are several),
            -- a quantity of 1-10; the function uses the first :ol_cnt
            """);
    for (int i = 1; i <= 15; i++) {
      b.append("\\set i").append(i).append(" random(0, 8191) | random(1, 100000)\n");
      b.append("\\set s")
          .append(i)
          .append(" CASE WHEN :scale > 1 AND random(1, 100) = 1 THEN ")
          .append(OTHER_WAREHOUSE)
          .append(" ELSE :w_id END\n");
      b.append("\\set q").append(i).append(" random(1, 10)\n");
    }
    b.append("SELECT tpcc_new_order(:w_id, :d_id, :c_id, :ol_cnt, :rollback,\n");
    for (String p : List.of("i", "s", "q")) {
      List<String> vars = new ArrayList<>();
      for (int i = 1; i <= 15; i++) {
        vars.add(":" + p + i);
      }
      // typed, so that -M extended/prepared, whose parameters the server types itself, finds the
      // function (an ARRAY of untyped parameters would be text[])
      b.append("  ARRAY[")
          .append(String.join(", ", vars))
          .append(p.equals("q") ? "]::int[]);\n" : "]::int[],\n");
    }
    return b.toString();
  }

  private static final String PAYMENT =
      """
      -- TPC-C-like Payment (clause 2.5): 15% for a customer of another warehouse, 60% by last name
      \\set w_id random(1, :scale)
      \\set d_id random(1, 10)
      \\set remote :scale > 1 AND random(1, 100) <= 15
      \\set c_w_id CASE WHEN :remote THEN {OTHER} ELSE :w_id END
      \\set c_d_id CASE WHEN :remote THEN random(1, 10) ELSE :d_id END
      \\set by_name random(1, 100) <= 60
      \\set c_id random(0, 1023) | random(1, 3000)
      \\set c_last random(0, 255) | random(0, 999)
      \\set amount random(100, 500000)
      SELECT tpcc_payment(:w_id, :d_id, :c_w_id, :c_d_id, :by_name, :c_id, :c_last, :amount);
      """
          .replace("{OTHER}", OTHER_WAREHOUSE);

  private static final String ORDER_STATUS =
      """
      -- TPC-C-like Order-Status (clause 2.6): a customer's last order, 60% found by last name
      \\set w_id random(1, :scale)
      \\set d_id random(1, 10)
      \\set by_name random(1, 100) <= 60
      \\set c_id random(0, 1023) | random(1, 3000)
      \\set c_last random(0, 255) | random(0, 999)
      SELECT tpcc_order_status(:w_id, :d_id, :by_name, :c_id, :c_last);
      """;

  private static final String DELIVERY =
      """
      -- TPC-C-like Delivery (clause 2.7): the oldest new order of each of a warehouse's districts
      \\set w_id random(1, :scale)
      \\set carrier random(1, 10)
      SELECT tpcc_delivery(:w_id, :carrier);
      """;

  private static final String STOCK_LEVEL =
      """
      -- TPC-C-like Stock-Level (clause 2.8): items of a district's last 20 orders below 10-20
      \\set w_id random(1, :scale)
      \\set d_id random(1, 10)
      \\set threshold random(10, 20)
      SELECT tpcc_stock_level(:w_id, :d_id, :threshold);
      """;

  /** The five, in the mix's order. */
  static final List<BuiltinScripts.Builtin> ALL =
      List.of(
          new BuiltinScripts.Builtin(
              "tpcc-new-order", "<builtin: TPC-C-like New-Order>", newOrder()),
          new BuiltinScripts.Builtin("tpcc-payment", "<builtin: TPC-C-like Payment>", PAYMENT),
          new BuiltinScripts.Builtin(
              "tpcc-order-status", "<builtin: TPC-C-like Order-Status>", ORDER_STATUS),
          new BuiltinScripts.Builtin("tpcc-delivery", "<builtin: TPC-C-like Delivery>", DELIVERY),
          new BuiltinScripts.Builtin(
              "tpcc-stock-level", "<builtin: TPC-C-like Stock-Level>", STOCK_LEVEL));

  /** Clause 5.2.3's mix: new-order 45, payment 43, order-status, delivery, stock-level 4 each. */
  public static final List<Integer> WEIGHTS = List.of(45, 43, 4, 4, 4);

  /** The five scripts of the mix, in order. */
  public static List<BuiltinScripts.Builtin> all() {
    return ALL;
  }

  /** Whether a script (by name) is one of the five. */
  public static boolean isTpcc(String scriptName) {
    return scriptName.startsWith(PREFIX);
  }
}
