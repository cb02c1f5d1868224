package org.jpgbench.report;

import java.util.Arrays;

/**
 * The run's figures per interval (one per -P period, else one per second): a few numbers each, kept
 * in primitive arrays that grow by doubling, so a day at one-second intervals (86400 entries) takes
 * a few MB. Times are µs from the run start; latencies µs (percentiles -1 when the interval had no
 * successful transaction). Written by one thread at a time (the progress thread, then the main
 * thread at the end); read once the run is over.
 */
public final class IntervalSeries {
  private int size;
  private long[] start = new long[64];
  private long[] end = new long[64];
  private long[] count = new long[64];
  private long[] failures = new long[64];
  private long[] skipped = new long[64];
  private double[] latencySum = new double[64];
  private double[] lagSum = new double[64];
  private long[] p50 = new long[64];
  private long[] p99 = new long[64];
  private long[] max = new long[64];

  /**
   * Appends an interval; the percentiles ({@code p50}, {@code p99}, {@code max}) -1 when unknown.
   */
  public void add(
      long startMicros,
      long endMicros,
      long transactions,
      long failed,
      long skip,
      double latencySumMicros,
      double lagSumMicros,
      long p50Micros,
      long p99Micros,
      long maxMicros) {
    if (size == start.length) {
      int n = size * 2;
      start = Arrays.copyOf(start, n);
      end = Arrays.copyOf(end, n);
      count = Arrays.copyOf(count, n);
      failures = Arrays.copyOf(failures, n);
      skipped = Arrays.copyOf(skipped, n);
      latencySum = Arrays.copyOf(latencySum, n);
      lagSum = Arrays.copyOf(lagSum, n);
      p50 = Arrays.copyOf(p50, n);
      p99 = Arrays.copyOf(p99, n);
      max = Arrays.copyOf(max, n);
    }
    start[size] = startMicros;
    end[size] = endMicros;
    count[size] = transactions;
    failures[size] = failed;
    skipped[size] = skip;
    latencySum[size] = latencySumMicros;
    lagSum[size] = lagSumMicros;
    p50[size] = p50Micros;
    p99[size] = p99Micros;
    max[size] = maxMicros;
    size++;
  }

  public int size() {
    return size;
  }

  public long startMicros(int i) {
    return start[i];
  }

  public long endMicros(int i) {
    return end[i];
  }

  /** Successful transactions. */
  public long count(int i) {
    return count[i];
  }

  public long failures(int i) {
    return failures[i];
  }

  public long skipped(int i) {
    return skipped[i];
  }

  public double latencySumMicros(int i) {
    return latencySum[i];
  }

  public double lagSumMicros(int i) {
    return lagSum[i];
  }

  public long p50Micros(int i) {
    return p50[i];
  }

  public long p99Micros(int i) {
    return p99[i];
  }

  public long maxMicros(int i) {
    return max[i];
  }

  /** Successful transactions per second over the interval. */
  public double tps(int i) {
    long d = end[i] - start[i];
    return d > 0 ? count[i] * 1e6 / d : 0;
  }

  /** Average latency in ms, NaN when no transaction succeeded. */
  public double latencyAverageMillis(int i) {
    return count[i] > 0 ? latencySum[i] / count[i] / 1000.0 : Double.NaN;
  }

  /** Average schedule lag in ms, NaN when no transaction succeeded. */
  public double lagAverageMillis(int i) {
    return count[i] > 0 ? lagSum[i] / count[i] / 1000.0 : Double.NaN;
  }
}
