package org.jpgbench.stats;

/**
 * pgbench's SimpleStats: count, min, max, sum and sum of squares of a series of values (latencies
 * or schedule lags in microseconds), from which the reports derive average and standard deviation
 * exactly as pgbench does. Mutable, not thread-safe; allocation-free.
 */
public final class SimpleStats {
  public long count;
  public double min;
  public double max;
  public double sum;
  public double sum2;

  public void add(double v) {
    if (count == 0 || v < min) {
      min = v;
    }
    if (count == 0 || v > max) {
      max = v;
    }
    count++;
    sum += v;
    sum2 += v * v;
  }

  public void merge(SimpleStats o) {
    if (count == 0 || o.min < min) {
      min = o.min;
    }
    if (count == 0 || o.max > max) {
      max = o.max;
    }
    count += o.count;
    sum += o.sum;
    sum2 += o.sum2;
  }

  public void reset() {
    count = 0;
    min = max = sum = sum2 = 0;
  }

  public void copyFrom(SimpleStats o) {
    count = o.count;
    min = o.min;
    max = o.max;
    sum = o.sum;
    sum2 = o.sum2;
  }

  /** sum / count (NaN when empty), in the unit recorded. */
  public double mean() {
    return sum / count;
  }

  /** sqrt(sum2 / count - mean^2), as pgbench's printSimpleStats. */
  public double stddev() {
    double mean = sum / count;
    return Math.sqrt(sum2 / count - mean * mean);
  }
}
