package org.jpgbench.experiment;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.jpgbench.config.Threshold;
import org.jpgbench.report.PercentileLines;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.SloCheck;

/**
 * What a sweep's point came to over its repeats: the runs' summaries, the runs that failed, and the
 * figures of the point's row: tps median and range, the average latency over the repeats,
 * percentiles of the repeats' merged histograms (not averaged), failures.
 */
final class PointResult {
  final SweepPlan.Point point;

  /** The actual client count and rate of the point's runs. */
  final int clients;

  final double rate;
  final List<RunSummary> runs = new ArrayList<>();

  /** The exit status of each run that did not complete (1 setup failure, 2 aborted). */
  final List<Integer> failedRuns = new ArrayList<>();

  private final Histogram merged = new Histogram(3);

  PointResult(SweepPlan.Point point, int clients, double rate) {
    this.point = point;
    this.clients = clients;
    this.rate = rate;
  }

  void add(RunSummary s) {
    runs.add(s);
    if (s.latencies() != null) {
      merged.add(s.latencies());
    }
  }

  boolean measured() {
    return !runs.isEmpty();
  }

  double[] tps() {
    return runs.stream().mapToDouble(RunSummary::tps).toArray();
  }

  double tpsMedian() {
    return median(tps());
  }

  /** The median of {@code v} (sorted in place); NaN when empty. */
  private static double median(double[] v) {
    Arrays.sort(v);
    if (v.length == 0) {
      return Double.NaN;
    }
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  double tpsMin() {
    return Arrays.stream(tps()).min().orElse(Double.NaN);
  }

  double tpsMax() {
    return Arrays.stream(tps()).max().orElse(Double.NaN);
  }

  /** Whether the point's runs counted NOPM (-b tpcc): then its row carries it. */
  boolean countsNopm() {
    return measured() && runs.stream().allMatch(r -> r.details().workload() != null);
  }

  /** Whether any point counted NOPM: then the sweep's table has its column. */
  static boolean countsNopm(List<PointResult> points) {
    return points.stream().anyMatch(PointResult::countsNopm);
  }

  /** A run's new orders per minute, as the database counted them; NaN without a workload. */
  static double nopm(RunSummary r) {
    return r.details().workload() == null ? Double.NaN : r.details().workload().nopm();
  }

  private double[] nopm() {
    return runs.stream().mapToDouble(PointResult::nopm).toArray();
  }

  /** The median NOPM over the repeats (NaN unless the point counted it). */
  double nopmMedian() {
    return countsNopm() ? median(nopm()) : Double.NaN;
  }

  double nopmMin() {
    return countsNopm() ? Arrays.stream(nopm()).min().orElse(Double.NaN) : Double.NaN;
  }

  double nopmMax() {
    return countsNopm() ? Arrays.stream(nopm()).max().orElse(Double.NaN) : Double.NaN;
  }

  /** The mean over the repeats of each run's latency average, ms. */
  double latencyAverage() {
    return runs.stream().mapToDouble(RunSummary::latencyAverageMillis).average().orElse(Double.NaN);
  }

  /** A percentile of all the repeats' latencies together, ms. */
  double percentile(double p) {
    return merged.getTotalCount() == 0 ? Double.NaN : PercentileLines.millis(merged, p);
  }

  /** Whether any run of the point was made (an interrupted sweep leaves some never run). */
  boolean ran() {
    return !runs.isEmpty() || !failedRuns.isEmpty();
  }

  long failed() {
    return runs.stream().mapToLong(r -> r.total().failures()).sum();
  }

  /** Failed transactions, percent of all the point's transactions. */
  double failedPercent() {
    long all = runs.stream().mapToLong(r -> r.total().total()).sum();
    return all == 0 ? 0 : 100.0 * failed() / all;
  }

  /** What the point measured for a --slo threshold (tps: the median; percentiles: merged). */
  double measure(Threshold t) {
    return switch (t.metric()) {
      case TPS -> tpsMedian();
      case LATENCY_AVERAGE -> latencyAverage();
      case PERCENTILE -> percentile(t.percentile());
      case FAILED -> failedPercent();
      case NOPM -> nopmMedian();
      case SKIPPED, RETRIED -> {
        double sum = 0;
        for (RunSummary r : runs) {
          sum += SloCheck.measure(t, r) * r.total().total();
        }
        long all = runs.stream().mapToLong(r -> r.total().total()).sum();
        yield all == 0 ? 0 : sum / all;
      }
    };
  }

  /** Whether the point meets every threshold (false when it measured nothing). */
  boolean meets(List<Threshold> thresholds) {
    if (!measured()) {
      return false;
    }
    for (Threshold t : thresholds) {
      double v = measure(t);
      if (Double.isNaN(v) || !t.comparison().holds(v, t.limit())) {
        return false;
      }
    }
    return true;
  }

  /**
   * The point's scaling against {@code first} (tps per client over the first point's), or under -R
   * its achieved share of the target rate; a fraction, NaN when it cannot be said.
   */
  double scaling(PointResult first) {
    if (!measured()) {
      return Double.NaN;
    }
    if (rate > 0) {
      return tpsMedian() / rate;
    }
    return first == null ? Double.NaN : tpsMedian() / (first.tpsMedian() * clients / first.clients);
  }

  /** The first point that measured anything: what the others' scaling is against. */
  static PointResult first(List<PointResult> points) {
    return points.stream().filter(PointResult::measured).findFirst().orElse(null);
  }

  /** The point of highest tps that meets every threshold, or null when none does. */
  static PointResult best(List<PointResult> points, List<Threshold> thresholds) {
    PointResult best = null;
    for (PointResult p : points) {
      if (p.meets(thresholds) && (best == null || p.tpsMedian() > best.tpsMedian())) {
        best = p;
      }
    }
    return best;
  }
}
