package org.jpgbench.run;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.db.Session;
import org.jpgbench.log.PgLog;

/**
 * What a run of the TPC-C-like scripts reads from the database: the warehouses (its scale, as
 * pgbench_branches' count is the builtins'), and the orders created, counted before and after so
 * that NOPM is the database's count, whoever ran the transactions.
 */
final class TpccCounts {
  private TpccCounts() {}

  static final String WAREHOUSES = "select count(*) from warehouse";

  /** Every district's next order number, summed: it grows by one per order created. */
  static final String ORDERS = "select sum(d_next_o_id) from district";

  /**
   * --server-stats' counter of the workload: the orders created, read at every interval's end (its
   * growth per minute is the interval's NOPM).
   */
  static final Map<String, String> MONITORED = Map.of("new_orders", ORDERS);

  /**
   * The number of warehouses, or -1 with the error printed: a database without the tables is told
   * how to create them.
   */
  static int warehouses(Session con, Console console, String dbName) {
    try {
      List<String[]> rows = con.query(WAREHOUSES);
      int n = rows.isEmpty() ? 0 : Preflight.atoi(rows.get(0)[0]);
      if (n > 0) {
        return n;
      }
      console.error(Messages.f(Messages.TPCC_NO_WAREHOUSE, "the warehouse table is empty"));
    } catch (SQLException e) {
      console.error(Messages.f(Messages.TPCC_NO_WAREHOUSE, PgError.message(e, WAREHOUSES)));
    }
    console.hint(Messages.f(Messages.TPCC_NEED_INIT, PgLog.progname(), dbName));
    return -1;
  }

  /** The orders created so far (see {@link #ORDERS}); -1 when it cannot be read. */
  static long orders(Session con) {
    try {
      List<String[]> rows = con.query(ORDERS);
      return rows.isEmpty() || rows.get(0)[0] == null ? -1 : Long.parseLong(rows.get(0)[0]);
    } catch (SQLException | NumberFormatException e) {
      return -1;
    }
  }

  /** {@link #orders} on a connection of its own (after the run); -1 when it cannot be read. */
  static long orders(ConnectionFactory db) {
    try (Session s = db.openSession(org.jpgbench.config.QueryMode.SIMPLE)) {
      return orders(s);
    } catch (SQLException e) {
      return -1;
    }
  }
}
