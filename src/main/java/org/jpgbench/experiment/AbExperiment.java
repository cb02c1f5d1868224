package org.jpgbench.experiment;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.config.Threshold;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.log.PgLog;
import org.jpgbench.report.SloCheck;
import org.jpgbench.run.RunMode;
import org.jpgbench.run.RunResult;
import org.jpgbench.script.Script;
import org.jpgbench.sigint.CtrlC;

/**
 * {@code jpgbench ab}: the same benchmark against two servers (or databases), in ABBA order for
 * each round (A B, then B A, ...: a drift over time weighs on both sides alike), every run's report
 * kept, then compare's verdict per point, the two servers' versions and the settings that differ
 * between them.
 */
public final class AbExperiment {
  private final AbSide a;
  private final AbSide b;
  private final int rounds;
  private final SweepPlan plan;
  private final Options options;
  private final List<Script> scripts;
  private final SymbolTable symbols;
  private final PrintStream out;

  /** Where the lines and tables go: stderr when --report-json=- puts the JSON on stdout. */
  private final PrintStream text;

  private final PrintStream err;
  private final Decision decision;

  /** --rounds=auto's rule, or null for a fixed number of rounds. */
  private final SequentialRounds auto;

  /** --max-time: the experiment stops after the round that reaches it; 0 = no limit. */
  private final long maxTimeSeconds;

  private final List<Metric> metrics;

  /** --force: the sides are compared even when their pgbench tables differ. */
  private final boolean force;

  /**
   * The sides are servers of the experiment's own (--embedded): before each measured run the other
   * side's server is checkpointed, so that its dirty buffers are written before the run rather than
   * during it.
   */
  private final boolean quietOther;

  /**
   * @param plan the points (--clients) and rounds; one point of the options' -c without --clients
   * @param decision the comparison's significance level and margin
   * @param auto --rounds=auto's rule (its MAX the plan's rounds), or null
   * @param maxTimeSeconds --max-time, 0 for none
   * @param metrics what is compared (and, under --rounds=auto, must be decided)
   * @param force compare sides whose pgbench tables differ (scale, partitions)
   * @param quietOther checkpoint the other side's server before each run (servers of its own)
   */
  public AbExperiment(
      AbSide a,
      AbSide b,
      SweepPlan plan,
      Options options,
      List<Script> scripts,
      SymbolTable symbols,
      PrintStream out,
      PrintStream err,
      Decision decision,
      SequentialRounds auto,
      long maxTimeSeconds,
      List<Metric> metrics,
      boolean force,
      boolean quietOther) {
    this.force = force;
    this.quietOther = quietOther;
    this.a = a;
    this.decision = decision;
    this.auto = auto;
    this.maxTimeSeconds = maxTimeSeconds;
    this.metrics = List.copyOf(metrics);
    this.b = b;
    this.rounds = plan.repeat();
    this.plan = plan;
    this.options = options;
    this.scripts = List.copyOf(scripts);
    this.symbols = symbols;
    this.out = out;
    this.err = err;
    this.text =
        ExperimentFormat.textStream(
            out, err, options.outputs().reportJson(), options.outputs().reportCsv());
  }

  /**
   * @return 0 compared; 1 a side cannot be reached or the report not written; 2 a run failed; 130
   *     Ctrl-C; {@value SloCheck#EXIT_STATUS} when --slo was given and a side misses it
   */
  public int run() {
    if (!ExperimentJson.reportsWritable(options, err)) {
      return 1;
    }
    if (!AbSide.reachable(options, err, a, b)) {
      return 1;
    }
    if (scripts.stream().anyMatch(Script::builtin) && !sameTables()) {
      return 1;
    }
    Map<SweepPlan.Point, PointResult[]> results = new LinkedHashMap<>();
    for (SweepPlan.Point p : plan.points()) {
      Options o = PointOptions.of(options, p, 0);
      results.put(
          p,
          new PointResult[] {
            new PointResult(p, o.run().clients(), o.run().rate()),
            new PointResult(p, o.run().clients(), o.run().rate())
          });
    }
    List<String> order = new ArrayList<>();
    boolean[] stop = {false};
    boolean interrupted = false;
    boolean failed = false;
    long started = System.nanoTime();
    if (auto != null) {
      text.print(SequentialRounds.describe(auto.max(), decision));
    }
    Progress progress =
        new Progress(2 * rounds * plan.points().size(), options.run().durationSeconds());
    try (CtrlC sigint = CtrlC.during(() -> stop[0] = true, options.embedded())) {
      rounds:
      for (int r = 0; r < rounds; r++) {
        for (SweepPlan.Point p : plan.points()) {
          for (int side : r % 2 == 0 ? new int[] {0, 1} : new int[] {1, 0}) {
            AbSide s = side == 0 ? a : b;
            PointResult point = results.get(p)[side];
            if (r == 0 && plan.warmupSeconds() > 0) {
              RunResult w = warmUp(s, p);
              if (w.status() == CtrlC.EXIT_STATUS || stop[0]) {
                interrupted = true;
                break rounds;
              }
            }
            if (quietOther) {
              checkpoint(side == 0 ? b : a);
            }
            err.println(
                PgLog.info(
                    progress.starting(
                        s.label()
                            + ", "
                            + SweepText.label(results.get(p)[side])
                            + ": run "
                            + (r + 1)
                            + "/"
                            + rounds)));
            RunResult res = runOnce(s, p);
            progress.finished();
            order.add(side == 0 ? "A" : "B");
            if (res.summary() != null && res.status() != CtrlC.EXIT_STATUS) {
              point.add(res.summary());
            }
            if (res.status() != 0 && res.status() != CtrlC.EXIT_STATUS) {
              point.failedRuns.add(res.status());
              failed = true;
            }
            text.print(
                s.label()
                    + ", "
                    + SweepText.runLine(point, new SweepPlan.Trial(p, r), rounds, res));
            text.flush();
            if (res.status() == CtrlC.EXIT_STATUS || stop[0]) {
              interrupted = true;
              break rounds;
            }
          }
        }
        if (auto != null && r >= 1 && !failed && looked(r + 1, results)) {
          break;
        }
        if (maxTimeSeconds > 0 && System.nanoTime() - started >= maxTimeSeconds * 1_000_000_000L) {
          if (r + 1 < rounds) {
            text.print("--max-time reached after round " + (r + 1) + "\n");
          }
          break;
        }
      }
    }
    return report(results, order, interrupted, failed);
  }

  /**
   * Before the first round, with a builtin script: both sides' pgbench tables exist and agree in
   * scale and partitions (else the error, and false), unless --force, which prints what differs.
   */
  private boolean sameTables() {
    String ta = RunMode.tables(options, a.db(), err);
    if (ta == null) {
      err.println(PgLog.detail("side " + a.label() + " (" + a.shown() + ") cannot be benchmarked"));
      return false;
    }
    String tb = RunMode.tables(options, b.db(), err);
    if (tb == null) {
      err.println(PgLog.detail("side " + b.label() + " (" + b.shown() + ") cannot be benchmarked"));
      return false;
    }
    if (ta.equals(tb)) {
      return true;
    }
    String what = a.label() + ": " + ta + "; " + b.label() + ": " + tb;
    if (force) {
      err.println(PgLog.warning("comparing sides whose pgbench tables differ: " + what));
      return true;
    }
    err.println(PgLog.error("the sides are not comparable: " + what));
    err.println(PgLog.hint("--force compares them anyway"));
    return false;
  }

  /**
   * A look of --rounds=auto after {@code round} rounds: a line per point with each metric's
   * interval so far; true when every metric of every point is decided.
   */
  private boolean looked(int round, Map<SweepPlan.Point, PointResult[]> results) {
    List<Comparison> now = new ArrayList<>();
    for (Map.Entry<SweepPlan.Point, PointResult[]> e : results.entrySet()) {
      Comparison c = AbReport.compare(e.getValue(), a.label(), b.label(), metrics, auto.perLook());
      now.add(c);
      String point = results.size() > 1 ? SweepText.label(e.getValue()[0]) : "";
      text.print(SequentialRounds.line(round, point, c));
    }
    text.flush();
    boolean done = SequentialRounds.decided(now);
    if (done) {
      text.print("every metric decided after " + round + " rounds\n");
    }
    return done;
  }

  private int report(
      Map<SweepPlan.Point, PointResult[]> results,
      List<String> order,
      boolean interrupted,
      boolean failed) {
    AbReport report =
        new AbReport(
            a,
            b,
            results,
            options.outputs().thresholds(),
            metrics,
            auto != null ? auto.perLook() : decision);
    text.print(report.text(interrupted));
    text.flush();
    String json = options.outputs().reportJson();
    String html = options.outputs().reportHtml();
    try {
      if (json != null) {
        ExperimentJson.DOCUMENT.writeTo(report.json(order, interrupted), json, out);
      }
      if (html != null) {
        ExperimentHtml.write(report.html(), html);
      }
      if (options.outputs().reportCsv() != null) {
        ComparisonCsv.FORMAT.writeTo(report.compared(), options.outputs().reportCsv(), out);
      }
    } catch (ExperimentException e) {
      err.println(PgLog.error(e.getMessage()));
      return 1;
    }
    if (interrupted) {
      return CtrlC.EXIT_STATUS;
    }
    if (failed) {
      return 2;
    }
    List<Threshold> slo = options.outputs().thresholds();
    boolean sloMissed =
        !slo.isEmpty()
            && results.values().stream().anyMatch(s -> !s[0].meets(slo) || !s[1].meets(slo));
    return sloMissed ? SloCheck.EXIT_STATUS : 0;
  }

  /**
   * The side's load for --warmup's seconds before its first measured run at a point, its report
   * discarded: the first run of a cold side was 30% below the others.
   */
  private RunResult warmUp(AbSide s, SweepPlan.Point p) {
    text.print(
        s.label()
            + ", "
            + SweepText.label(p.clients() > 0 ? p.clients() : options.run().clients(), p.rate())
            + ": warm-up "
            + plan.warmupSeconds()
            + " s (not measured)\n");
    text.flush();
    PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
    return RunMode.benchmark(
        PointOptions.of(options, p, plan.warmupSeconds()),
        scripts,
        symbols,
        s.db(),
        discard,
        discard);
  }

  /** CHECKPOINT on a side's server, which is idle meanwhile; a failure only loses the quiet. */
  private void checkpoint(AbSide other) {
    try (org.jpgbench.db.Session s = other.db().openSession(org.jpgbench.config.QueryMode.SIMPLE)) {
      s.execute("CHECKPOINT");
    } catch (java.sql.SQLException e) {
      err.println(
          PgLog.warning("could not checkpoint side " + other.label() + ": " + e.getMessage()));
    }
  }

  private RunResult runOnce(AbSide s, SweepPlan.Point p) {
    PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
    Options o = PointOptions.of(options, p, options.run().durationSeconds());
    String whose =
        s.label()
            + ", "
            + SweepText.label(p.clients() > 0 ? p.clients() : options.run().clients(), p.rate())
            + ": ";
    return RunMode.benchmark(o, scripts, symbols, s.db(), discard, PrefixedLines.of(err, whose));
  }
}
