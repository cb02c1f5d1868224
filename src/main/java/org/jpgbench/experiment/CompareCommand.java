package org.jpgbench.experiment;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jpgbench.log.PgLog;

/**
 * {@code jpgbench compare BASE.json... --vs NEW.json... [--metric=LIST] [--alpha=A] [--force]
 * [--report-json=FILE] [--report-html=FILE] [--report-csv=FILE]}: a verdict per metric, with its
 * uncertainty, from runs' JSON reports, or from initializations' (-i --report-json): their total
 * and each step. The cli dispatches here when the first argument is "compare".
 */
public final class CompareCommand {

  private CompareCommand() {}

  static String help() {
    String p = PgLog.progname();
    return p
        + " compare tells whether the runs of NEW differ from those of BASE beyond the noise.\n\n"
        + "Usage:\n  "
        + p
        + " compare [OPTION]... BASE.json... --vs NEW.json...\n\n"
        + "Options:\n"
        + "  --metric=LIST            what to compare (default: "
        + Metric.DEFAULT
        + "):\n"
        + "                           tps, latency (the average), pNN (a percentile), failed,\n"
        + "                           nopm (-b tpcc's runs, where it comes first by default);\n"
        + "                           reports of -i compare \"done in\" and every step\n"
        + "  --alpha=A                significance level (default: 0.05, 95% intervals)\n"
        + "  --margin=PCT             the smallest change that matters (default: 5): a change\n"
        + "                           whose whole interval lies within +-PCT% is \"unchanged\"\n"
        + "  --force                  compare runs of different scripts, scales, query modes or\n"
        + "                           client counts (what differs is printed)\n"
        + "  --report-json=FILE       write the comparison as JSON to FILE (\"-\" for stdout)\n"
        + "  --report-html=FILE       write a page overlaying the two sides (tps, latencies)\n"
        + "  --report-csv=FILE        write a row per point and metric as CSV (\"-\" for stdout)\n"
        + "  -?, --help               show this help, then exit\n\n"
        + "With two runs or more per side the runs are compared with Welch's t-test; with one\n"
        + "run per side, their -P series with a block bootstrap (run-to-run noise unseen).\n"
        + "Verdicts: improved, regressed, unchanged (within the margin), or ~ (inconclusive,\n"
        + "with the runs per side that would decide).\n"
        + "Exit status: 0 when compared, 1 on bad input.\n";
  }

  /** The parsed command line. */
  private record Args(
      List<String> base,
      List<String> neu,
      List<Metric> metrics,
      Decision decision,
      boolean force,
      String json,
      String html,
      String csv) {}

  public static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-?"))) {
        out.print(help());
        return 0;
      }
      Args a = parse(args);
      Map<String, List<RunReport>> base = ReportInputs.read(a.base());
      Map<String, List<RunReport>> neu = ReportInputs.read(a.neu());
      if (base.containsKey(ReportInputs.RUNS) != neu.containsKey(ReportInputs.RUNS)) {
        throw new ExperimentException("cannot compare sweeps with single runs");
      }
      List<RunReport> all = new ArrayList<>();
      base.values().forEach(all::addAll);
      neu.values().forEach(all::addAll);
      Comparability.sameKind(all);
      List<Metric> metrics = a.metrics();
      if (all.get(0).init()) {
        if (metrics != null) {
          throw new ExperimentException(
              "--metric does not apply to initializations (their total and every step are"
                  + " compared)");
        }
        metrics = Metric.init(all.get(0));
      } else if (metrics == null) {
        metrics =
            Metric.parse(Double.isNaN(all.get(0).nopm()) ? Metric.DEFAULT : Metric.DEFAULT_TPCC);
      }
      List<String> differences =
          Comparability.differences(all, !base.containsKey(ReportInputs.RUNS));
      if (!differences.isEmpty()) {
        if (!a.force()) {
          throw new ExperimentException(
              "the runs are not comparable: " + String.join("; ", differences));
        }
        err.print(CompareText.list(PgLog.warning("comparing runs that differ:"), differences));
      }
      Map<String, Comparison> points = new java.util.LinkedHashMap<>();
      for (Map.Entry<String, List<RunReport>> e : base.entrySet()) {
        List<RunReport> other = neu.get(e.getKey());
        if (other == null) {
          err.println(PgLog.warning(e.getKey() + " is only in the base sweep"));
          continue;
        }
        points.put(e.getKey(), Comparison.of(e.getValue(), other, metrics, a.decision()));
      }
      for (String label : neu.keySet()) {
        if (!base.containsKey(label)) {
          err.println(PgLog.warning(label + " is only in the new sweep"));
        }
      }
      if (points.isEmpty()) {
        throw new ExperimentException("the sweeps have no point in common");
      }
      List<Comparability.Difference> between = Comparability.between(firstOf(base), firstOf(neu));
      report(a, points, between, out, err);
      return 0;
    } catch (ExperimentException e) {
      err.println(PgLog.error(e.getMessage()));
      err.println(
          PgLog.hint("Try \"" + PgLog.progname() + " compare --help\" for more information."));
      return 1;
    }
  }

  /** The first run of a side (of its first point, for a sweep). */
  private static RunReport firstOf(Map<String, List<RunReport>> side) {
    return side.values().iterator().next().get(0);
  }

  /** The table(s) on the text stream, then the JSON and HTML files asked for. */
  private static void report(
      Args a,
      Map<String, Comparison> points,
      List<Comparability.Difference> differences,
      PrintStream out,
      PrintStream err)
      throws ExperimentException {
    PrintStream text = ExperimentFormat.textStream(out, err, a.json(), a.csv());
    text.print(
        differences.isEmpty()
            ? "no server setting or run parameter differs between base and new\n"
            : CompareText.list(
                "what differs between base and new:", Comparability.lines(differences)));
    boolean sweep = !points.containsKey(ReportInputs.RUNS);
    Map<String, Object> doc = new java.util.LinkedHashMap<>();
    doc.put("schema", "jpgbench-compare/1");
    doc.put("differences", Comparability.json(differences));
    List<Object> rows = new ArrayList<>();
    org.jpgbench.report.html.UplotPage page =
        new org.jpgbench.report.html.UplotPage("jpgbench compare: base vs new");
    Comparison any = points.values().iterator().next();
    page.note(CompareHtml.inputs(any, "base", "new"));
    page.note(SweepContext.of(any.base.get(0)));
    for (Map.Entry<String, Comparison> e : points.entrySet()) {
      if (sweep) {
        text.print("\n" + e.getKey() + ":\n");
        Map<String, Object> point = new java.util.LinkedHashMap<>();
        point.put("point", e.getKey());
        point.putAll(ExperimentJson.comparison(e.getValue()));
        rows.add(point);
      } else {
        doc.putAll(ExperimentJson.comparison(e.getValue()));
      }
      text.print(CompareText.table(e.getValue(), "base", "new"));
      CompareHtml.section(page, e.getKey(), e.getValue(), "base", "new");
    }
    text.flush();
    if (sweep) {
      doc.put("points", rows);
    }
    if (a.json() != null) {
      ExperimentJson.DOCUMENT.writeTo(doc, a.json(), out);
    }
    if (a.html() != null) {
      ExperimentHtml.write(page, a.html());
    }
    if (a.csv() != null) {
      ComparisonCsv.FORMAT.writeTo(new Compared(points), a.csv(), out);
    }
  }

  private static Args parse(String[] args) throws ExperimentException {
    List<String> base = new ArrayList<>();
    List<String> neu = new ArrayList<>();
    List<Metric> metrics = null; // the default of the reports' kind
    double alpha = Decision.DEFAULT_ALPHA;
    double margin = Decision.DEFAULT_MARGIN;
    boolean force = false;
    String json = null;
    String html = null;
    String csv = null;
    boolean vs = false;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      String value = arg.contains("=") ? arg.substring(arg.indexOf('=') + 1) : null;
      String name = value != null ? arg.substring(0, arg.indexOf('=')) : arg;
      if (value == null && takesValue(name) && i + 1 < args.length) {
        value = args[++i];
      }
      switch (name) {
        case "--vs" -> vs = true;
        case "--force" -> force = true;
        case "--metric" -> metrics = Metric.parse(require(name, value));
        case "--alpha" -> {
          alpha = alpha(require(name, value));
          if (Double.isNaN(alpha)) {
            throw new ExperimentException(
                "invalid value \"" + value + "\" for option --alpha (a number between 0 and 0.5)");
          }
        }
        case "--margin" -> {
          margin = margin(require(name, value));
          if (Double.isNaN(margin)) {
            throw new ExperimentException(
                "invalid value \""
                    + value
                    + "\" for option --margin (a percentage above 0 and below 100)");
          }
        }
        case "--report-json" -> json = require(name, value);
        case "--report-html" -> html = require(name, value);
        case "--report-csv" -> csv = require(name, value);
        default -> {
          if (arg.startsWith("-") && !arg.equals("-")) {
            throw new ExperimentException("unrecognized option \"" + arg + "\"");
          }
          (vs ? neu : base).add(arg);
        }
      }
    }
    if (base.isEmpty() || neu.isEmpty()) {
      throw new ExperimentException(
          "give the base runs' reports, then --vs and the new runs' reports");
    }
    if ("-".equals(json) && "-".equals(csv)) {
      throw new ExperimentException(
          "--report-json and --report-csv cannot both be written to standard output");
    }
    return new Args(base, neu, metrics, new Decision(alpha, margin), force, json, html, csv);
  }

  private static boolean takesValue(String name) {
    return name.equals("--metric")
        || name.equals("--alpha")
        || name.equals("--margin")
        || name.equals("--report-json")
        || name.equals("--report-html")
        || name.equals("--report-csv");
  }

  private static String require(String name, String value) throws ExperimentException {
    if (value == null || value.isEmpty()) {
      throw new ExperimentException("option " + name + " requires a value");
    }
    return value;
  }

  /** A --margin percentage in (0, 100), "%" allowed, as a fraction; NaN when it is not one. */
  public static double margin(String v) {
    String t = v.endsWith("%") ? v.substring(0, v.length() - 1) : v;
    double m;
    try {
      m = Double.parseDouble(t);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
    return m > 0 && m < 100 ? m / 100 : Double.NaN;
  }

  /** A significance level in (0, 0.5), or NaN when {@code v} is not one. */
  public static double alpha(String v) {
    double a;
    try {
      a = Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
    return a > 0 && a < 0.5 ? a : Double.NaN;
  }
}
