package org.jpgbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Inline SVG charts for the HTML report, drawn in Java so the page needs no script and no network:
 * line charts over the run time (gaps where a value is NaN) and a bar chart of the latency
 * distribution on a logarithmic axis. Axes get "nice" ticks, light grid lines and a legend. Time
 * ranges can be shaded behind the lines (--reconnect's outages).
 */
final class SvgChart {
  static final int WIDTH = 1040;
  static final int HEIGHT = 300;
  private static final int LEFT = 70;
  private static final int RIGHT = 20;
  private static final int TOP = 34;
  private static final int BOTTOM = 44;

  private record Series(String name, String color, double[] xs, double[] ys) {}

  private record Band(double from, double to, String title) {}

  static final String BAND_COLOR = "#fecaca";

  private final String label;
  private final String xLabel;
  private final String yLabel;
  private final List<Series> series = new ArrayList<>();
  private final List<Band> bands = new ArrayList<>();

  /**
   * @param label the chart's accessible name
   */
  SvgChart(String label, String xLabel, String yLabel) {
    this.label = label;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  SvgChart line(String name, String color, double[] xs, double[] ys) {
    series.add(new Series(name, color, xs, ys));
    return this;
  }

  /** Shades {@code [from, to]} of the x axis behind the lines, {@code title} on hover. */
  SvgChart shade(double from, double to, String title) {
    bands.add(new Band(from, to, title));
    return this;
  }

  /** The line chart; y starts at 0. */
  String render() {
    double xMin = Double.MAX_VALUE;
    double xMax = -Double.MAX_VALUE;
    double yMax = 0;
    for (Series s : series) {
      for (int i = 0; i < s.xs.length; i++) {
        xMin = Math.min(xMin, s.xs[i]);
        xMax = Math.max(xMax, s.xs[i]);
        if (!Double.isNaN(s.ys[i])) {
          yMax = Math.max(yMax, s.ys[i]);
        }
      }
    }
    for (Band band : bands) {
      xMin = Math.min(xMin, band.from);
      xMax = Math.max(xMax, band.to);
    }
    if (xMin > xMax) {
      xMin = 0;
      xMax = 1;
    }
    xMin = Math.min(0, xMin); // time axes start at the run start
    if (xMax <= xMin) {
      xMax = xMin + 1;
    }
    double[] yTicks = ticks(0, yMax > 0 ? yMax : 1);
    double yTop = yTicks[yTicks.length - 1];
    double[] xTicks = ticks(xMin, xMax);
    StringBuilder b = open();
    Scale x = new Scale(xMin, xMax, LEFT, WIDTH - RIGHT);
    Scale y = new Scale(0, yTop, HEIGHT - BOTTOM, TOP);
    for (Band band : bands) {
      double x0 = x.at(band.from);
      double w = Math.max(2, x.at(band.to) - x0); // a window shorter than a pixel stays visible
      b.append("<rect class=\"outage\" fill=\"")
          .append(BAND_COLOR)
          .append("\" fill-opacity=\"0.6\" x=\"")
          .append(num(x0))
          .append("\" y=\"")
          .append(TOP)
          .append("\" width=\"")
          .append(num(w))
          .append("\" height=\"")
          .append(HEIGHT - BOTTOM - TOP)
          .append("\"><title>")
          .append(HtmlText.escape(band.title))
          .append("</title></rect>\n");
    }
    axes(b, x, y, xTicks, yTicks, false);
    for (Series s : series) {
      b.append(
              "<path class=\"series\" fill=\"none\" stroke-width=\"1.8\" stroke-linejoin=\"round\""
                  + " stroke=\"")
          .append(s.color)
          .append("\" d=\"");
      boolean pen = false;
      for (int i = 0; i < s.xs.length; i++) {
        if (Double.isNaN(s.ys[i])) {
          pen = false;
          continue;
        }
        b.append(pen ? 'L' : 'M').append(num(x.at(s.xs[i]))).append(',').append(num(y.at(s.ys[i])));
        pen = true;
      }
      b.append("\"/>\n");
    }
    legend(b);
    return close(b);
  }

  /** A bar chart of counts per bucket on a log x axis: bucket i spans [edges[i], edges[i+1]). */
  String bars(double[] edges, long[] counts, String color) {
    long maxCount = 1;
    for (long c : counts) {
      maxCount = Math.max(maxCount, c);
    }
    double[] yTicks = ticks(0, maxCount);
    Scale y = new Scale(0, yTicks[yTicks.length - 1], HEIGHT - BOTTOM, TOP);
    double lo = Math.log10(edges[0]);
    double hi = Math.log10(edges[edges.length - 1]);
    if (hi <= lo) {
      hi = lo + 1;
    }
    Scale x = new Scale(lo, hi, LEFT, WIDTH - RIGHT);
    List<Double> decades = new ArrayList<>();
    for (double e = Math.floor(lo); e <= Math.ceil(hi); e++) {
      for (int m : new int[] {1, 2, 5}) {
        double v = Math.log10(m) + e;
        if (v >= lo - 1e-9 && v <= hi + 1e-9) {
          decades.add(v);
        }
      }
    }
    double[] xTicks = decades.stream().mapToDouble(Double::doubleValue).toArray();
    StringBuilder b = open();
    axes(b, x, y, xTicks, yTicks, true);
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] == 0) {
        continue;
      }
      double x0 = x.at(Math.log10(edges[i]));
      double x1 = x.at(Math.log10(edges[i + 1]));
      double y0 = y.at(counts[i]);
      b.append("<rect class=\"bar\" fill=\"")
          .append(color)
          .append("\" x=\"")
          .append(num(x0))
          .append("\" y=\"")
          .append(num(y0))
          .append("\" width=\"")
          .append(num(Math.max(1, x1 - x0 - 1)))
          .append("\" height=\"")
          .append(num(HEIGHT - BOTTOM - y0))
          .append("\"><title>")
          .append(HtmlText.escape(fmt(edges[i]) + " – " + fmt(edges[i + 1]) + " ms: " + counts[i]))
          .append("</title></rect>\n");
    }
    return close(b);
  }

  private StringBuilder open() {
    StringBuilder b = new StringBuilder(8192);
    b.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" viewBox=\"0 0 ")
        .append(WIDTH)
        .append(' ')
        .append(HEIGHT)
        .append("\" aria-label=\"")
        .append(HtmlText.escape(label))
        .append("\">\n");
    return b;
  }

  private static String close(StringBuilder b) {
    return b.append("</svg>\n").toString();
  }

  private void axes(
      StringBuilder b, Scale x, Scale y, double[] xTicks, double[] yTicks, boolean logX) {
    for (double t : yTicks) {
      double py = y.at(t);
      b.append("<line class=\"grid\" x1=\"")
          .append(LEFT)
          .append("\" x2=\"")
          .append(WIDTH - RIGHT)
          .append("\" y1=\"")
          .append(num(py))
          .append("\" y2=\"")
          .append(num(py))
          .append("\"/>")
          .append("<text class=\"tick\" text-anchor=\"end\" x=\"")
          .append(LEFT - 6)
          .append("\" y=\"")
          .append(num(py + 4))
          .append("\">")
          .append(fmt(t))
          .append("</text>\n");
    }
    for (double t : xTicks) {
      double px = x.at(t);
      b.append("<line class=\"grid\" y1=\"")
          .append(TOP)
          .append("\" y2=\"")
          .append(HEIGHT - BOTTOM)
          .append("\" x1=\"")
          .append(num(px))
          .append("\" x2=\"")
          .append(num(px))
          .append("\"/>")
          .append("<text class=\"tick\" text-anchor=\"middle\" y=\"")
          .append(HEIGHT - BOTTOM + 16)
          .append("\" x=\"")
          .append(num(px))
          .append("\">")
          .append(fmt(logX ? Math.pow(10, t) : t))
          .append("</text>\n");
    }
    b.append("<line class=\"axis\" x1=\"")
        .append(LEFT)
        .append("\" x2=\"")
        .append(WIDTH - RIGHT)
        .append("\" y1=\"")
        .append(HEIGHT - BOTTOM)
        .append("\" y2=\"")
        .append(HEIGHT - BOTTOM)
        .append("\"/>\n");
    b.append("<text class=\"label\" text-anchor=\"middle\" x=\"")
        .append((LEFT + WIDTH - RIGHT) / 2)
        .append("\" y=\"")
        .append(HEIGHT - 6)
        .append("\">")
        .append(HtmlText.escape(xLabel))
        .append("</text>\n");
    b.append("<text class=\"label\" x=\"")
        .append(LEFT)
        .append("\" y=\"")
        .append(TOP - 14)
        .append("\">")
        .append(HtmlText.escape(yLabel))
        .append("</text>\n");
  }

  private void legend(StringBuilder b) {
    int px = WIDTH - RIGHT;
    if (!bands.isEmpty()) {
      String name = "outage";
      px -= 26 + 7 * name.length();
      b.append("<rect x=\"")
          .append(px)
          .append("\" y=\"")
          .append(TOP - 26)
          .append("\" width=\"14\" height=\"12\" rx=\"1\" fill=\"")
          .append(BAND_COLOR)
          .append("\"/>")
          .append("<text class=\"legend\" x=\"")
          .append(px + 18)
          .append("\" y=\"")
          .append(TOP - 16)
          .append("\">")
          .append(name)
          .append("</text>\n");
    }
    for (int i = series.size() - 1; i >= 0; i--) {
      Series s = series.get(i);
      int w = 26 + 7 * s.name.length();
      px -= w;
      b.append("<rect x=\"")
          .append(px)
          .append("\" y=\"")
          .append(TOP - 22)
          .append("\" width=\"14\" height=\"4\" rx=\"1\" fill=\"")
          .append(s.color)
          .append("\"/>")
          .append("<text class=\"legend\" x=\"")
          .append(px + 18)
          .append("\" y=\"")
          .append(TOP - 16)
          .append("\">")
          .append(HtmlText.escape(s.name))
          .append("</text>\n");
    }
  }

  /** 4 to 8 round tick values covering [lo, hi]. */
  static double[] ticks(double lo, double hi) {
    double span = hi - lo;
    if (!(span > 0)) {
      span = Math.abs(hi) > 0 ? Math.abs(hi) : 1;
    }
    double raw = span / 5;
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    double step = mag;
    for (double m : new double[] {1, 2, 2.5, 5, 10}) {
      if (mag * m >= raw) {
        step = mag * m;
        break;
      }
    }
    double start = Math.floor(lo / step) * step;
    List<Double> t = new ArrayList<>();
    for (double v = start; v < hi + step * 0.999; v += step) {
      t.add(Math.abs(v) < step * 1e-9 ? 0 : v);
    }
    if (t.size() < 2) {
      t.add(start + step);
    }
    return t.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** A short number for a tick: no useless decimals. */
  static String fmt(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    String s =
        String.format(
            Locale.ROOT, Math.abs(v) >= 10 ? "%.1f" : Math.abs(v) >= 0.1 ? "%.2f" : "%.3f", v);
    return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  private record Scale(double lo, double hi, double from, double to) {
    double at(double v) {
      return from + (v - lo) / (hi - lo) * (to - from);
    }
  }
}
