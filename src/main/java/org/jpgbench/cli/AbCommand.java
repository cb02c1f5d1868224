package org.jpgbench.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.db.ConnInfoText;
import org.jpgbench.db.LibpqConnectionFactory;
import org.jpgbench.experiment.AbExperiment;
import org.jpgbench.experiment.AbInit;
import org.jpgbench.experiment.AbSide;
import org.jpgbench.experiment.Decision;
import org.jpgbench.experiment.Metric;
import org.jpgbench.experiment.SequentialRounds;
import org.jpgbench.experiment.SweepPlan;
import org.jpgbench.log.PgLog;

/**
 * {@code jpgbench ab --a=CONNINFO --b=CONNINFO [--rounds=N] [--label-a=A] [--label-b=B]
 * [--clients=LIST] [pgbench run options]}: the A/B experiment's own options taken out, the rest
 * read as a benchmark's command line; each side's connection string is the database operand of its
 * runs (so -h, -p, -U and the PG* environment fill in what it does not say).
 */
final class AbCommand {
  private AbCommand() {}

  static String help() {
    String p = CliMessages.progname();
    return p
        + " ab runs the same benchmark against two servers or databases, A and B, in ABBA order,\n"
        + "and tells whether B differs from A beyond the noise.\n\n"
        + "Usage:\n  "
        + p
        + " ab --a=CONNINFO --b=CONNINFO [OPTION]...\n\n"
        + "A/B options:\n"
        + "  --a=CONNINFO, --b=CONNINFO  the two sides (connection strings, URIs or database\n"
        + "                           names; -h, -p, -U and PG* variables fill in the rest)\n"
        + "  --embedded               instead: each side a throwaway server, initialized at -s\n"
        + "  --a-set=NAME=VALUE[,...], --b-set=NAME=VALUE[,...]  with --embedded, each side's\n"
        + "                           server settings (e.g. --b-set=fsync=on)\n"
        + "  --a-bindir=DIR, --b-bindir=DIR  each side a throwaway server from this PostgreSQL\n"
        + "                           installation's bin directory (implies --embedded)\n"
        + "  -i [init options]        compare initializations instead: each round initializes\n"
        + "                           each side; \"done in\" and every step are compared\n"
        + "  --rounds=N               ABBA rounds: each side runs N times (default: 5)\n"
        + "  --rounds=auto[:MAX]      rounds until every metric is decided, at most MAX\n"
        + "                           (default 20); each look at alpha/(MAX-1)\n"
        + "  --max-time=SECONDS       stop after the round that reaches SECONDS\n"
        + "  --warmup=SECONDS         run each side's load first, unmeasured (default: the\n"
        + "                           run's -T up to 10 s; 5 s with -t; 0 for none)\n"
        + "  --metric=LIST            what to compare (default: tps,latency,p50,p95,p99,failed)\n"
        + "  --force                  compare sides whose pgbench tables differ (scale,\n"
        + "                           partitions; what differs is printed)\n"
        + "  --label-a=NAME, --label-b=NAME  the sides' names in the report (default: A, B)\n"
        + "  --clients=LIST           an A/B sweep: a verdict per client count\n"
        + "  --alpha=A                significance level (default: 0.05, 95% intervals)\n"
        + "  --margin=PCT             the smallest change that matters (default: 5): a change\n"
        + "                           whose whole interval lies within +-PCT% is \"unchanged\"\n"
        + "  --report-json=FILE       every run's report, the servers' settings and the verdicts\n"
        + "  --report-html=FILE       one page: per point, tps per round and latencies overlaid\n"
        + "  --report-csv=FILE        a row per point and metric: both sides, change, verdict\n"
        + "  --slo=LIST               thresholds both sides must meet (exit status 3 otherwise)\n"
        + "  -?, --help               show this help, then exit\n"
        + "Every "
        + p
        + " benchmarking option applies to each run (see "
        + p
        + " --help).\n"
        + "Exit status: 0 compared, 1 bad input or a side unreachable, 2 a run failed,\n"
        + "3 an --slo threshold missed, 130 Ctrl-C.\n";
  }

  static int run(
      String[] args, PrintStream out, PrintStream err, Map<String, String> env, InputStream in)
      throws CliExit {
    if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-?"))) {
      out.print(help());
      return 0;
    }
    String a = null;
    String b = null;
    String labelA = "A";
    String labelB = "B";
    int rounds = 5;
    boolean force = false;
    Map<String, String> setA = null;
    Map<String, String> setB = null;
    String binA = null;
    String binB = null;
    boolean metricGiven = false;
    int warmup = -1;
    boolean auto = false;
    long maxTime = 0;
    List<Metric> metrics = ExperimentOptions.metrics(Metric.DEFAULT);
    double alpha = Decision.DEFAULT_ALPHA;
    double margin = Decision.DEFAULT_MARGIN;
    List<Integer> clients = List.of();
    ExperimentOptions.Split split =
        ExperimentOptions.split(
            args,
            Set.of(
                "--a",
                "--b",
                "--rounds",
                "--label-a",
                "--label-b",
                "--clients",
                "--alpha",
                "--margin",
                "--max-time",
                "--warmup",
                "--metric",
                "--a-set",
                "--b-set",
                "--a-bindir",
                "--b-bindir"),
            Set.of("--force"));
    for (ExperimentOptions.Given g : split.ours()) {
      String v = g.value();
      switch (g.name()) {
        case "--a" -> a = ExperimentOptions.nonEmpty(v, g.name());
        case "--b" -> b = ExperimentOptions.nonEmpty(v, g.name());
        case "--label-a" -> labelA = ExperimentOptions.nonEmpty(v, g.name());
        case "--label-b" -> labelB = ExperimentOptions.nonEmpty(v, g.name());
        case "--rounds" -> {
          int[] r = ExperimentOptions.rounds(v, "--rounds");
          rounds = r[0];
          auto = r[1] == 1;
        }
        case "--max-time" -> maxTime = OptionInt.parse(v, "--max-time", 1, Integer.MAX_VALUE);
        case "--metric" -> {
          metrics = ExperimentOptions.metrics(v);
          metricGiven = true;
        }
        case "--force" -> force = true;
        case "--warmup" -> warmup = OptionInt.parse(v, "--warmup", 0, Integer.MAX_VALUE);
        case "--alpha" -> alpha = ExperimentOptions.alpha(v);
        case "--margin" -> margin = ExperimentOptions.margin(v);
        case "--a-set" -> setA = ThrowawayServer.settings(v, g.name());
        case "--b-set" -> setB = ThrowawayServer.settings(v, g.name());
        case "--a-bindir" -> binA = ExperimentOptions.nonEmpty(v, g.name());
        case "--b-bindir" -> binB = ExperimentOptions.nonEmpty(v, g.name());
        default -> clients = ExperimentOptions.clients(v);
      }
    }
    List<String> rest = split.rest();
    ExperimentOptions.RunLine line =
        ExperimentOptions.runLine(rest, clients, env, in, err, null, null);
    Options options = line.options();
    boolean init = options.mode() == Options.Mode.INIT;
    if (!metricGiven
        && options.run().scripts().stream()
            .anyMatch(s -> s.builtin() && org.jpgbench.script.TpccScripts.isTpcc(s.nameOrPath()))) {
      metrics = ExperimentOptions.metrics(Metric.DEFAULT_TPCC); // NOPM first
    }
    if (init && (metricGiven || warmup >= 0 || !clients.isEmpty())) {
      throw CliExit.error(CliMessages.AB_INIT_OPTIONS);
    }
    boolean embedded = options.embedded() || binA != null || binB != null;
    if (embedded ? a != null || b != null : a == null || b == null) {
      throw CliExit.error(embedded ? CliMessages.AB_EMBEDDED_SIDES : CliMessages.AB_SIDES);
    }
    if (!embedded && (setA != null || setB != null)) {
      throw CliExit.error(CliMessages.AB_SET_NEEDS_EMBEDDED);
    }
    if (options.connection().dbName() != null) {
      throw CliExit.error(CliMessages.AB_DBNAME, options.connection().dbName());
    }
    // --embedded: each side a throwaway server of its own, with its settings, initialized at -s
    ThrowawayServer serverA = embedded ? throwaway(options, setA, binA, "A", env, out, err) : null;
    ThrowawayServer serverB =
        serverA != null ? throwaway(options, setB, binB, "B", env, out, err) : null;
    if (embedded && serverB == null) {
      if (serverA != null) {
        serverA.close();
      }
      return 1;
    }
    try (serverA;
        serverB) {
      AbSide sideA =
          embedded
              ? new AbSide(labelA, shown(setA, binA), serverA.db())
              : side(options, "--a", a, labelA, env, err);
      AbSide sideB =
          embedded
              ? new AbSide(labelB, shown(setB, binB), serverB.db())
              : side(options, "--b", b, labelB, env, err);
      if (init) {
        return new AbInit(
                sideA,
                sideB,
                embedded ? serverA.options() : options,
                rounds,
                auto ? new SequentialRounds(rounds, new Decision(alpha, margin)) : null,
                maxTime,
                new Decision(alpha, margin),
                out,
                err)
            .run();
      }
      return experiment(
          embedded ? serverA.options() : options,
          sideA,
          sideB,
          line,
          clients,
          rounds,
          auto,
          warmup,
          maxTime,
          new Decision(alpha, margin),
          metrics,
          force,
          embedded,
          out,
          err);
    }
  }

  private static ThrowawayServer throwaway(
      Options options,
      Map<String, String> settings,
      String binDir,
      String side,
      Map<String, String> env,
      PrintStream out,
      PrintStream err) {
    err.println(
        PgLog.info("starting side " + side + "'s throwaway server" + with(settings, binDir)));
    return ThrowawayServer.start(
        options, settings == null ? Map.of() : settings, binDir, env, out, err);
  }

  private static String with(Map<String, String> settings, String binDir) {
    String from = binDir != null ? " from " + binDir : "";
    if (settings == null || settings.isEmpty()) {
      return from;
    }
    StringBuilder b = new StringBuilder(from + " with ");
    settings.forEach((k, v) -> b.append(k).append('=').append(v).append(','));
    return b.substring(0, b.length() - 1);
  }

  private static String shown(Map<String, String> settings, String binDir) {
    return "throwaway server" + with(settings, binDir);
  }

  private static int experiment(
      Options options,
      AbSide sideA,
      AbSide sideB,
      ExperimentOptions.RunLine line,
      List<Integer> clients,
      int rounds,
      boolean auto,
      int warmup,
      long maxTime,
      Decision decision,
      List<Metric> metrics,
      boolean force,
      boolean quietOther,
      PrintStream out,
      PrintStream err) {
    if (warmup < 0) { // a cold side's first run was 30% below its others
      long t = options.run().durationSeconds();
      warmup = t > 0 ? (int) Math.min(t, 10) : 5;
    }
    SweepPlan plan = new SweepPlan(clients, List.of(), rounds, warmup);
    return new AbExperiment(
            sideA,
            sideB,
            plan,
            options,
            line.scripts(),
            line.symbols(),
            out,
            err,
            decision,
            auto ? new SequentialRounds(rounds, decision) : null,
            maxTime,
            metrics,
            force,
            quietOther)
        .run();
  }

  private static AbSide side(
      Options options,
      String option,
      String conninfo,
      String label,
      Map<String, String> env,
      PrintStream err)
      throws CliExit {
    String syntax = ConnInfoText.syntaxError(conninfo);
    if (syntax != null) {
      throw CliExit.error(CliMessages.AB_BAD_SIDE, option, syntax);
    }
    OptionsBuilder b = options.toBuilder();
    b.dbName = conninfo;
    return new AbSide(
        label,
        ConnInfoText.withoutPassword(conninfo),
        LibpqConnectionFactory.create(b.build(), env, err));
  }
}
