package org.jpgbench.report;

import static org.jpgbench.cnum.CFormat.fixed;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
import org.jpgbench.cnum.CFormat;

/**
 * --percentile: the lines jpgbench adds to pgbench's text report, only when the option is given.
 * Values come from the HdrHistograms (µs, 3 significant digits; 2 per command) and print in ms:
 *
 * <pre>
 * latency percentiles: p50 = 1.234 ms, p90 = 2.345 ms, p95 = ..., p99.9 = ... ms, max = 9.876 ms
 * latency percentiles (from scheduled start): ...     (-R: the same latency as pgbench's average)
 * latency percentiles (from actual start): ...        (-R: end - actual start, without the lag)
 *  - latency percentiles: ...                         (per script, with several scripts)
 * statement latency percentiles in milliseconds (p50 p90 p95 p99 p99.9 max):   (-r)
 *          0.101       0.180       0.220       0.401       1.020       2.310  SELECT 1;
 * </pre>
 *
 * The -P line gets {@code , p99 X ms} for its interval.
 */
public final class PercentileLines {
  /** --percentile without a list, and the JSON report's list when none was asked for. */
  public static final List<Double> DEFAULT = List.of(50.0, 90.0, 95.0, 99.0, 99.9);

  /** {@code chosen}, or {@link #DEFAULT} when none were chosen. */
  public static List<Double> orDefault(List<Double> chosen) {
    return chosen.isEmpty() ? DEFAULT : chosen;
  }

  /** Written to reports as the last "percentile", labelled max. */
  public static final double MAX = 100.0;

  private PercentileLines() {}

  /** The percentiles a report's tables show: those asked for (else the default), and the max. */
  public static List<Double> columns(RunDetails d) {
    return withMax(orDefault(d.percentiles()));
  }

  /** The percentiles asked for, then 100 (the max), without duplicates. */
  public static List<Double> withMax(List<Double> asked) {
    List<Double> l = new ArrayList<>();
    for (double p : asked) {
      if (p < MAX && !l.contains(p)) {
        l.add(p);
      }
    }
    l.add(MAX);
    return l;
  }

  /** "p50", "p99.9", and "max" for 100. */
  public static String label(double p) {
    if (p >= MAX) {
      return "max";
    }
    String s = java.math.BigDecimal.valueOf(p).stripTrailingZeros().toPlainString();
    return "p" + s;
  }

  /** The value at percentile {@code p} (100: the max) in ms. */
  public static double millis(AbstractHistogram h, double p) {
    long v = p >= MAX ? h.getMaxValue() : h.getValueAtPercentile(p);
    return v / 1000.0;
  }

  /** "head: p50 = 1.234 ms, ..., max = 9.876 ms". */
  static String line(String head, AbstractHistogram h, List<Double> asked) {
    StringBuilder b = new StringBuilder(head).append(':');
    String sep = " ";
    for (double p : withMax(asked)) {
      b.append(sep).append(label(p)).append(" = ").append(fixed(millis(h, p), 3)).append(" ms");
      sep = ", ";
    }
    return b.toString();
  }

  /** After the run's latency lines. */
  public static void total(RunSummary r, Appendable out) throws IOException {
    List<Double> ps = r.details().percentiles();
    if (ps.isEmpty() || r.latencies() == null || r.latencies().getTotalCount() == 0) {
      return;
    }
    AbstractHistogram service = r.details().serviceLatencies();
    if (r.settings().throttled() && service != null) {
      out.append(line("latency percentiles (from scheduled start)", r.latencies(), ps))
          .append('\n');
      if (service.getTotalCount() > 0) {
        out.append(line("latency percentiles (from actual start)", service, ps)).append('\n');
      }
    } else {
      out.append(line("latency percentiles", r.latencies(), ps)).append('\n');
    }
  }

  /** After a script block's latency lines. */
  public static void script(RunSummary r, ScriptSummary s, Appendable out) throws IOException {
    List<Double> ps = r.details().percentiles();
    if (ps.isEmpty() || s.latencies() == null || s.latencies().getTotalCount() == 0) {
      return;
    }
    out.append(line(" - latency percentiles", s.latencies(), ps)).append('\n');
  }

  /** After a script's -r lines: one row per command, one column per percentile. */
  public static void commands(RunSummary r, ScriptSummary s, Appendable out) throws IOException {
    List<Double> ps = r.details().percentiles();
    if (ps.isEmpty() || s.commands().isEmpty() || s.commands().get(0).latencies() == null) {
      return;
    }
    List<Double> cols = withMax(ps);
    StringBuilder head =
        new StringBuilder(r.settings().perScriptStats() ? " - " : "")
            .append("statement latency percentiles in milliseconds (");
    for (int i = 0; i < cols.size(); i++) {
      head.append(i > 0 ? " " : "").append(label(cols.get(i)));
    }
    out.append(head).append("):\n");
    for (CommandSummary c : s.commands()) {
      StringBuilder b = new StringBuilder("  ");
      AbstractHistogram h = c.latencies();
      for (double p : cols) {
        b.append(' ')
            .append(CFormat.padLeft(fixed(h.getTotalCount() > 0 ? millis(h, p) : 0.0, 3), 11));
      }
      out.append(b).append("  ").append(c.text()).append('\n');
    }
  }

  /** ", p99 X ms" for a -P line (0.000 when nothing completed in the interval). */
  static String progressSuffix(AbstractHistogram interval) {
    double v = interval.getTotalCount() > 0 ? millis(interval, 99.0) : 0.0;
    return ", p99 " + fixed(v, 3) + " ms";
  }
}
