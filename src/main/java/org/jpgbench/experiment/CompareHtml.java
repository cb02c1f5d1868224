package org.jpgbench.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.jpgbench.report.html.UplotPage;
import org.jpgbench.report.html.UplotPage.Series;

/**
 * A comparison drawn over itself: each side's tps per run (or, one run per side, per -P interval)
 * and the two sides' latency distributions overlaid, above the table of verdicts.
 */
final class CompareHtml {
  private static final String BASE = "#2563eb";
  private static final String NEW = "#ea580c";

  private CompareHtml() {}

  /** One comparison's charts and table on {@code page}, under {@code heading} if not empty. */
  static void section(
      UplotPage page, String heading, Comparison c, String baseLabel, String newLabel) {
    if (!heading.isEmpty()) {
      page.heading(heading);
    }
    page.note(CompareText.note(c).trim());
    if (c.method == Comparison.Method.BLOCK_BOOTSTRAP) {
      double[] b = c.base.get(0).series("tps");
      double[] n = c.neu.get(0).series("tps");
      page.chart(
          "tps per interval",
          "interval",
          "tps",
          index(Math.max(b.length, n.length)),
          List.of(
              new Series(baseLabel, padded(b, Math.max(b.length, n.length)), BASE, false),
              new Series(newLabel, padded(n, Math.max(b.length, n.length)), NEW, false)),
          false);
    } else {
      int runs = Math.max(c.base.size(), c.neu.size());
      page.chart(
          "tps per run",
          "run",
          "tps",
          index(runs),
          List.of(
              new Series(baseLabel, padded(tps(c.base), runs), BASE, false),
              new Series(newLabel, padded(tps(c.neu), runs), NEW, false)),
          false);
    }
    Histogram hb = merged(c.base);
    Histogram hn = merged(c.neu);
    if (hb.getTotalCount() > 0 && hn.getTotalCount() > 0) {
      double[] edges =
          edges(
              Math.min(hb.getMinValue(), hn.getMinValue()),
              Math.max(hb.getMaxValue(), hn.getMaxValue()));
      double[] x = new double[edges.length - 1];
      for (int i = 0; i < x.length; i++) {
        x[i] = Math.sqrt(edges[i] * edges[i + 1]) / 1000.0;
      }
      page.chart(
          "Latency distribution (all runs of each side)",
          "latency (ms)",
          "% of transactions",
          x,
          List.of(
              new Series(baseLabel, shares(hb, edges), BASE, false),
              new Series(newLabel, shares(hn, edges), NEW, false)),
          true);
    }
    List<List<String>> rows = new ArrayList<>();
    for (Comparison.Row r : c.rows) {
      Change ch = r.change();
      boolean claim = !Double.isNaN(ch.pValue());
      rows.add(
          List.of(
              r.metric().name(),
              number(ch.base(), r.metric()),
              spread(r.baseSpread()),
              number(ch.neu(), r.metric()),
              spread(r.newSpread()),
              CompareText.percent(ch.change()),
              claim && !Double.isNaN(ch.ciLow())
                  ? CompareText.percent(ch.ciLow()) + " .. " + CompareText.percent(ch.ciHigh())
                  : "",
              claim ? String.format(Locale.ROOT, "%.3f", ch.pValue()) : "",
              CompareText.verdict(ch)));
    }
    page.table(
        heading.isEmpty() ? "verdicts" : "verdicts " + heading,
        List.of(
            "metric",
            baseLabel,
            "± spread",
            newLabel,
            "± spread",
            "change",
            CompareText.confidence(c.alpha) + " CI",
            "p",
            "verdict"),
        rows);
  }

  /** A side's run-to-run spread (percent), blank when it has one run. */
  private static String spread(double percent) {
    return Double.isNaN(percent) ? "" : String.format(Locale.ROOT, "±%.1f%%", percent);
  }

  /** "base: a1.json, a2.json; new: b1.json": what the page compares. */
  static String inputs(Comparison c, String baseLabel, String newLabel) {
    return baseLabel
        + ": "
        + String.join(", ", c.base.stream().map(RunReport::source).toList())
        + "; "
        + newLabel
        + ": "
        + String.join(", ", c.neu.stream().map(RunReport::source).toList());
  }

  private static double[] tps(List<RunReport> runs) {
    return runs.stream().mapToDouble(RunReport::tps).toArray();
  }

  private static double[] index(int n) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = i + 1;
    }
    return x;
  }

  private static double[] padded(double[] v, int n) {
    double[] out = new double[n];
    java.util.Arrays.fill(out, Double.NaN);
    System.arraycopy(v, 0, out, 0, v.length);
    return out;
  }

  private static Histogram merged(List<RunReport> runs) {
    Histogram h = new Histogram(3);
    for (RunReport r : runs) {
      if (r.latencies() != null) {
        h.add(r.latencies());
      }
    }
    return h;
  }

  /** Bucket edges (µs) four to an octave from {@code min} to past {@code max}. */
  static double[] edges(long min, long max) {
    List<Double> e = new ArrayList<>();
    double at = Math.max(1, min);
    while (at <= max) {
      e.add(at);
      at *= Math.pow(2, 0.25);
    }
    e.add(at);
    return e.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** The share (%) of the histogram's values in each bucket [edges[i], edges[i+1]). */
  static double[] shares(Histogram h, double[] edges) {
    double[] out = new double[edges.length - 1];
    double total = h.getTotalCount();
    for (org.HdrHistogram.HistogramIterationValue v : h.recordedValues()) {
      int i = java.util.Arrays.binarySearch(edges, (double) v.getValueIteratedTo());
      int bucket = i >= 0 ? i : -i - 2; // the last edge not above the value
      bucket = Math.max(0, Math.min(out.length - 1, bucket));
      out[bucket] += 100.0 * v.getCountAtValueIteratedTo() / total;
    }
    return out;
  }

  private static String number(double v, Metric m) {
    if (Double.isNaN(v)) {
      return "-";
    }
    return switch (m.unit()) {
      case "tps" -> String.format(Locale.ROOT, "%.1f", v);
      case "ms" -> String.format(Locale.ROOT, "%.3f ms", v);
      default -> String.format(Locale.ROOT, "%.3f%%", v);
    };
  }
}
