package org.jpgbench.config;

/**
 * jpgbench --slo: one service-level threshold a run must meet, e.g. {@code p99<=10ms}, {@code
 * tps>=5000}, {@code failed<=0.1%} or {@code nopm>=30000}. Parsed and checked once by the cli; the
 * report measures it.
 *
 * @param text as the user wrote it (spaces removed), for the report's lines
 * @param metric what is measured
 * @param percentile for {@link Metric#PERCENTILE}: the percentile in (0, 100]; else 0
 * @param comparison how the measured value must compare with {@link #limit}
 * @param limit in the metric's unit: milliseconds for latencies, transactions per second for tps,
 *     percent of all transactions for the shares
 */
public record Threshold(
    String text, Metric metric, double percentile, Comparison comparison, double limit) {

  /** What a threshold measures. */
  public enum Metric {
    /** Transactions per second, as the report's "tps = ". */
    TPS,
    /** The report's "latency average", ms. */
    LATENCY_AVERAGE,
    /** A percentile of the successful transactions' latencies, ms. */
    PERCENTILE,
    /** Failed transactions, percent of all. */
    FAILED,
    /** Skipped transactions (-R with -L), percent of all. */
    SKIPPED,
    /** Retried transactions, percent of all. */
    RETRIED,
    /** -b tpcc: new orders per minute, as the database counted them (docs/tpcc.md). */
    NOPM
  }

  /** The comparisons a threshold may use, by their operator. */
  public enum Comparison {
    LE("<="),
    LT("<"),
    GE(">="),
    GT(">");

    public final String operator;

    Comparison(String operator) {
      this.operator = operator;
    }

    /** Whether {@code measured} meets a threshold of {@code limit} (NaN never does). */
    public boolean holds(double measured, double limit) {
      return switch (this) {
        case LE -> measured <= limit;
        case LT -> measured < limit;
        case GE -> measured >= limit;
        case GT -> measured > limit;
      };
    }
  }

  /** Whether a higher value of the metric is better (tps), else lower is. */
  public boolean higherIsBetter() {
    return metric == Metric.TPS || metric == Metric.NOPM;
  }
}
