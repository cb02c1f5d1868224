package org.jpgbench.experiment;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.log.PgLog;
import org.jpgbench.report.SloCheck;
import org.jpgbench.run.RunMode;
import org.jpgbench.run.RunResult;
import org.jpgbench.script.Script;
import org.jpgbench.sigint.CtrlC;

/**
 * {@code jpgbench sweep}: one ordinary benchmark per point and repeat, in the plan's interleaved
 * order, a line printed as each finishes, then the table of the points; the JSON document holds
 * every run's full report. A point that fails is reported in its row and the sweep goes on (unless
 * --exit-on-abort); Ctrl-C ends the run in flight as an interrupted run, and the table of what
 * completed is printed and written.
 */
public final class Sweep {
  private final SweepPlan plan;
  private final Options options;
  private final List<Script> scripts;
  private final SymbolTable symbols;
  private final ConnectionFactory db;
  private final PrintStream out;

  /** Where the lines and tables go: stderr when --report-json=- puts the JSON on stdout. */
  private final PrintStream text;

  private final PrintStream err;
  private final String json;

  /** --repeat=auto's level and margin (the default one otherwise unused). */
  private final Decision decision;

  /**
   * @param decision --repeat=auto's alpha and margin: a point's tps is known when the interval of
   *     its mean lies within ±margin of it
   * @param options the run options every point starts from (its --slo checks the points, its
   *     --report-json/--report-html are the sweep's)
   */
  public Sweep(
      SweepPlan plan,
      Options options,
      List<Script> scripts,
      SymbolTable symbols,
      ConnectionFactory db,
      Decision decision,
      PrintStream out,
      PrintStream err) {
    this.decision = decision;
    this.plan = plan;
    this.options = options;
    this.scripts = List.copyOf(scripts);
    this.symbols = symbols;
    this.db = db;
    this.out = out;
    this.err = err;
    this.json = options.outputs().reportJson();
    this.text =
        ExperimentFormat.textStream(
            out, err, options.outputs().reportJson(), options.outputs().reportCsv());
  }

  /**
   * @return 0 when every point was measured; 2 when some run failed; 130 when stopped by Ctrl-C;
   *     {@value SloCheck#EXIT_STATUS} when --slo was given and no point meets it; 1 when the report
   *     could not be written
   */
  public int run() {
    if (!ready()) {
      return 1;
    }
    Map<SweepPlan.Point, PointResult> results = new LinkedHashMap<>();
    for (SweepPlan.Point p : plan.points()) {
      Options o = pointOptions(p, 0);
      results.put(p, new PointResult(p, o.run().clients(), o.run().rate()));
    }
    boolean[] stop = {false};
    boolean interrupted = false;
    boolean anyFailed = false;
    SequentialRounds auto =
        plan.autoRepeat() ? new SequentialRounds(plan.repeat(), decision) : null;
    java.util.Set<SweepPlan.Point> decided = new java.util.HashSet<>();
    if (auto != null) {
      text.print(
          String.format(
              java.util.Locale.ROOT,
              "--repeat=auto: each point until its tps is known within +-%s%%, at most %d runs\n",
              CompareText.trimZeros(100 * decision.margin()),
              plan.repeat()));
    }
    Progress progress =
        new Progress(plan.order().size(), options.run().durationSeconds() + plan.warmupSeconds());
    try (CtrlC sigint = CtrlC.during(() -> stop[0] = true, options.embedded())) {
      for (SweepPlan.Trial t : plan.order()) {
        if (decided.contains(t.point())) {
          continue;
        }
        PointResult point = results.get(t.point());
        if (plan.warmupSeconds() > 0 && !warmUp(t.point())) {
          point.failedRuns.add(1);
          anyFailed = true;
          continue;
        }
        err.println(
            PgLog.info(
                progress.starting(
                    SweepText.label(point) + ": run " + (t.repeat() + 1) + "/" + plan.repeat())));
        RunResult r =
            quietly(
                pointOptions(t.point(), options.run().durationSeconds()),
                SweepText.label(point) + ": ");
        progress.finished();
        if (r.summary() != null && r.status() != CtrlC.EXIT_STATUS) {
          point.add(r.summary());
        }
        if (r.status() != 0 && r.status() != CtrlC.EXIT_STATUS) {
          point.failedRuns.add(r.status());
          anyFailed = true;
        }
        text.print(SweepText.runLine(point, t, plan.repeat(), r));
        if (auto != null && auto.decidedPoint(point.tps())) {
          decided.add(t.point());
          text.print(
              String.format(
                  java.util.Locale.ROOT,
                  "%s: tps known within +-%.1f%% after %d runs\n",
                  SweepText.label(point),
                  100 * auto.precise(point.tps()),
                  point.runs.size()));
        }
        text.flush();
        if (r.status() == CtrlC.EXIT_STATUS || stop[0]) {
          interrupted = true;
          break;
        }
        if (r.status() != 0 && options.run().exitOnAbort()) {
          break;
        }
      }
    }
    List<PointResult> rows = new ArrayList<>(results.values());
    text.print(SweepText.table(rows, options.outputs().thresholds(), interrupted, plan));
    text.flush();
    SweepOutcome outcome =
        new SweepOutcome(plan, rows, options.outputs().thresholds(), interrupted);
    if (!write(SweepJson.FORMAT, outcome, json)
        || !write(SweepHtml.FORMAT, outcome, options.outputs().reportHtml())
        || !write(SweepCsv.FORMAT, outcome, options.outputs().reportCsv())) {
      return 1;
    }
    if (interrupted) {
      return CtrlC.EXIT_STATUS;
    }
    if (anyFailed) {
      return 2;
    }
    List<org.jpgbench.config.Threshold> slo = options.outputs().thresholds();
    if (!slo.isEmpty() && rows.stream().noneMatch(p -> p.meets(slo))) {
      return SloCheck.EXIT_STATUS;
    }
    return 0;
  }

  /** Writes the outcome in one format when its path was given; false with the error printed. */
  private boolean write(ExperimentFormat<SweepOutcome> format, SweepOutcome o, String path) {
    if (path == null) {
      return true;
    }
    try {
      format.writeTo(o, path, out);
      return true;
    } catch (ExperimentException e) {
      err.println(org.jpgbench.log.PgLog.error(e.getMessage()));
      return false;
    }
  }

  /**
   * Before the first point: the report files can be written, the target answers and, with a builtin
   * script, has its pgbench tables; else one error (printed) and false.
   */
  private boolean ready() {
    if (!ExperimentJson.reportsWritable(options, err)) {
      return false;
    }
    if (scripts.stream().anyMatch(Script::builtin)) {
      return RunMode.tables(options, db, err) != null; // one connection: reachable, and the tables
    }
    String problem = RunMode.unreachable(options, db);
    if (problem != null) {
      err.println(PgLog.error(problem));
      return false;
    }
    return true;
  }

  /** The point's load for the warm-up's seconds, its report discarded; false when it failed. */
  private boolean warmUp(SweepPlan.Point p) {
    RunResult r =
        quietly(
            pointOptions(p, plan.warmupSeconds()),
            SweepText.label(p.clients() > 0 ? p.clients() : options.run().clients(), p.rate())
                + " (warm-up): ");
    return r.status() == 0;
  }

  /**
   * A run with pgbench's text report discarded; its errors and -P lines still go to stderr, each
   * prefixed with {@code whose} (the point).
   */
  private RunResult quietly(Options o, String whose) {
    PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
    return RunMode.benchmark(o, scripts, symbols, db, discard, PrefixedLines.of(err, whose));
  }

  private Options pointOptions(SweepPlan.Point p, long seconds) {
    return PointOptions.of(options, p, seconds);
  }
}
