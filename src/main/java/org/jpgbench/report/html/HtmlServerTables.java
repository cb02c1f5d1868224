package org.jpgbench.report.html;

import static org.jpgbench.cnum.CFormat.fixed;
import static org.jpgbench.report.html.HtmlText.escape;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ServerStats;

/**
 * --server-stats in the page as tables, beside its charts: the server's totals for the run (the
 * counters' growth from the first sample to the last, named as in the JSON report) and the
 * benchmark backends' wait events with their shares of the samples, as the text report lists them.
 */
final class HtmlServerTables {
  private HtmlServerTables() {}

  static void server(RunSummary r, Appendable out) throws IOException {
    ServerStats s = r.details().serverStats();
    if (s == null) {
      return;
    }
    out.append(
        "<section><h2>Server totals</h2><p class=\"note\">what the server counted over the"
            + " run (--server-stats)</p><div class=\"cols\"><table id=\"server-totals\">"
            + "<tr><th class=\"t\">counter</th><th>total</th><th>per second</th></tr>\n");
    double seconds = s.seconds();
    for (Map.Entry<String, Long> e : s.totals().entrySet()) {
      out.append("<tr><td class=\"t\">")
          .append(escape(e.getKey()))
          .append("</td><td>")
          .append(Long.toString(e.getValue()))
          .append("</td><td>")
          .append(seconds > 0 ? fixed(e.getValue() / seconds, 1) : "")
          .append("</td></tr>\n");
    }
    out.append("</table>");
    List<Map.Entry<String, Long>> waits = s.waits();
    long samples = waits.stream().mapToLong(Map.Entry::getValue).sum();
    if (s.waitSamplingHz() > 0 && samples > 0) {
      out.append(
          "<table id=\"server-waits\"><tr><th class=\"t\">wait event</th><th>samples</th>"
              + "<th>share</th></tr>\n");
      for (Map.Entry<String, Long> e : waits) {
        out.append("<tr><td class=\"t\">")
            .append(escape(e.getKey()))
            .append("</td><td>")
            .append(Long.toString(e.getValue()))
            .append("</td><td>")
            .append(fixed(100.0 * e.getValue() / samples, 1))
            .append("%</td></tr>\n");
      }
      out.append("</table>");
    }
    out.append("</div></section>\n");
  }
}
