package org.jpgbench.report.html;

import java.util.ArrayList;
import java.util.List;

/**
 * A self-contained HTML page of charts drawn by uPlot (inlined from its WebJar: the page makes no
 * network request), with headings, notes and tables between them. Every chart shares one cursor:
 * hovering one shows the same x in all of them.
 */
public final class UplotPage {
  /**
   * One line of a chart.
   *
   * @param values one per x; NaN where there is no value (a gap)
   * @param dashed drawn dashed (a range's bounds, a second side)
   */
  public record Series(String label, double[] values, String color, boolean dashed) {}

  private final String title;
  private final StringBuilder body = new StringBuilder();
  private final UplotCharts charts = new UplotCharts();

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
    List<UplotCharts.Line> lines = new ArrayList<>();
    for (Series s : series) {
      lines.add(new UplotCharts.Line(s.label(), s.values(), s.color(), s.dashed()));
    }
    body.append(charts.add(new UplotCharts.Chart(chartTitle, xLabel, yLabel, x, lines, logX)));
    return this;
  }

  /** The page. */
  public String html() {
    StringBuilder p =
        new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    p.append("<title>").append(HtmlText.escape(title)).append("</title>\n");
    p.append(UplotCharts.head()).append("<style>\n").append(CSS).append("</style>\n");
    p.append("</head><body><header><h1>").append(HtmlText.escape(title)).append("</h1></header>\n");
    p.append("<main>\n").append(body).append("</main>\n");
    p.append(charts.script()).append("</body></html>\n");
    return p.toString();
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
}
