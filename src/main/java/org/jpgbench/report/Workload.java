package org.jpgbench.report;

import java.util.Locale;

/**
 * A TPC-C-like run's throughput as the database counted it (docs/tpcc.md): the orders created
 * during the run, per minute of it (NOPM), beside all transactions per minute (TPM). Derived from
 * TPC-C, not audited, and not comparable to published tpmC.
 *
 * @param name the workload, "tpcc"
 * @param warehouses the run's scale
 * @param ordersBefore the database's order count (the districts' next order numbers, summed) read
 *     before the run
 * @param ordersAfter the same read after it: the orders gained are the difference (rolled-back ones
 *     add none)
 * @param transactions the run's transactions of every type (successful)
 * @param seconds the measured duration
 */
public record Workload(
    String name,
    int warehouses,
    long ordersBefore,
    long ordersAfter,
    long transactions,
    double seconds) {
  /** The orders the database gained during the run. */
  public long newOrders() {
    return ordersAfter - ordersBefore;
  }

  /**
   * The workload of runs merged into one (a group's members, or {@code merge}'s inputs) against one
   * database: the orders it gained from the first read before any of them to the last after, over
   * the merged run's {@code seconds}; null unless every input has one, of the same name.
   */
  public static Workload merged(
      java.util.List<Workload> inputs, long transactions, double seconds) {
    if (inputs.isEmpty() || inputs.contains(null)) {
      return null;
    }
    Workload first = inputs.get(0);
    long before = Long.MAX_VALUE;
    long after = Long.MIN_VALUE;
    for (Workload w : inputs) {
      if (!w.name().equals(first.name()) || w.warehouses() != first.warehouses()) {
        return null;
      }
      before = Math.min(before, w.ordersBefore());
      after = Math.max(after, w.ordersAfter());
    }
    return new Workload(first.name(), first.warehouses(), before, after, transactions, seconds);
  }

  /** New orders per minute. */
  public double nopm() {
    return seconds > 0 ? newOrders() * 60 / seconds : Double.NaN;
  }

  /** Transactions of every type per minute. */
  public double tpm() {
    return seconds > 0 ? transactions * 60 / seconds : Double.NaN;
  }

  /** The line after pgbench's report. */
  public String line() {
    return String.format(
        Locale.ROOT,
        "NOPM = %.1f (new orders per minute, counted in the database: %d in %.1f s; TPM = %.1f;"
            + " TPC-C-like, not comparable to tpmC)%n",
        nopm(),
        newOrders(),
        seconds,
        tpm());
  }
}
