package org.jpgbench.report.html;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Charts drawn by uPlot in a self-contained page: the library and its style inlined from its WebJar
 * (the page makes no network request), each chart a {@code <div>} and a specification, drawn by one
 * script at the end of the page. Charts of one sync group share one cursor (hover one, the same x
 * shows in all); time charts also share the x range, so that an instant sits at the same place in
 * every one of them. A page opened with {@code #at=SECONDS} starts with the time cursor there.
 */
final class UplotCharts {
  /** The WebJar's files; its version is pom.xml's alone, read from the WebJar's own properties. */
  private static final String WEBJAR =
      "/META-INF/resources/webjars/uplot/" + webJarVersion() + "/dist/";

  /** The sync group of charts over the run's time. */
  static final String TIME = "time";

  /**
   * One line (or area) of a chart.
   *
   * @param values one per x; NaN where there is no value (a gap)
   * @param dashed drawn dashed
   * @param fill the area below it filled with this colour, or null
   * @param shown what the legend shows for each x instead of {@code values} (a stacked area's own
   *     share), or null
   */
  record Line(
      String label, double[] values, String color, boolean dashed, String fill, double[] shown) {
    Line(String label, double[] values, String color, boolean dashed) {
      this(label, values, color, dashed, null, null);
    }
  }

  /** A band shaded across a time chart (an outage, a checkpoint), from and to in x units. */
  record Band(double from, double to, String color, String label) {}

  /** How a chart is drawn. */
  record Chart(
      String title,
      String xLabel,
      String yLabel,
      double[] x,
      List<Line> lines,
      boolean logX,
      String sync,
      double[] xRange,
      double[] yRange,
      boolean stepped,
      List<Band> bands) {
    /** A line chart over x, in a sync group of its own. */
    Chart(String title, String xLabel, String yLabel, double[] x, List<Line> lines, boolean logX) {
      this(title, xLabel, yLabel, x, lines, logX, "all", null, null, false, List.of());
    }
  }

  private final List<String> specs = new ArrayList<>();

  /** The chart's {@code <div>}; drawn by {@link #script()}. */
  String add(Chart c) {
    int id = specs.size();
    StringBuilder js = new StringBuilder("{el:'chart").append(id).append("',title:");
    js.append(jsString(c.title())).append(",x:").append(jsString(c.xLabel()));
    js.append(",y:").append(jsString(c.yLabel())).append(",log:").append(c.logX());
    js.append(",sync:").append(jsString(c.sync())).append(",step:").append(c.stepped());
    js.append(",whole:")
        .append(!c.logX() && java.util.Arrays.stream(c.x()).allMatch(v -> v == Math.rint(v)));
    if (c.xRange() != null) {
      js.append(",xr:").append(numbers(c.xRange()));
    }
    if (c.yRange() != null) {
      js.append(",yr:").append(numbers(c.yRange()));
    }
    js.append(",data:[").append(numbers(c.x()));
    for (Line s : c.lines()) {
      js.append(',').append(numbers(s.values()));
    }
    js.append("],series:[");
    for (int i = 0; i < c.lines().size(); i++) {
      Line s = c.lines().get(i);
      js.append(i == 0 ? "" : ",")
          .append("{label:")
          .append(jsString(s.label()))
          .append(",stroke:")
          .append(jsString(s.color()))
          .append(",dash:")
          .append(s.dashed());
      if (s.fill() != null) {
        js.append(",fill:").append(jsString(s.fill()));
      }
      if (s.shown() != null) {
        js.append(",shown:").append(numbers(s.shown()));
      }
      js.append('}');
    }
    js.append("],bands:[");
    for (int i = 0; i < c.bands().size(); i++) {
      Band b = c.bands().get(i);
      js.append(i == 0 ? "" : ",")
          .append("{from:")
          .append(number(b.from()))
          .append(",to:")
          .append(number(b.to()))
          .append(",color:")
          .append(jsString(b.color()))
          .append(",label:")
          .append(jsString(b.label()))
          .append('}');
    }
    js.append("]}");
    specs.add(js.toString());
    return "<div class=\"chart\" id=\"chart"
        + id
        + "\" data-title=\""
        + HtmlText.escape(c.title())
        + "\"></div>\n";
  }

  /** uPlot's style and library, for the page's head. */
  static String head() {
    return "<style>\n"
        + resource("uPlot.min.css")
        + "\n</style>\n<script>\n"
        + resource("uPlot.iife.min.js")
        + "\n</script>\n";
  }

  /** The script that draws the charts, for the end of the page's body. */
  String script() {
    return "<script>\nconst charts = ["
        + String.join(",\n", specs)
        + "];\n"
        + SCRIPT
        + "</script>\n";
  }

  private static String webJarVersion() {
    java.util.Properties p = new java.util.Properties();
    try (InputStream in =
        UplotCharts.class.getResourceAsStream(
            "/META-INF/maven/org.webjars.npm/uplot/pom.properties")) {
      if (in == null) {
        throw new IllegalStateException("uPlot's WebJar is missing from the class path");
      }
      p.load(in);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return p.getProperty("version");
  }

  private static String resource(String name) {
    try (InputStream in = UplotCharts.class.getResourceAsStream(WEBJAR + name)) {
      if (in == null) {
        throw new IllegalStateException("uPlot's " + name + " is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .replace("</script", "<\\/script");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static String numbers(double[] v) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < v.length; i++) {
      b.append(i == 0 ? "" : ",").append(number(v[i]));
    }
    return b.append(']').toString();
  }

  private static String number(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "null" : String.format(Locale.ROOT, "%.6g", v);
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

  /**
   * Draws each chart: bands under the lines, stacked areas whose legend shows each part's own
   * share, one cursor per sync group; then {@code #at=SECONDS} puts the time cursor there, and the
   * body says how many charts were drawn. Each chart's {@code <div>} tells what was drawn: {@code
   * data-x-range}, {@code data-y-range}, {@code data-bands} ("label@from-to;...") and {@code
   * data-cursor} (the x under the cursor).
   */
  private static final String SCRIPT =
      """
      const width = () => Math.min(1070, document.querySelector('main').clientWidth - 20);
      const shade = bands => u => {
        const ctx = u.ctx;
        ctx.save();
        for (const b of bands) {
          const x0 = u.valToPos(b.from, 'x', true), x1 = u.valToPos(b.to, 'x', true);
          ctx.fillStyle = b.color;
          ctx.fillRect(x0, u.bbox.top, Math.max(2, x1 - x0), u.bbox.height);
        }
        ctx.restore();
      };
      // what was drawn, for a reader of the page's DOM: the x range, the bands, the cursor's x
      const told = c => u => {
        const d = document.getElementById(c.el).dataset;
        d.xRange = u.scales.x.min + ',' + u.scales.x.max;
        d.yRange = u.scales.y.min + ',' + u.scales.y.max;
        d.bands = c.bands.map(b => b.label + '@' + b.from + '-' + b.to).join(';');
      };
      const cursorAt = u => {
        const i = u.cursor.idx;
        u.root.parentNode.dataset.cursor = i == null ? '' : String(u.data[0][i]);
      };
      const shown = s => (u, v, si, i) => i == null || s.shown[i] == null ? '--' : s.shown[i].toPrecision(4);
      const plots = charts.map(c => new uPlot({
        title: c.title, width: width(), height: 260,
        cursor: { y: false, sync: { key: uPlot.sync('jpgbench-' + c.sync).key } },
        scales: { x: { time: false, distr: c.log ? 3 : 1, log: c.step ? 10 : 2,
                       range: c.xr ? () => c.xr : undefined },
                  y: c.yr ? { range: () => c.yr } : {} },
        axes: [{ label: c.x, incrs: c.whole ? [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] : undefined },
               { label: c.y, size: 70 }],
        hooks: { drawClear: [shade(c.bands)], ready: [told(c)], setCursor: [cursorAt] },
        series: [{ label: c.x }].concat(c.series.map(s => ({
          label: s.label, stroke: s.stroke, width: s.fill ? 1 : 2, fill: s.fill,
          dash: s.dash ? [6, 4] : undefined, spanGaps: false,
          points: { show: !s.fill && !c.step, size: 5 },
          paths: c.step ? uPlot.paths.stepped({ align: 1 }) : undefined,
          value: s.shown ? shown(s) : undefined
        })))
      }, c.data, document.getElementById(c.el)));
      window.addEventListener('resize', () => plots.forEach(p => p.setSize({ width: width(), height: 260 })));
      // uPlot lays its charts out in a microtask: the cursor is set after that, and published to
      // the other charts of its group
      queueMicrotask(() => {
        const at = /[#&]at=([0-9.]+)/.exec(location.hash);
        const timed = plots.filter((p, i) => charts[i].sync === 'time');
        if (at && timed.length) {
          timed[0].setCursor({ left: timed[0].valToPos(+at[1], 'x'), top: 10 }, true, true);
        }
        document.body.dataset.charts = String(plots.length);
      });
      """;
}
