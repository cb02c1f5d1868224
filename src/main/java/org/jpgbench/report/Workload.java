package org.jpgbench.report;

import java.util.Locale;

/**
 * A TPC-C-like run's throughput as the database counted it (docs/tpcc.md): the orders created
 * during the run, per minute of it (NOPM), beside all transactions per minute (TPM). Derived from
 * TPC-C, not audited, and not comparable to published tpmC.
 *
 * @param name the workload, "tpcc"
 * @param warehouses the run's scale
 * @param newOrders the orders the database gained during the run (rolled-back ones are not)
 * @param transactions the run's transactions of every type (successful)
 * @param seconds the measured duration
 */
public record Workload(
    String name, int warehouses, long newOrders, long transactions, double seconds) {
  /** New orders per minute. */
  public double nopm() {
    return seconds > 0 ? newOrders * 60 / seconds : Double.NaN;
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
        newOrders,
        seconds,
        tpm());
  }
}
