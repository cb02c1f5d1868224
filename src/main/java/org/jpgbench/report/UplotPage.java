package org.jpgbench.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A self-contained HTML page of charts drawn by uPlot (inlined from its WebJar: the page makes no
 * network request), with headings, notes and tables between them. Every chart shares one cursor:
 * hovering one shows the same x in all of them.
 */
public final class UplotPage {
  private static final String WEBJAR = "/META-INF/resources/webjars/uplot/1.6.30/dist/";

  /**
   * One line of a chart.
   *
   * @param values one per x; NaN where there is no value (a gap)
   * @param dashed drawn dashed (a range's bounds, a second side)
   */
  public record Series(String label, double[] values, String color, boolean dashed) {}

  private final String title;
  private final StringBuilder body = new StringBuilder();
  private final List<String> charts = new ArrayList<>();

  public UplotPage(String title) {
    this.title = title;
  }

  public UplotPage heading(String text) {
    body.append("<h2>").append(HtmlText.escape(text)).append("</h2>\n");
    return this;
  }

  public UplotPage note(String text) {
    body.append("<p class=\"note\">").append(HtmlText.escape(text)).append("</p>\n");
    return this;
  }

  /** A table named {@code id}; every cell is text (escaped). */
  public UplotPage table(String id, List<String> header, List<List<String>> rows) {
    body.append("<table id=\"").append(HtmlText.escape(id)).append("\"><thead><tr>");
    for (String h : header) {
      body.append("<th>").append(HtmlText.escape(h)).append("</th>");
    }
    body.append("</tr></thead><tbody>\n");
    for (List<String> r : rows) {
      body.append("<tr>");
      for (String c : r) {
        body.append("<td>").append(HtmlText.escape(c)).append("</td>");
      }
      body.append("</tr>\n");
    }
    body.append("</tbody></table>\n");
    return this;
  }

  /**
   * A line chart of {@code series} over {@code x} (ascending).
   *
   * @param logX a logarithmic x axis (client counts 1, 2, 4, ...)
   */
  public UplotPage chart(
      String chartTitle,
      String xLabel,
      String yLabel,
      double[] x,
      List<Series> series,
      boolean logX) {
    int id = charts.size();
    body.append("<div class=\"chart\" id=\"chart")
        .append(id)
        .append("\" data-title=\"")
        .append(HtmlText.escape(chartTitle))
        .append("\"></div>\n");
    StringBuilder js = new StringBuilder("{el:'chart").append(id).append("',title:");
    js.append(jsString(chartTitle)).append(",x:").append(jsString(xLabel));
    js.append(",y:").append(jsString(yLabel)).append(",log:").append(logX);
    js.append(",whole:")
        .append(!logX && java.util.Arrays.stream(x).allMatch(v -> v == Math.rint(v)));
    js.append(",data:[").append(numbers(x));
    for (Series s : series) {
      js.append(',').append(numbers(s.values()));
    }
    js.append("],series:[");
    for (int i = 0; i < series.size(); i++) {
      Series s = series.get(i);
      js.append(i == 0 ? "" : ",")
          .append("{label:")
          .append(jsString(s.label()))
          .append(",stroke:")
          .append(jsString(s.color()))
          .append(",dash:")
          .append(s.dashed())
          .append('}');
    }
    js.append("]}");
    charts.add(js.toString());
    return this;
  }

  /** The page. */
  public String html() {
    StringBuilder p =
        new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    p.append("<title>").append(HtmlText.escape(title)).append("</title>\n<style>\n");
    p.append(resource("uPlot.min.css")).append('\n').append(CSS).append("</style>\n");
    p.append("<script>\n").append(resource("uPlot.iife.min.js")).append("\n</script>\n");
    p.append("</head><body><header><h1>").append(HtmlText.escape(title)).append("</h1></header>\n");
    p.append("<main>\n").append(body).append("</main>\n<script>\n");
    p.append("const charts = [").append(String.join(",\n", charts)).append("];\n");
    p.append(SCRIPT).append("</script>\n</body></html>\n");
    return p.toString();
  }

  private static String resource(String name) {
    try (InputStream in = UplotPage.class.getResourceAsStream(WEBJAR + name)) {
      if (in == null) {
        throw new IllegalStateException("uPlot's " + name + " is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .replace("</script", "<\\/script");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String numbers(double[] v) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < v.length; i++) {
      b.append(i == 0 ? "" : ",");
      b.append(
          Double.isNaN(v[i]) || Double.isInfinite(v[i])
              ? "null"
              : String.format(Locale.ROOT, "%.6g", v[i]));
    }
    return b.append(']').toString();
  }

  /** A JavaScript string literal that cannot end the script element. */
  static String jsString(String s) {
    StringBuilder b = new StringBuilder("'");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '\'', '\\' -> b.append('\\').append(c);
        case '<' -> b.append("\\x3c");
        case '\n' -> b.append("\\n");
        default -> b.append(c < 0x20 ? ' ' : c);
      }
    }
    return b.append('\'').toString();
  }

  private static final String CSS =
      """
      body { margin: 0; background: #f8fafc; color: #0f172a;
        font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
      header { background: #0f172a; color: #f8fafc; padding: 18px 32px; }
      header h1 { margin: 0; font-size: 20px; font-weight: 600; }
      main { max-width: 1120px; margin: 0 auto; padding: 16px 24px; }
      h2 { font-size: 16px; margin: 18px 0 4px; font-weight: 600; }
      .note { color: #64748b; margin: 0 0 8px; font-size: 12.5px; }
      .chart { background: #fff; border: 1px solid #e2e8f0; border-radius: 10px; padding: 8px;
        margin: 0 0 14px; }
      table { border-collapse: collapse; background: #fff; margin: 0 0 14px;
        font-variant-numeric: tabular-nums; }
      th, td { border-bottom: 1px solid #e2e8f0; padding: 4px 10px; text-align: right; }
      th { color: #64748b; font-weight: 600; }
      """;

  /** Draws each chart; one cursor sync key for all. */
  private static final String SCRIPT =
      """
      const sync = uPlot.sync('jpgbench');
      const width = () => Math.min(1070, document.querySelector('main').clientWidth - 20);
      const plots = charts.map(c => new uPlot({
        title: c.title, width: width(), height: 300,
        cursor: { sync: { key: sync.key } },
        scales: { x: { time: false, distr: c.log ? 3 : 1, log: 2 } },
        axes: [{ label: c.x, incrs: c.whole ? [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] : undefined },
               { label: c.y, size: 70 }],
        series: [{ label: c.x }].concat(c.series.map(s => ({
          label: s.label, stroke: s.stroke, width: 2, dash: s.dash ? [6, 4] : undefined,
          points: { show: true, size: 6 }, spanGaps: false
        })))
      }, c.data, document.getElementById(c.el)));
      window.addEventListener('resize', () => plots.forEach(p => p.setSize({ width: width(), height: 300 })));
      document.body.dataset.charts = String(plots.length);
      """;
}
