package org.jpgbench.report.html;

import static org.jpgbench.cnum.CFormat.fixed;
import static org.jpgbench.report.html.HtmlText.escape;

import java.io.IOException;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
import org.jpgbench.report.Outage;
import org.jpgbench.report.Outages;
import org.jpgbench.report.PercentileLines;
import org.jpgbench.report.ReportFormat;
import org.jpgbench.report.RunDetails;
import org.jpgbench.report.RunSettings;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.SloStop;
import org.jpgbench.stats.StatsData;

/**
 * --report-html: one self-contained page (uPlot and the style inlined, nothing fetched) with the
 * key figures, the charts of {@link HtmlCharts} (throughput, latency percentiles and, with
 * --server-stats, what the server did, on one time axis; the latency distribution), the
 * percentiles, per-script and per-command tables, and the run's and the server's settings.
 */
public final class HtmlReport implements ReportFormat {

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
        .append("</style>\n")
        .append(UplotCharts.head())
        .append("</head>\n<body>\n");
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
    SloStop stop = r.details().sloStop();
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
    HtmlCharts charts = new HtmlCharts(r);
    charts.sections(out);
    HtmlTables.outages(r, out);
    HtmlServerTables.server(r, out);
    HtmlTables.percentiles(r, out);
    HtmlTables.scripts(r, out);
    HtmlTables.commands(r, out);
    HtmlTables.settings(r, out);
    out.append("</main>\n<footer>")
        .append(escape("jpgbench " + (d.version() != null ? d.version() : "dev")))
        .append(
            " · latencies in milliseconds · percentiles from "
                + "HdrHistogram (3 significant digits)</footer>\n")
        .append(charts.script())
        .append("</body>\n</html>\n");
  }

  private static void cards(RunSummary r, Appendable out) throws IOException {
    StatsData t = r.total();
    out.append("<section class=\"cards\">\n");
    card(out, "tps", fixed(r.tps(), 1), "successful, per second");
    org.jpgbench.report.Workload w = r.details().workload();
    if (w != null) { // -b tpcc: NOPM as the database counted it
      card(
          out,
          "NOPM",
          fixed(w.nopm(), 1),
          r.details().serverStats() != null
              ? "new orders per minute, counted in the database (over time below)"
              : "new orders per minute, counted in the database (over time: --server-stats)");
    }
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

  static List<Double> columns(RunDetails d) {
    return PercentileLines.columns(d);
  }
}
