package org.jpgbench.report;

import static org.jpgbench.cnum.CFormat.fixed;
import static org.jpgbench.report.HtmlText.escape;

import java.io.IOException;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jpgbench.stats.StatsData;

/**
 * --report-html: one self-contained page (inline CSS and SVG, no script, nothing fetched) with the
 * key figures, throughput and latency percentiles over time, the latency distribution, the
 * percentiles, per-script and per-command tables, and the run's and the server's settings.
 */
public final class HtmlReport implements ReportFormat {
  private static final String BLUE = "#2563eb";
  private static final String ORANGE = "#ea580c";
  private static final String GREEN = "#16a34a";
  private static final String GREY = "#64748b";

  /** Series longer than this are drawn downsampled. */
  private static final int MAX_POINTS = 1000;

  private static final int HISTOGRAM_BARS = 70;

  @Override
  public void write(RunSummary r, Appendable out) throws IOException {
    RunSettings s = r.settings();
    RunDetails d = r.details();
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>jpgbench report – ")
        .append(escape(s.transactionType()))
        .append("</title>\n<style>\n")
        .append(HtmlStyle.CSS)
        .append("</style>\n</head>\n<body>\n");
    out.append("<header><h1>jpgbench report</h1><p class=\"sub\">")
        .append(escape(s.transactionType()))
        .append(" · ")
        .append(String.valueOf(s.clients()))
        .append(" clients · ")
        .append(String.valueOf(s.threads()))
        .append(" threads · ")
        .append(
            s.durationSeconds() > 0
                ? s.durationSeconds() + " s"
                : s.transactionsPerClient() + " transactions per client");
    if (d.server() != null) {
      out.append(" · PostgreSQL ").append(escape(d.server().version()));
    }
    if (d.startEpochMicros() > 0) {
      out.append(" · ")
          .append(escape(java.time.Instant.ofEpochMilli(d.startEpochMicros() / 1000).toString()));
    }
    out.append("</p>");
    if (!d.inputs().isEmpty()) {
      out.append("<p class=\"sub\">merged from ")
          .append(String.valueOf(d.inputs().size()))
          .append(" inputs: ")
          .append(escape(String.join(", ", d.inputs())))
          .append("</p>");
    }
    SloWatch.Stop stop = r.details().sloStop();
    if (r.aborted() || r.interrupted() || stop != null) {
      out.append("<p class=\"warn\">")
          .append(
              r.aborted()
                  ? "Run was aborted"
                  : r.interrupted()
                      ? "Run was interrupted"
                      : HtmlText.escape("Run was stopped by --slo-abort: " + stop.text()))
          .append("; the results are partial.</p>");
    }
    out.append("</header>\n<main>\n");
    cards(r, out);
    charts(r, out);
    HtmlTables.outages(r, out);
    HtmlTables.percentiles(r, out);
    HtmlTables.scripts(r, out);
    HtmlTables.commands(r, out);
    HtmlTables.settings(r, out);
    out.append("</main>\n<footer>")
        .append(escape("jpgbench " + (d.version() != null ? d.version() : "dev")))
        .append(
            " · latencies in milliseconds · percentiles from "
                + "HdrHistogram (3 significant digits)</footer>\n</body>\n</html>\n");
  }

  private static void cards(RunSummary r, Appendable out) throws IOException {
    StatsData t = r.total();
    out.append("<section class=\"cards\">\n");
    card(out, "tps", fixed(r.tps(), 1), "successful, per second");
    card(out, "transactions", Long.toString(t.cnt), t.failures() + " failed");
    card(
        out,
        "latency average",
        fixed(0.001 * t.latency.mean(), 3) + " ms",
        "stddev " + fixed(0.001 * t.latency.stddev(), 3) + " ms");
    AbstractHistogram h = r.latencies();
    if (h != null && h.getTotalCount() > 0) {
      card(out, "p50", fixed(PercentileLines.millis(h, 50), 3) + " ms", "median latency");
      card(out, "p99", fixed(PercentileLines.millis(h, 99), 3) + " ms", "99th percentile");
      card(out, "max", fixed(PercentileLines.millis(h, 100), 3) + " ms", "slowest transaction");
    }
    Outages o = r.outages();
    if (o != null) {
      Outage longest = o.longest();
      card(
          out,
          "outages",
          Integer.toString(o.windows().size()),
          longest == null
              ? t.connectionFailures + " connection failures"
              : "longest "
                  + fixed(longest.durationMicros() / 1e6, 3)
                  + " s, "
                  + t.connectionFailures
                  + " connection failures");
    }
    if (r.settings().throttled() && t.cnt > 0) {
      card(
          out,
          "schedule lag",
          fixed(0.001 * t.lag.sum / t.cnt, 3) + " ms",
          "average, max " + fixed(0.001 * t.lag.max, 3) + " ms");
    }
    out.append("</section>\n");
  }

  private static void card(Appendable out, String title, String value, String note)
      throws IOException {
    out.append("<div class=\"card\"><div class=\"k\">")
        .append(escape(title))
        .append("</div><div class=\"v\">")
        .append(escape(value))
        .append("</div><div class=\"n\">")
        .append(escape(note))
        .append("</div></div>\n");
  }

  private static void charts(RunSummary r, Appendable out) throws IOException {
    IntervalSeries s = r.details().intervals();
    if (s != null && s.size() > 0) {
      int n = s.size();
      // a last interval cut short by the end of the run only shows the run's tail: not drawn
      long nominal = r.details().intervalSeconds() * 1_000_000L;
      if (n > 1 && s.endMicros(n - 1) - s.startMicros(n - 1) < nominal / 2) {
        n--;
      }
      int step = (n + MAX_POINTS - 1) / MAX_POINTS;
      int m = (n + step - 1) / step;
      double[] x = new double[m];
      double[] tps = new double[m];
      double[] avg = new double[m];
      double[] p50 = new double[m];
      double[] p99 = new double[m];
      for (int k = 0; k < m; k++) {
        int from = k * step;
        int to = Math.min(n, from + step);
        long cnt = 0;
        long micros = 0;
        double latSum = 0;
        double p50Max = -1;
        double p99Max = -1;
        for (int i = from; i < to; i++) {
          cnt += s.count(i);
          micros += s.endMicros(i) - s.startMicros(i);
          latSum += s.latencySumMicros(i);
          p50Max = Math.max(p50Max, s.p50Micros(i));
          p99Max = Math.max(p99Max, s.p99Micros(i));
        }
        x[k] = s.endMicros(to - 1) / 1e6;
        tps[k] = micros > 0 ? cnt * 1e6 / micros : 0;
        avg[k] = cnt > 0 ? latSum / cnt / 1000.0 : Double.NaN;
        p50[k] = p50Max >= 0 ? p50Max / 1000.0 : Double.NaN;
        p99[k] = p99Max >= 0 ? p99Max / 1000.0 : Double.NaN;
      }
      String every =
          step > 1
              ? " (each point: " + step + " intervals; percentiles are their " + "highest)"
              : "";
      SvgChart throughput =
          new SvgChart("tps over time", "time since start (s)", "tps").line("tps", BLUE, x, tps);
      SvgChart latency =
          new SvgChart("latency percentiles over time", "time since start (s)", "latency (ms)")
              .line("average", GREY, x, avg)
              .line("p50", GREEN, x, p50)
              .line("p99", ORANGE, x, p99);
      shadeOutages(r, throughput);
      shadeOutages(r, latency);
      section(
          out,
          "Throughput",
          "successful transactions per second, per "
              + r.details().intervalSeconds()
              + " s interval"
              + every
              + outageNote(r),
          throughput.render());
      section(out, "Latency over time", "per interval" + every + outageNote(r), latency.render());
    } else {
      out.append(
          "<section><h2>Throughput and latency over time</h2><p class=\"note\">No "
              + "per-interval figures in this report.</p></section>\n");
    }
    AbstractHistogram h = r.latencies();
    if (h != null && h.getTotalCount() > 0) {
      section(
          out,
          "Latency distribution",
          "transactions per latency bucket (log scale), " + h.getTotalCount() + " transactions",
          histogram(h));
    }
  }

  /**
   * --reconnect: each outage as a shaded band, in the series' time (from the run's start, which the
   * intervals count from; the benchmark's start when the run's is unknown).
   */
  private static void shadeOutages(RunSummary r, SvgChart chart) {
    Outages o = r.outages();
    if (o == null) {
      return;
    }
    long origin =
        r.details().startEpochMicros() > 0
            ? r.details().startEpochMicros()
            : o.benchStartEpochMicros();
    for (Outage w : o.windows()) {
      chart.shade(
          (w.fromEpochMicros() - origin) / 1e6,
          (w.toEpochMicros() - origin) / 1e6,
          "outage: "
              + fixed(w.durationMicros() / 1e6, 3)
              + " s, "
              + w.clients()
              + " clients, "
              + w.failedTransactions()
              + " failed transactions");
    }
  }

  private static String outageNote(RunSummary r) {
    Outages o = r.outages();
    return o == null || o.windows().isEmpty()
        ? ""
        : "; shaded: outages (at least one client disconnected)";
  }

  private static String histogram(AbstractHistogram h) {
    double lo = Math.max(1, h.getMinValue()) / 1000.0;
    double hi = Math.max(h.getMaxValue(), h.getMinValue() + 1) / 1000.0;
    double llo = Math.log10(lo);
    double lhi = Math.log10(hi) + 1e-9;
    double[] edges = new double[HISTOGRAM_BARS + 1];
    for (int i = 0; i <= HISTOGRAM_BARS; i++) {
      edges[i] = Math.pow(10, llo + (lhi - llo) * i / HISTOGRAM_BARS);
    }
    long[] counts = new long[HISTOGRAM_BARS];
    for (HistogramIterationValue v : h.recordedValues()) {
      double ms = Math.max(1, v.getValueIteratedTo()) / 1000.0;
      int b = (int) ((Math.log10(ms) - llo) / (lhi - llo) * HISTOGRAM_BARS);
      counts[Math.max(0, Math.min(HISTOGRAM_BARS - 1, b))] += v.getCountAtValueIteratedTo();
    }
    return new SvgChart("latency histogram", "latency (ms)", "transactions")
        .bars(edges, counts, BLUE);
  }

  private static void section(Appendable out, String title, String note, String svg)
      throws IOException {
    out.append("<section><h2>")
        .append(escape(title))
        .append("</h2><p class=\"note\">")
        .append(escape(note))
        .append("</p>\n")
        .append(svg)
        .append("</section>\n");
  }

  static List<Double> columns(RunDetails d) {
    return JsonReport.percentiles(d);
  }
}
