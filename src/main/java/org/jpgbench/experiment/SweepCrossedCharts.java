package org.jpgbench.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.jpgbench.report.html.UplotPage;
import org.jpgbench.report.html.UplotPage.Series;

/**
 * The charts of a crossed sweep (--clients and --rates): against the target rate, one line per
 * client count, so that no line runs through points of different client counts; tps achieved, then
 * p99.
 */
final class SweepCrossedCharts {
  private static final String[] PALETTE = {
    "#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#4d7c0f", "#be185d"
  };

  private SweepCrossedCharts() {}

  static void add(UplotPage page, List<PointResult> measured, PointResult best) {
    TreeSet<Double> rateSet = new TreeSet<>();
    TreeSet<Integer> clientSet = new TreeSet<>();
    for (PointResult p : measured) {
      rateSet.add(p.rate);
      clientSet.add(p.clients);
    }
    double[] x = rateSet.stream().mapToDouble(Double::doubleValue).toArray();
    List<Series> tps = new ArrayList<>();
    List<Series> p99 = new ArrayList<>();
    int i = 0;
    for (int clients : clientSet) {
      double[] t = new double[x.length];
      double[] l = new double[x.length];
      for (int k = 0; k < x.length; k++) {
        PointResult p = find(measured, clients, x[k]);
        t[k] = p == null ? Double.NaN : p.tpsMedian();
        l[k] = p == null ? Double.NaN : p.percentile(99);
      }
      String color = color(i++);
      tps.add(new Series("clients " + clients, t, color, false));
      p99.add(new Series("p99, clients " + clients, l, color, false));
    }
    if (best != null) {
      tps.add(bestLine(best, x.length));
    }
    page.chart("Throughput by target rate", "rate (tps)", "tps", x, tps, false);
    page.chart("p99 latency by target rate", "rate (tps)", "ms", x, p99, false);
  }

  private static PointResult find(List<PointResult> points, int clients, double rate) {
    for (PointResult p : points) {
      if (p.clients == clients && p.rate == rate) {
        return p;
      }
    }
    return null;
  }

  /** A dashed level line at the best throughput within the SLO, across the chart. */
  static Series bestLine(PointResult best, int n) {
    double[] v = new double[n];
    java.util.Arrays.fill(v, best.tpsMedian());
    return new Series("best within SLO (" + SweepText.label(best) + ")", v, "#f59e0b", true);
  }

  /** The palette's colour for the {@code i}th line. */
  static String color(int i) {
    return PALETTE[i % PALETTE.length];
  }
}
