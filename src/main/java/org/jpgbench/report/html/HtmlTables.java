package org.jpgbench.report.html;

import static org.jpgbench.cnum.CFormat.fixed;
import static org.jpgbench.report.html.HtmlText.escape;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.jpgbench.report.ClientInfo;
import org.jpgbench.report.CommandSummary;
import org.jpgbench.report.Outage;
import org.jpgbench.report.Outages;
import org.jpgbench.report.PercentileLines;
import org.jpgbench.report.RunDetails;
import org.jpgbench.report.RunSettings;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ScriptSummary;
import org.jpgbench.stats.StatsData;

/** The tables of the HTML report: outages, percentiles, scripts, commands, settings. */
final class HtmlTables {
  private HtmlTables() {}

  /** --reconnect: one row per outage (times in seconds from the benchmark's start). */
  static void outages(RunSummary r, Appendable out) throws IOException {
    Outages o = r.outages();
    if (o == null) {
      return;
    }
    StatsData t = r.total();
    out.append(
            "<section><h2>Outages</h2><p class=\"note\">windows with at least one client "
                + "disconnected; ")
        .append(String.valueOf(t.connectionFailures))
        .append(" transactions lost with their connection; times from the benchmark's start</p>");
    if (o.windows().isEmpty()) {
      out.append("<p>No connection was lost.</p></section>\n");
      return;
    }
    out.append(
        "<table><tr><th class=\"t\">#</th><th>from (s)</th><th>to (s)</th>"
            + "<th>duration (s)</th><th>clients</th><th>failed transactions</th>"
            + "<th>time to recover (ms)</th></tr>\n");
    int i = 0;
    for (Outage w : o.windows()) {
      out.append("<tr><td class=\"t\">")
          .append(String.valueOf(++i))
          .append("</td><td>")
          .append(fixed(o.seconds(w.fromEpochMicros()), 3))
          .append("</td><td>")
          .append(fixed(o.seconds(w.toEpochMicros()), 3))
          .append(w.ongoing() ? " (not over)" : "")
          .append("</td><td>")
          .append(fixed(w.durationMicros() / 1e6, 3))
          .append("</td><td>")
          .append(String.valueOf(w.clients()))
          .append("</td><td>")
          .append(String.valueOf(w.failedTransactions()))
          .append("</td><td>")
          .append(w.recoverMicros() >= 0 ? fixed(w.recoverMicros() / 1000.0, 3) : "–")
          .append("</td></tr>\n");
    }
    out.append("</table></section>\n");
  }

  static void percentiles(RunSummary r, Appendable out) throws IOException {
    List<Double> cols = HtmlReport.columns(r.details());
    out.append("<section><h2>Latency percentiles</h2><p class=\"note\">milliseconds</p><table>")
        .append("<tr><th class=\"t\">latency</th>");
    for (double p : cols) {
      out.append("<th>").append(PercentileLines.label(p)).append("</th>");
    }
    out.append("</tr>\n");
    boolean throttled = r.settings().throttled();
    row(out, throttled ? "from scheduled start" : "transactions", r.latencies(), cols);
    if (throttled && r.details().serviceLatencies() != null) {
      row(out, "from actual start", r.details().serviceLatencies(), cols);
    }
    if (r.scripts().size() > 1) {
      int i = 0;
      for (ScriptSummary s : r.scripts()) {
        row(out, "script " + ++i + ": " + s.description(), s.latencies(), cols);
      }
    }
    out.append("</table></section>\n");
  }

  private static void row(Appendable out, String name, AbstractHistogram h, List<Double> cols)
      throws IOException {
    out.append("<tr><td class=\"t\">").append(escape(name)).append("</td>");
    for (double p : cols) {
      out.append("<td>")
          .append(h != null && h.getTotalCount() > 0 ? fixed(PercentileLines.millis(h, p), 3) : "–")
          .append("</td>");
    }
    out.append("</tr>\n");
  }

  static void scripts(RunSummary r, Appendable out) throws IOException {
    out.append(
        "<section><h2>Scripts</h2><table><tr><th class=\"t\">#</th><th class=\"t\">script"
            + "</th><th>weight</th><th>transactions</th><th>tps</th><th>failed</th><th>retried</th>"
            + "<th>avg ms</th><th>stddev ms</th><th>p99 ms</th></tr>\n");
    double bench = r.benchMicros() / 1e6;
    int i = 0;
    for (ScriptSummary s : r.scripts()) {
      StatsData st = s.stats() != null ? s.stats() : r.total();
      AbstractHistogram h = s.latencies();
      out.append("<tr><td class=\"t\">")
          .append(String.valueOf(++i))
          .append("</td><td class=\"t\">")
          .append(escape(s.description()))
          .append("</td><td>")
          .append(String.valueOf(s.weight()))
          .append("</td><td>")
          .append(String.valueOf(st.cnt))
          .append("</td><td>")
          .append(fixed(st.cnt / bench, 1))
          .append("</td><td>")
          .append(String.valueOf(st.failures()))
          .append("</td><td>")
          .append(String.valueOf(st.retried))
          .append("</td><td>")
          .append(st.latency.count > 0 ? fixed(0.001 * st.latency.mean(), 3) : "–")
          .append("</td><td>")
          .append(st.latency.count > 0 ? fixed(0.001 * st.latency.stddev(), 3) : "–")
          .append("</td><td>")
          .append(
              h != null && h.getTotalCount() > 0 ? fixed(PercentileLines.millis(h, 99), 3) : "–")
          .append("</td></tr>\n");
    }
    out.append("</table></section>\n");
  }

  static void commands(RunSummary r, Appendable out) throws IOException {
    if (!r.settings().reportPerCommand()) {
      return;
    }
    List<Double> cols = HtmlReport.columns(r.details());
    out.append(
        "<section><h2>Commands</h2><p class=\"note\">-r: time spent in each command, "
            + "milliseconds</p><table><tr><th class=\"t\">script</th><th class=\"t\">command</th>"
            + "<th>executions</th><th>avg</th><th>failures</th><th>retries</th>");
    for (double p : cols) {
      out.append("<th>").append(PercentileLines.label(p)).append("</th>");
    }
    out.append("</tr>\n");
    int i = 0;
    for (ScriptSummary s : r.scripts()) {
      i++;
      for (CommandSummary c : s.commands()) {
        out.append("<tr><td class=\"t\">")
            .append(String.valueOf(i))
            .append("</td>")
            .append("<td class=\"t\"><code>")
            .append(escape(c.text()))
            .append("</code></td><td>")
            .append(String.valueOf(c.count()))
            .append("</td><td>")
            .append(fixed(c.averageMillis(), 3))
            .append("</td><td>")
            .append(String.valueOf(c.failures()))
            .append("</td><td>")
            .append(String.valueOf(c.retries()))
            .append("</td>");
        AbstractHistogram h = c.latencies();
        for (double p : cols) {
          out.append("<td>")
              .append(
                  h != null && h.getTotalCount() > 0 ? fixed(PercentileLines.millis(h, p), 3) : "–")
              .append("</td>");
        }
        out.append("</tr>\n");
      }
    }
    out.append("</table></section>\n");
  }

  static void settings(RunSummary r, Appendable out) throws IOException {
    RunSettings s = r.settings();
    RunDetails d = r.details();
    out.append(
        "<section><h2>Settings</h2><div class=\"cols\"><table>"
            + "<tr><th class=\"t\">run</th><th></th></tr>\n");
    kv(out, "transaction type", s.transactionType());
    kv(out, "scaling factor", String.valueOf(s.scale()));
    if (s.partitionMethod() != null) {
      kv(out, "partitions", s.partitions() + " (" + s.partitionMethod() + ")");
    }
    kv(out, "query mode", s.queryMode());
    kv(out, "clients / threads", s.clients() + " / " + s.threads());
    kv(
        out,
        s.durationSeconds() > 0 ? "duration" : "transactions per client",
        s.durationSeconds() > 0
            ? s.durationSeconds() + " s"
            : String.valueOf(s.transactionsPerClient()));
    if (d.rate() > 0) {
      kv(out, "rate", fixed(d.rate(), 1) + " tps");
    }
    if (s.latencyLimitMicros() > 0) {
      kv(out, "latency limit", fixed(s.latencyLimitMicros() / 1000.0, 1) + " ms");
    }
    kv(out, "maximum tries", s.maxTries() == 0 ? "unlimited" : String.valueOf(s.maxTries()));
    kv(out, "connection per transaction", s.connectPerTransaction() ? "yes" : "no");
    if (s.reconnect()) {
      kv(out, "lost connections", "reconnected (--reconnect)");
    }
    kv(out, "benchmark time", fixed(r.benchMicros() / 1e6, 3) + " s");
    kv(
        out,
        s.connectPerTransaction() ? "average connection time" : "initial connection time",
        fixed(
                0.001
                    * (s.connectPerTransaction()
                        ? r.connectionMicros()
                            / (double) Math.max(1, r.total().cnt + r.total().failures())
                        : r.initialConnectionMicros()),
                3)
            + " ms");
    ClientInfo c = d.client();
    if (c != null) {
      long tx = r.total().cnt + r.total().failures();
      kv(out, "client transport", c.transport() + " (queries: " + c.queryPath() + ")");
      kv(
          out,
          "client CPU",
          fixed(c.cpuSeconds(), 2)
              + " s, "
              + fixed(tx > 0 ? c.cpuSeconds() * 1e6 / tx : 0, 2)
              + " µs per transaction");
      double busiest = 0;
      for (double b : c.threadBusy()) {
        busiest = Math.max(busiest, b);
      }
      kv(out, "busiest client thread", fixed(100 * busiest, 0) + "% of the run");
    }
    out.append("</table><table><tr><th class=\"t\">server</th><th></th></tr>\n");
    if (d.server() != null) {
      kv(out, "version", d.server().version());
      for (Map.Entry<String, String> e : d.server().settings().entrySet()) {
        kv(out, e.getKey(), e.getValue());
      }
    } else {
      kv(out, "settings", "not recorded");
    }
    out.append("</table></div></section>\n");
  }

  private static void kv(Appendable out, String k, String v) throws IOException {
    out.append("<tr><td class=\"t\">")
        .append(escape(k))
        .append("</td><td>")
        .append(escape(v))
        .append("</td></tr>\n");
  }
}
