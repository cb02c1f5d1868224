package org.jpgbench.merge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.jpgbench.report.IntervalSeries;
import org.jpgbench.report.RunSummary;

/**
 * The merged per-interval series of several processes: their intervals re-bucketed on the wall
 * clock from the earliest start, counts summed, percentiles from the merged interval histograms of
 * their --hdr-log files (read in one pass, bucket by bucket).
 */
final class SeriesMerger {
  private SeriesMerger() {}

  /**
   * The merged series: one bucket per interval of wall-clock time from the earliest start. Each
   * input interval falls in the bucket of its midpoint. Counts come from the reports when there are
   * any, else from the logs; percentiles from the logs only (a percentile cannot be merged from
   * percentiles), so without logs they are left out.
   */
  static IntervalSeries series(
      List<RunSummary> reports, List<MergeInputs.HdrLog> logs, long start, long end, long length)
      throws IOException {
    if (start == Long.MAX_VALUE || end <= start) {
      return null;
    }
    int n = (int) Math.min(Integer.MAX_VALUE - 8, (end - start + length - 1) / length);
    long[] count = new long[n];
    long[] failures = new long[n];
    long[] skipped = new long[n];
    double[] latSum = new double[n];
    double[] lagSum = new double[n];
    boolean any = false;
    for (RunSummary r : reports) {
      IntervalSeries s = r.details().intervals();
      if (s == null) {
        continue;
      }
      long base = r.details().startEpochMicros();
      for (int i = 0; i < s.size(); i++) {
        int b = bucket(base + (s.startMicros(i) + s.endMicros(i)) / 2, start, length, n);
        count[b] += s.count(i);
        failures[b] += s.failures(i);
        skipped[b] += s.skipped(i);
        latSum[b] += s.latencySumMicros(i);
        lagSum[b] += s.lagSumMicros(i);
        any = true;
      }
    }
    long[][] pct =
        logs.isEmpty()
            ? null
            : LogBuckets.percentiles(
                logs,
                start,
                length,
                n,
                reports.isEmpty() ? count : null,
                reports.isEmpty() ? latSum : null);
    if (!any && pct == null) {
      return null;
    }
    IntervalSeries out = new IntervalSeries();
    for (int b = 0; b < n; b++) {
      long from = b * length;
      long to = Math.min((b + 1) * length, end - start);
      out.add(
          from,
          to,
          count[b],
          failures[b],
          skipped[b],
          latSum[b],
          lagSum[b],
          pct != null ? pct[0][b] : -1,
          pct != null ? pct[1][b] : -1,
          pct != null ? pct[2][b] : -1);
    }
    return out;
  }

  static int bucket(long epochMicros, long start, long length, int n) {
    long b = (epochMicros - start) / length;
    return (int) Math.max(0, Math.min(n - 1, b));
  }

  /** A pass over every log at once, bucket by bucket, so memory does not grow with the logs. */
  static final class LogBuckets {
    private LogBuckets() {}

    /**
     * @param count when not null, filled with the buckets' counts from the logs
     * @param latSum when not null, filled with the buckets' latency sums (µs) from the logs
     * @return p50, p99 and max per bucket (µs, -1 for an empty bucket)
     */
    static long[][] percentiles(
        List<MergeInputs.HdrLog> logs,
        long start,
        long length,
        int n,
        long[] count,
        double[] latSum)
        throws IOException {
      long[][] out = new long[3][n];
      for (long[] row : out) {
        java.util.Arrays.fill(row, -1);
      }
      List<HistogramLogReader> readers = new ArrayList<>();
      Histogram[] pending = new Histogram[logs.size()];
      try {
        for (MergeInputs.HdrLog l : logs) {
          readers.add(l.open());
        }
        Histogram acc = new Histogram(3);
        for (int b = 0; b < n; b++) {
          acc.reset();
          for (int i = 0; i < readers.size(); i++) {
            while (true) {
              if (pending[i] == null) {
                EncodableHistogram e = readers.get(i).nextIntervalHistogram();
                if (e == null) {
                  break;
                }
                pending[i] = (Histogram) e;
              }
              Histogram h = pending[i];
              long mid = midpointMicros(h.getStartTimeStamp(), h.getEndTimeStamp());
              if (bucket(mid, start, length, n) > b) {
                break;
              }
              acc.add(h);
              pending[i] = null;
            }
          }
          if (acc.getTotalCount() > 0) {
            out[0][b] = acc.getValueAtPercentile(50);
            out[1][b] = acc.getValueAtPercentile(99);
            out[2][b] = acc.getMaxValue();
            if (count != null) {
              count[b] = acc.getTotalCount();
              latSum[b] = acc.getMean() * acc.getTotalCount();
            }
          }
        }
      } finally {
        for (HistogramLogReader r : readers) {
          r.close();
        }
      }
      return out;
    }
  }

  /** The middle of an interval given in epoch milliseconds (an hdr log's time stamps), in µs. */
  private static long midpointMicros(long startMillis, long endMillis) {
    return (startMillis + endMillis) * 1000 / 2;
  }
}
