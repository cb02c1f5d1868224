package org.jpgbench.merge;

import static org.jpgbench.cnum.CFormat.fixed;
import static org.jpgbench.cnum.CFormat.fixed6;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.jpgbench.config.Threshold;
import org.jpgbench.log.PgLog;
import org.jpgbench.report.PercentileLines;
import org.jpgbench.report.ReportFormat;
import org.jpgbench.report.ReportMessages;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.SloCheck;
import org.jpgbench.report.html.HtmlReport;
import org.jpgbench.report.json.JsonReport;
import org.jpgbench.report.text.ServerStatsText;
import org.jpgbench.report.text.TextReport;
import org.jpgbench.stats.StatsData;

/**
 * {@code jpgbench merge [--percentile[=LIST]] [--report-json=FILE] [--report-html=FILE] FILE...}:
 * combines the JSON reports and/or HdrHistogram logs (--hdr-log) of several jpgbench processes,
 * e.g. run on several client machines against one server, into one report: pgbench's text with the
 * percentile lines on stdout, optionally JSON and HTML. Totals add up, tps is the sum of the
 * processes' tps, percentiles come from the merged histograms. The cli dispatches here when the
 * first argument is "merge".
 */
public final class MergeCommand {
  private MergeCommand() {}

  /**
   * Where {@code merge --group=NAME} finds a group's kept summaries (the group package implements
   * it; the cli hands it in).
   */
  public interface KeptGroups {
    /**
     * The members' JSON reports, each named by its member.
     *
     * @param conninfo --group-conninfo, or null for the PG* environment's server
     * @throws IOException with the error's text as its message
     */
    List<JsonText> load(String group, String conninfo) throws IOException;
  }

  /** A JSON report held as text (a --group member's summary), and the name it is merged under. */
  public record JsonText(String name, String json) {}

  /**
   * Where a merged report goes and what it shows.
   *
   * @param percentiles the latency percentiles reported
   * @param json --report-json file ("-" for stdout), or null
   * @param html --report-html file, or null
   * @param out the text report (stderr takes it when the JSON goes to stdout)
   * @param err errors and warnings
   */
  public record Targets(
      List<Double> percentiles,
      String json,
      String html,
      List<Threshold> thresholds,
      PrintStream out,
      PrintStream err) {}

  /** merge's --help: what it does, its usage and options. */
  static String help() {
    String p = PgLog.progname();
    return p
        + " merge combines the JSON reports and HdrHistogram logs of several "
        + p
        + " runs\n(for example one per client machine) into one report.\n\n"
        + "Usage:\n  "
        + p
        + " merge [OPTION]... FILE...\n\n"
        + "Options:\n"
        + "  --percentile[=LIST]      report these latency percentiles, comma-separated numbers\n"
        + "                           in (0,100] (default: 50,90,95,99,99.9)\n"
        + "  --report-json=FILE       write the merged results as JSON to FILE (\"-\" for stdout)\n"
        + "  --report-html=FILE       write the merged results as an HTML page to FILE\n"
        + "  --group=NAME             merge the reports a --group run kept (--group-keep) in\n"
        + "                           the coordination table, instead of files\n"
        + "  --group-conninfo=CONNSTR where that table is (default: the PG* environment's server)\n"
        + "  -?, --help               show this help, then exit\n\n"
        + "FILE is a --report-json file or a --hdr-log file of a run. Transaction counts and\n"
        + "failures are added up, tps is the sum of the runs' tps, and the percentiles come from\n"
        + "the runs' merged latency histograms. The merged report goes to stdout in pgbench's\n"
        + "format.\n";
  }

  /**
   * @param args the arguments after "merge"
   * @return the exit status: 0, or 1 on a usage or input error
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return run(args, out, err, null);
  }

  /**
   * @param kept reads a group's kept reports for --group, or null when there is no such source
   */
  public static int run(String[] args, PrintStream out, PrintStream err, KeptGroups kept) {
    String group = null;
    String groupConninfo = null;
    List<Double> percentiles = new ArrayList<>(PercentileLines.DEFAULT);
    String json = null;
    String html = null;
    List<String> files = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--")) {
        files.addAll(List.of(args).subList(i + 1, args.length));
        break;
      } else if (a.equals("--help") || a.equals("-?")) {
        out.print(help());
        return 0;
      } else if (a.equals("--percentile")) {
        // the default list, which the reports use anyway
      } else if (a.startsWith("--percentile=")) {
        String list = a.substring("--percentile=".length());
        percentiles = percentiles(list);
        if (percentiles == null) {
          err.print(PgLog.error("invalid value \"" + list + "\" for option --percentile") + "\n");
          return 1;
        }
      } else if (a.startsWith("--report-json=") || a.startsWith("--report-html=")) {
        String v = a.substring(a.indexOf('=') + 1);
        if (a.startsWith("--report-json=")) {
          json = v;
        } else {
          html = v;
        }
      } else if ((a.equals("--report-json") || a.equals("--report-html")) && i + 1 < args.length) {
        if (a.equals("--report-json")) {
          json = args[++i];
        } else {
          html = args[++i];
        }
      } else if (a.startsWith("--group=") && kept != null) {
        group = a.substring("--group=".length());
      } else if (a.startsWith("--group-conninfo=") && kept != null) {
        groupConninfo = a.substring("--group-conninfo=".length());
      } else if (a.startsWith("-") && !a.equals("-")) {
        err.print(
            PgLog.error(ReportMessages.f(ReportMessages.MERGE_OPTION, a))
                + "\n"
                + ReportMessages.f(ReportMessages.MERGE_USAGE_DETAIL, PgLog.progname())
                + "\n");
        return 1;
      } else {
        files.add(a);
      }
    }
    if (group != null && files.isEmpty()) {
      return kept(
          kept, group, groupConninfo, new Targets(percentiles, json, html, List.of(), out, err));
    }
    if (files.isEmpty()) {
      err.print(
          PgLog.error(ReportMessages.MERGE_USAGE)
              + "\n"
              + ReportMessages.f(ReportMessages.MERGE_USAGE_DETAIL, PgLog.progname())
              + "\n");
      return 1;
    }
    MergeInputs in;
    try {
      in = MergeInputs.read(files);
    } catch (MergeInputs.InputError e) {
      err.print(PgLog.error(e.getMessage()) + "\n");
      return 1;
    }
    String header = header("merged from " + files.size() + " inputs");
    return report(in, files, header, new Targets(percentiles, json, html, List.of(), out, err));
  }

  /** A merged text report's first line: "jpgbench (VERSION, {@code what})". */
  public static String header(String what) {
    return "jpgbench (" + PgLog.version() + ", " + what + ")";
  }

  /**
   * What {@code merge} prints and writes for JSON reports held as text (the summaries a --group's
   * members shared): the same as for files of those names and contents.
   *
   * @param header the text report's first line
   * @return 0, or 1 when a report is unreadable or a file cannot be written (error printed)
   */
  public static int reportJsonTexts(List<JsonText> reports, String header, Targets to) {
    List<String> names = reports.stream().map(JsonText::name).toList();
    try {
      return report(MergeInputs.ofJson(reports), names, header, to);
    } catch (MergeInputs.InputError e) {
      to.err().print(PgLog.error(e.getMessage()) + "\n");
      return 1;
    }
  }

  private static int kept(KeptGroups kept, String group, String conninfo, Targets to) {
    List<JsonText> reports;
    try {
      reports = kept.load(group, conninfo);
    } catch (IOException e) {
      to.err().print(PgLog.error(e.getMessage()) + "\n");
      return 1;
    }
    String header = header("group \"" + group + "\": " + reports.size() + " members");
    return reportJsonTexts(reports, header, to);
  }

  private static int report(MergeInputs in, List<String> inputs, String header, Targets to) {
    PrintStream out = to.out();
    PrintStream err = to.err();
    String json = to.json();
    RunSummary merged;
    try {
      merged =
          SummaryMerger.merge(
              in.reports,
              in.logs,
              to.percentiles(),
              inputs,
              w -> err.print(PgLog.warning(w) + "\n"));
    } catch (IOException e) {
      err.print(PgLog.error("merge: " + ReportMessages.reason(e)) + "\n");
      return 1;
    }
    if (!to.thresholds().isEmpty()) {
      merged = merged.withThresholds(to.thresholds());
    }
    PrintStream text = "-".equals(json) ? err : out;
    try {
      text.print(header + "\n");
      if (merged.scripts().isEmpty() && merged.settings().clients() == 0) {
        logsOnly(merged, text);
      } else {
        new TextReport().write(merged, text);
      }
      if (merged.details().workload() != null) {
        text.print(merged.details().workload().line());
      }
      if (merged.details().serverStats() != null) {
        text.print(ServerStatsText.block(merged.details().serverStats()));
      }
      text.flush();
    } catch (IOException e) {
      throw new IllegalStateException(e); // a PrintStream does not throw
    }
    boolean ok = true;
    if (json != null) {
      ok &= write(new JsonReport(), merged, json, out, err);
    }
    if (to.html() != null) {
      ok &= write(new HtmlReport(), merged, to.html(), null, err);
    }
    if (!to.thresholds().isEmpty()) {
      List<SloCheck.Result> slo = SloCheck.evaluate(merged);
      text.print(SloCheck.lines(slo));
      text.flush();
      if (ok && !SloCheck.allMet(slo)) {
        return SloCheck.EXIT_STATUS;
      }
    }
    return ok ? 0 : 1;
  }

  /** The text of a merge of HdrHistogram logs alone: what the logs know. */
  private static void logsOnly(RunSummary r, PrintStream out) throws IOException {
    StatsData t = r.total();
    out.print("number of transactions actually processed: " + t.cnt + "\n");
    if (t.cnt > 0) {
      out.print("latency average = " + fixed(0.001 * t.latency.mean(), 3) + " ms\n");
      out.print("latency stddev = " + fixed(0.001 * t.latency.stddev(), 3) + " ms\n");
      PercentileLines.total(r, out);
    }
    out.print("tps = " + fixed6(r.tps()) + " (sum over the logs)\n");
  }

  private static boolean write(
      ReportFormat f, RunSummary r, String path, PrintStream stdout, PrintStream err) {
    String problem = f.writeTo(r, path, stdout);
    if (problem != null) {
      err.print(PgLog.error(problem) + "\n");
    }
    return problem == null;
  }

  /** Comma-separated numbers in (0, 100], sorted, without duplicates; null when invalid. */
  static List<Double> percentiles(String list) {
    TreeSet<Double> values = new TreeSet<>();
    for (String part : list.split(",", -1)) {
      String t = part.trim();
      double p;
      try {
        p = t.matches("[0-9]+(\\.[0-9]*)?|\\.[0-9]+") ? Double.parseDouble(t) : Double.NaN;
      } catch (NumberFormatException e) {
        p = Double.NaN;
      }
      if (!(p > 0.0 && p <= 100.0)) {
        return null;
      }
      values.add(p);
    }
    return new ArrayList<>(values);
  }
}
