package org.jpgbench.report.html;

import static org.jpgbench.cnum.CFormat.fixed;
import static org.jpgbench.report.html.HtmlText.escape;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jpgbench.report.IntervalSeries;
import org.jpgbench.report.Outage;
import org.jpgbench.report.Outages;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.ServerStats;

/**
 * The run report's charts, drawn by uPlot: throughput and latency percentiles over time, then with
 * --server-stats the WAL rate, the cache hit ratio and the benchmark backends' wait events as a
 * stacked area, all on one time axis (the same x range, one cursor) with outages, checkpoints and
 * autovacuum runs shaded across every one of them; last the latency distribution.
 */
final class HtmlCharts {
  /** The y axis of a share: 0 to 100%, never beyond (uPlot pads a range to 200%). */
  private static final double[] PERCENT_RANGE = {0, 100};

  private static final String BLUE = "#2563eb";
  private static final String ORANGE = "#ea580c";
  private static final String GREEN = "#16a34a";
  private static final String GREY = "#64748b";
  private static final String PURPLE = "#7c3aed";

  /** The stacked area's colours, most frequent wait event first; the last one for the rest. */
  private static final String[] WAIT_COLOURS = {
    "#2563eb", "#ea580c", "#16a34a", "#dc2626", "#7c3aed", "#0891b2", "#ca8a04", "#94a3b8"
  };

  /** Series longer than this are drawn downsampled. */
  private static final int MAX_POINTS = 1000;

  private static final int HISTOGRAM_BARS = 70;

  private static final String TIME_AXIS = "time since start (s)";

  private final RunSummary r;
  private final UplotCharts charts = new UplotCharts();
  private final List<UplotCharts.Band> bands = new ArrayList<>();
  private final StringBuilder bandNote = new StringBuilder();
  private double[] timeRange;

  HtmlCharts(RunSummary r) {
    this.r = r;
  }

  /** The page's sections with the charts' {@code <div>}s. */
  void sections(Appendable out) throws IOException {
    ServerStats stats = r.details().serverStats();
    timeRange = timeRange(r.details().intervals(), stats);
    shadeOutages();
    if (stats != null) {
      shadeServer(stats);
    }
    overTime(out);
    if (stats != null) {
      server(stats, out);
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

  /** The script that draws the charts, for the end of the page's body. */
  String script() {
    return charts.script();
  }

  private void overTime(Appendable out) throws IOException {
    IntervalSeries s = r.details().intervals();
    if (s == null || s.size() == 0) {
      out.append(
          "<section><h2>Throughput and latency over time</h2><p class=\"note\">No "
              + "per-interval figures in this report.</p></section>\n");
      return;
    }
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
        step > 1 ? " (each point: " + step + " intervals; percentiles are their highest)" : "";
    section(
        out,
        "Throughput",
        "successful transactions per second, per "
            + r.details().intervalSeconds()
            + " s interval"
            + every
            + bandNote,
        time("tps over time", "tps", x, List.of(new UplotCharts.Line("tps", tps, BLUE, false))));
    section(
        out,
        "Latency over time",
        "per interval" + every + bandNote,
        time(
            "latency percentiles over time",
            "latency (ms)",
            x,
            List.of(
                new UplotCharts.Line("average", avg, GREY, false),
                new UplotCharts.Line("p50", p50, GREEN, false),
                new UplotCharts.Line("p99", p99, ORANGE, false))));
  }

  /** --server-stats: WAL rate, cache hit ratio, and the wait events as a stacked area. */
  private void server(ServerStats stats, Appendable out) throws IOException {
    List<ServerStats.Interval> in = stats.intervals();
    double[] x = new double[in.size()];
    double[] wal = new double[in.size()];
    double[] hit = new double[in.size()];
    double[] nopm = new double[in.size()];
    boolean orders = false;
    for (int k = 0; k < in.size(); k++) {
      ServerStats.Interval i = in.get(k);
      x[k] = i.end();
      double seconds = i.end() - i.start();
      Long bytes = i.counters().get("wal_bytes");
      wal[k] = i.gap() || bytes == null || seconds <= 0 ? Double.NaN : bytes / seconds / 1048576;
      Long created = i.counters().get("new_orders"); // -b tpcc: the database's count
      orders |= created != null;
      nopm[k] = i.gap() || created == null || seconds <= 0 ? Double.NaN : created * 60 / seconds;
      Long h = i.counters().get("blocks_hit");
      Long rd = i.counters().get("blocks_read");
      hit[k] =
          i.gap() || h == null || rd == null || h + rd == 0 ? Double.NaN : 100.0 * h / (h + rd);
    }
    StringBuilder b = new StringBuilder();
    if (orders) {
      b.append(
          time("new orders", "NOPM", x, List.of(new UplotCharts.Line("NOPM", nopm, BLUE, false))));
    }
    b.append(
        time(
            "WAL written",
            "MB/s",
            x,
            List.of(new UplotCharts.Line("WAL MB/s", wal, PURPLE, false))));
    b.append(
        time(
            "cache hit ratio",
            "% of blocks",
            x,
            List.of(new UplotCharts.Line("hit %", hit, GREEN, false)),
            PERCENT_RANGE));
    List<Map.Entry<String, Long>> all = stats.waits();
    if (stats.waitSamplingHz() > 0 && !all.isEmpty()) {
      b.append(waits(stats, all, x));
    }
    StringBuilder note =
        new StringBuilder("sampled every ")
            .append(stats.intervalSeconds())
            .append(" s by one monitoring session; empty where the server could not be read;")
            .append(" the statistics counters (cache hits) ")
            .append(stats.lateCounters())
            .append(", WAL from the WAL position, on time");
    if (stats.waitSamplingHz() > 0) {
      note.append("; wait events of the benchmark's own backends, sampled ")
          .append(stats.waitSamplingHz())
          .append(" times a second, as shares of the samples");
    }
    for (String m : stats.missing()) {
      note.append("; not read: ").append(m);
    }
    section(out, "What the server did", note.append(bandNote).toString(), b.toString());
  }

  /**
   * The shares of the wait events per interval, stacked: the most frequent events of the whole run
   * each in a colour of their own, the rest together; the legend shows each one's own share.
   */
  private String waits(ServerStats stats, List<Map.Entry<String, Long>> all, double[] x) {
    int own =
        Math.min(all.size(), WAIT_COLOURS.length - (all.size() > WAIT_COLOURS.length ? 1 : 0));
    List<ServerStats.Interval> in = stats.intervals();
    int parts = own + (all.size() > own ? 1 : 0);
    double[][] share = new double[parts][in.size()];
    for (int k = 0; k < in.size(); k++) {
      ServerStats.Interval i = in.get(k);
      // each sample counts every backend once: the shares are of the backend samples
      long samples = i.waits().values().stream().mapToLong(Long::longValue).sum();
      for (int p = 0; p < parts; p++) {
        share[p][k] = i.gap() || samples == 0 ? Double.NaN : 0;
      }
      if (i.gap() || samples == 0) {
        continue;
      }
      for (Map.Entry<String, Long> e : i.waits().entrySet()) {
        int p = own;
        for (int q = 0; q < own; q++) {
          if (all.get(q).getKey().equals(e.getKey())) {
            p = q;
            break;
          }
        }
        share[p][k] += 100.0 * e.getValue() / samples;
      }
    }
    List<UplotCharts.Line> lines = new ArrayList<>();
    for (int p = 0; p < parts; p++) {
      double[] top = new double[in.size()];
      for (int k = 0; k < in.size(); k++) {
        double sum = 0;
        for (int q = p; q < parts; q++) {
          sum += share[q][k];
        }
        top[k] = sum;
      }
      String label = p < own ? all.get(p).getKey() : "(" + (all.size() - own) + " others)";
      String colour = WAIT_COLOURS[Math.min(p, WAIT_COLOURS.length - 1)];
      // a little translucent, so that the bands behind the area still show
      lines.add(new UplotCharts.Line(label, top, colour, false, colour + "d0", share[p]));
    }
    return charts.add(
        new UplotCharts.Chart(
            "wait events of the benchmark's backends",
            TIME_AXIS,
            "% of samples",
            x,
            lines,
            false,
            UplotCharts.TIME,
            timeRange,
            PERCENT_RANGE,
            false,
            bands));
  }

  private String time(String title, String yLabel, double[] x, List<UplotCharts.Line> lines) {
    return time(title, yLabel, x, lines, null);
  }

  /** A chart over the run's time; {@code yRange} fixes its y axis (null: from the data). */
  private String time(
      String title, String yLabel, double[] x, List<UplotCharts.Line> lines, double[] yRange) {
    return charts.add(
        new UplotCharts.Chart(
            title,
            TIME_AXIS,
            yLabel,
            x,
            lines,
            false,
            UplotCharts.TIME,
            timeRange,
            yRange,
            false,
            bands));
  }

  /** From 0 to the last second that a series covers. */
  private static double[] timeRange(IntervalSeries s, ServerStats stats) {
    double end = 0;
    if (s != null && s.size() > 0) {
      end = s.endMicros(s.size() - 1) / 1e6;
    }
    if (stats != null && !stats.intervals().isEmpty()) {
      end = Math.max(end, stats.intervals().get(stats.intervals().size() - 1).end());
    }
    return new double[] {0, Math.max(end, 1)};
  }

  /**
   * --reconnect: each outage as a shaded band, in the series' time (from the run's start, which the
   * intervals count from; the benchmark's start when the run's is unknown).
   */
  private void shadeOutages() {
    Outages o = r.outages();
    if (o == null || o.windows().isEmpty()) {
      return;
    }
    long origin =
        r.details().startEpochMicros() > 0
            ? r.details().startEpochMicros()
            : o.benchStartEpochMicros();
    for (Outage w : o.windows()) {
      bands.add(
          new UplotCharts.Band(
              (w.fromEpochMicros() - origin) / 1e6,
              (w.toEpochMicros() - origin) / 1e6,
              "rgba(220,38,38,0.16)",
              "outage: "
                  + fixed(w.durationMicros() / 1e6, 3)
                  + " s, "
                  + w.clients()
                  + " clients, "
                  + w.failedTransactions()
                  + " failed transactions"));
    }
    bandNote.append("; shaded red: outages (at least one client disconnected)");
  }

  /** --server-stats: checkpoints and autovacuum runs as bands over the intervals they ran in. */
  private void shadeServer(ServerStats stats) {
    List<double[]> checkpoints = stats.spans(ServerStats.Interval::checkpoint);
    for (double[] sp : checkpoints) {
      bands.add(new UplotCharts.Band(sp[0], sp[1], "rgba(202,138,4,0.20)", "checkpoint"));
    }
    List<double[]> vacuums = stats.spans(i -> !i.autovacuum().isEmpty());
    for (double[] sp : vacuums) {
      bands.add(new UplotCharts.Band(sp[0], sp[1], "rgba(8,145,178,0.14)", "autovacuum"));
    }
    if (!checkpoints.isEmpty()) {
      bandNote.append("; shaded amber: checkpoints");
    }
    if (!vacuums.isEmpty()) {
      bandNote.append("; shaded teal: autovacuum");
    }
  }

  /** Transactions per latency bucket, log-spaced buckets, drawn as a stepped area. */
  private String histogram(AbstractHistogram h) {
    double lo = Math.max(1, h.getMinValue()) / 1000.0;
    double hi = Math.max(h.getMaxValue(), h.getMinValue() + 1) / 1000.0;
    double llo = Math.log10(lo);
    double lhi = Math.log10(hi) + 1e-9;
    double[] edges = new double[HISTOGRAM_BARS + 1];
    for (int i = 0; i <= HISTOGRAM_BARS; i++) {
      edges[i] = Math.pow(10, llo + (lhi - llo) * i / HISTOGRAM_BARS);
    }
    double[] counts = new double[HISTOGRAM_BARS + 1];
    for (HistogramIterationValue v : h.recordedValues()) {
      double ms = Math.max(1, v.getValueIteratedTo()) / 1000.0;
      int b = (int) ((Math.log10(ms) - llo) / (lhi - llo) * HISTOGRAM_BARS);
      counts[Math.max(0, Math.min(HISTOGRAM_BARS - 1, b))] += v.getCountAtValueIteratedTo();
    }
    // a step holds its value up to the next edge: the last edge repeats the last bucket
    counts[HISTOGRAM_BARS] = counts[HISTOGRAM_BARS - 1];
    return charts.add(
        new UplotCharts.Chart(
            "latency histogram",
            "latency (ms)",
            "transactions",
            edges,
            List.of(new UplotCharts.Line("transactions", counts, BLUE, false, BLUE, null)),
            true,
            "histogram",
            null,
            null,
            true,
            List.of()));
  }

  private static void section(Appendable out, String title, String note, String charts)
      throws IOException {
    out.append("<section><h2>")
        .append(escape(title))
        .append("</h2><p class=\"note\">")
        .append(escape(note))
        .append("</p>\n")
        .append(charts)
        .append("</section>\n");
  }
}
