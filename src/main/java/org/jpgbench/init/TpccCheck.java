package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;

/**
 * Step k of --workload=tpcc: TPC-C clause 3.3.2's consistency conditions 1 to 4, read in one
 * repeatable-read snapshot. A condition that does not hold fails the step, naming it and the first
 * warehouses and districts where it does not (at most {@value #SHOWN} each).
 */
final class TpccCheck {
  private TpccCheck() {}

  private static final int SHOWN = 5;

  /** Each condition: what it says, and the query of where it does not hold (w, d or w only). */
  record Condition(int number, String says, String violations) {}

  static final List<Condition> CONDITIONS =
      List.of(
          new Condition(
              1,
              "W_YTD = sum(D_YTD)",
              "select w_id, null from warehouse w"
                  + " where w_ytd is distinct from"
                  + " (select sum(d_ytd) from district where d_w_id = w.w_id)"
                  + " order by 1 limit "
                  + SHOWN),
          new Condition(
              2,
              "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)",
              "select d_w_id, d_id from district d"
                  + " where d_next_o_id - 1 is distinct from"
                  + " (select max(o_id) from orders where o_w_id = d.d_w_id and o_d_id = d.d_id)"
                  + " or d_next_o_id - 1 is distinct from coalesce((select max(no_o_id)"
                  + " from new_order where no_w_id = d.d_w_id and no_d_id = d.d_id),"
                  + " d_next_o_id - 1)"
                  + " order by 1, 2 limit "
                  + SHOWN),
          new Condition(
              3,
              "max(NO_O_ID) - min(NO_O_ID) + 1 = the district's NEW-ORDER rows",
              "select no_w_id, no_d_id from new_order group by 1, 2"
                  + " having max(no_o_id) - min(no_o_id) + 1 <> count(*)"
                  + " order by 1, 2 limit "
                  + SHOWN),
          new Condition(
              4,
              "sum(O_OL_CNT) = the district's ORDER-LINE rows",
              "select w, d from"
                  + " (select o_w_id as w, o_d_id as d, sum(o_ol_cnt) as n from orders"
                  + " group by 1, 2) o"
                  + " full join (select ol_w_id as w, ol_d_id as d, count(*) as n from order_line"
                  + " group by 1, 2) l using (w, d)"
                  + " where o.n is distinct from l.n"
                  + " order by 1, 2 limit "
                  + SHOWN));

  static void run(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.TPCC_CHECKING);
    InitConnection s = ctx.main();
    List<String> failed = new ArrayList<>();
    s.exec("begin isolation level repeatable read", null);
    for (Condition c : CONDITIONS) {
      List<List<String>> rows = s.queryRows(c.violations(), null);
      if (!rows.isEmpty()) {
        List<String> where = new ArrayList<>();
        for (List<String> r : rows) {
          where.add("warehouse " + r.get(0) + (r.get(1) != null ? " district " + r.get(1) : ""));
        }
        failed.add(InitMessages.tpccConditionFailed(c.number(), c.says(), where));
      }
    }
    s.exec("commit", null);
    if (!failed.isEmpty()) {
      throw new InitError(failed);
    }
    ctx.note(InitMessages.TPCC_CONSISTENT);
  }
}
