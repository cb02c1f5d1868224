package org.jpgbench.experiment;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.init.Initializer;
import org.jpgbench.log.PgLog;
import org.jpgbench.sigint.CtrlC;

/**
 * {@code jpgbench ab -i}: the same initialization of two sides in ABBA rounds, then their "done in"
 * totals and each step's seconds compared with compare's verdicts. An initialization is its own
 * warm-up (it drops and recreates the tables), so there is none. Under {@code --rounds=auto} the
 * rounds go on until the total is decided: the steps are reported, but a step of a hundredth of a
 * second may never be.
 */
public final class AbInit {
  private final AbSide a;
  private final AbSide b;
  private final Options options;
  private final int rounds;
  private final SequentialRounds auto;
  private final long maxTimeSeconds;
  private final Decision decision;
  private final PrintStream out;
  private final PrintStream text;
  private final PrintStream err;

  /**
   * @param options the initialization's (init mode), the same for both sides
   * @param auto --rounds=auto's rule, or null for {@code rounds} rounds
   * @param maxTimeSeconds --max-time, 0 for none
   */
  public AbInit(
      AbSide a,
      AbSide b,
      Options options,
      int rounds,
      SequentialRounds auto,
      long maxTimeSeconds,
      Decision decision,
      PrintStream out,
      PrintStream err) {
    this.a = a;
    this.b = b;
    this.options = options;
    this.rounds = rounds;
    this.auto = auto;
    this.maxTimeSeconds = maxTimeSeconds;
    this.decision = auto != null ? auto.perLook() : decision;
    this.out = out;
    this.err = err;
    this.text =
        ExperimentFormat.textStream(
            out, err, options.outputs().reportJson(), options.outputs().reportCsv());
  }

  /**
   * @return 0 compared; 1 bad input or a side unreachable; 2 an initialization failed; 130
   */
  public int run() {
    if (!ExperimentJson.reportsWritable(options, err)) {
      return 1;
    }
    if (!AbSide.reachable(options, err, a, b)) {
      return 1;
    }
    List<List<RunReport>> reports = List.of(new ArrayList<>(), new ArrayList<>());
    List<String> order = new ArrayList<>();
    boolean[] stop = {false};
    boolean failed = false;
    long started = System.nanoTime();
    if (auto != null) {
      text.print(SequentialRounds.describe(auto.max(), decision));
    }
    Progress progress = new Progress(2 * rounds, 0);
    PrintStream quiet = new PrintStream(java.io.OutputStream.nullOutputStream());
    try (CtrlC sigint =
        CtrlC.during(
            () -> {
              stop[0] = true;
              Initializer.interrupt(quiet);
              return true;
            },
            true)) {
      rounds:
      for (int r = 0; r < rounds; r++) {
        for (int side : r % 2 == 0 ? new int[] {0, 1} : new int[] {1, 0}) {
          AbSide s = side == 0 ? a : b;
          String what = s.label() + ": initialization " + (r + 1) + "/" + rounds;
          err.println(PgLog.info(progress.starting(what)));
          ByteArrayOutputStream said = new ByteArrayOutputStream();
          Initializer.Outcome o =
              Initializer.measure(
                  options, s.db(), new PrintStream(said, true, StandardCharsets.UTF_8), true);
          progress.finished();
          String lines = said.toString(StandardCharsets.UTF_8);
          if (stop[0]) {
            break rounds;
          }
          if (o.status() != 0) {
            err.print(lines); // its error, as -i prints it
            text.print(what + ": failed\n");
            failed = true;
            break rounds;
          }
          order.add(side == 0 ? "A" : "B");
          try {
            reports.get(side).add(RunReport.of(s.label() + " init " + (r + 1), o.report()));
          } catch (ExperimentException e) {
            throw new IllegalStateException(e); // our own report
          }
          text.print(what + ": " + doneLine(lines) + "\n");
          text.flush();
        }
        if (auto != null && r >= 1 && decided(r + 1, reports)) {
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
    return report(reports, order, stop[0], failed);
  }

  /** The "done in" line of an initialization's messages. */
  private static String doneLine(String lines) {
    return lines.lines().filter(l -> l.startsWith("done in ")).reduce((x, y) -> y).orElse("");
  }

  /** A look of --rounds=auto: its line; true when the total is decided. */
  private boolean decided(int round, List<List<RunReport>> reports) {
    Comparison c = compare(reports);
    text.print(SequentialRounds.line(round, "", c));
    boolean done = c.rows.get(0).change().verdict() != Verdict.INCONCLUSIVE;
    if (done) {
      text.print("the total decided after " + round + " rounds\n");
    }
    text.flush();
    return done;
  }

  private Comparison compare(List<List<RunReport>> reports) {
    return Comparison.of(
        reports.get(0), reports.get(1), Metric.init(reports.get(0).get(0)), decision);
  }

  private int report(
      List<List<RunReport>> reports, List<String> order, boolean interrupted, boolean failed) {
    List<RunReport> ra = reports.get(0);
    List<RunReport> rb = reports.get(1);
    RunReport firstA = ra.isEmpty() ? null : ra.get(0);
    RunReport firstB = rb.isEmpty() ? null : rb.get(0);
    StringBuilder t = new StringBuilder("\n");
    if (interrupted) {
      t.append("interrupted: the rounds completed so far\n");
    }
    t.append(AbReport.side("A", a, firstA)).append(AbReport.side("B", b, firstB));
    List<Comparability.Difference> diff =
        firstA != null && firstB != null ? Comparability.between(firstA, firstB) : List.of();
    t.append(
        diff.isEmpty()
            ? "no server setting or initialization parameter differs between A and B\n"
            : CompareText.list("what differs between A and B:", Comparability.lines(diff)));
    Comparison c = firstA != null && firstB != null ? compare(reports) : null;
    if (c != null) {
      t.append('\n').append(CompareText.table(c, a.label(), b.label()));
    }
    text.print(t);
    text.flush();
    String json = options.outputs().reportJson();
    if (json != null) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("schema", "jpgbench-ab/1");
      doc.put("mode", "init");
      doc.put("interrupted", interrupted);
      doc.put("a", AbReport.side(a, firstA));
      doc.put("b", AbReport.side(b, firstB));
      doc.put("differences", Comparability.json(diff));
      doc.put("order", order);
      if (c != null) {
        doc.putAll(ExperimentJson.comparison(c));
      }
      doc.put("reports_a", ra.stream().map(RunReport::json).toList());
      doc.put("reports_b", rb.stream().map(RunReport::json).toList());
      try {
        ExperimentJson.DOCUMENT.writeTo(doc, json, out);
      } catch (ExperimentException e) {
        err.println(PgLog.error(e.getMessage()));
        return 1;
      }
    }
    String csv = options.outputs().reportCsv();
    if (csv != null && c != null) {
      try {
        ComparisonCsv.FORMAT.writeTo(Compared.single(c), csv, out);
      } catch (ExperimentException e) {
        err.println(PgLog.error(e.getMessage()));
        return 1;
      }
    }
    return interrupted ? CtrlC.EXIT_STATUS : failed ? 2 : 0;
  }
}
