package org.jpgbench.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * Two sides of runs compared metric by metric: Welch's test when each side has at least two runs,
 * else (one run each) the block bootstrap of their -P series, else nothing to claim.
 */
final class Comparison {
  /**
   * One metric's row.
   *
   * @param baseSpread the base runs' coefficient of variation in percent (NaN with one run)
   * @param newSpread the new runs'
   */
  record Row(Metric metric, Change change, double baseSpread, double newSpread) {}

  /** How the rows' intervals were obtained. */
  enum Method {
    WELCH,
    BLOCK_BOOTSTRAP,
    NONE
  }

  final List<RunReport> base;
  final List<RunReport> neu;
  final double alpha;

  /** The smallest relative change that matters (0.05 = ±5%): within it, "unchanged". */
  final double margin;

  final Method method;
  final List<Row> rows;

  private Comparison(
      List<RunReport> base,
      List<RunReport> neu,
      double alpha,
      double margin,
      Method method,
      List<Row> rows) {
    this.base = List.copyOf(base);
    this.neu = List.copyOf(neu);
    this.alpha = alpha;
    this.margin = margin;
    this.method = method;
    this.rows = List.copyOf(rows);
  }

  static Comparison of(
      List<RunReport> base, List<RunReport> neu, List<Metric> metrics, Decision decision) {
    double alpha = decision.alpha();
    Method method =
        base.size() >= 2 && neu.size() >= 2
            ? Method.WELCH
            : base.size() == 1 && neu.size() == 1 ? Method.BLOCK_BOOTSTRAP : Method.NONE;
    List<Row> rows = new ArrayList<>();
    for (Metric m : metrics) {
      double[] b = values(base, m);
      double[] n = values(neu, m);
      Change c;
      if (hasNaN(b) || hasNaN(n)) {
        c = Change.none(Welch.mean(b), Welch.mean(n));
      } else if (method == Method.WELCH) {
        c = Welch.compare(b, n, m.higherIsBetter(), alpha);
      } else if (method == Method.BLOCK_BOOTSTRAP && m.seriesKey() != null) {
        c = single(base.get(0), neu.get(0), m, alpha);
      } else {
        c = Change.none(Welch.mean(b), Welch.mean(n));
      }
      c = c.decided(decision.margin(), Math.min(base.size(), neu.size()));
      rows.add(new Row(m, c, spread(b), spread(n)));
    }
    return new Comparison(base, neu, alpha, decision.margin(), method, rows);
  }

  private static Change single(RunReport base, RunReport neu, Metric m, double alpha) {
    double[] bs = base.series(m.seriesKey());
    double[] ns = neu.series(m.seriesKey());
    double b = m.value().applyAsDouble(base);
    double n = m.value().applyAsDouble(neu);
    if (bs.length < BlockBootstrap.MIN_INTERVALS || ns.length < BlockBootstrap.MIN_INTERVALS) {
      return Change.none(b, n);
    }
    Change c = BlockBootstrap.compare(bs, ns, m.higherIsBetter(), alpha, 1);
    // the runs' own figures as the values; the series gave the interval
    return new Change(
        b,
        n,
        b != 0 ? n / b - 1 : Double.NaN,
        c.ciLow(),
        c.ciHigh(),
        c.pValue(),
        c.verdict(),
        c.method(),
        0);
  }

  /** Whether the two sides disagree beyond the noise on any compared metric. */
  boolean anyVerdict(Verdict v) {
    return rows.stream().anyMatch(r -> r.change().verdict() == v);
  }

  private static double[] values(List<RunReport> runs, Metric m) {
    double[] v = new double[runs.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = m.value().applyAsDouble(runs.get(i));
    }
    return v;
  }

  private static boolean hasNaN(double[] v) {
    for (double x : v) {
      if (Double.isNaN(x)) {
        return true;
      }
    }
    return v.length == 0;
  }

  /** Coefficient of variation in percent; NaN for fewer than two values or a zero mean. */
  static double spread(double[] v) {
    if (v.length < 2) {
      return Double.NaN;
    }
    double mean = Welch.mean(v);
    return mean == 0 ? Double.NaN : 100 * Math.sqrt(Welch.variance(v)) / Math.abs(mean);
  }
}
