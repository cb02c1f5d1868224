package org.jpgbench.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.db.LibpqConnectionFactory;
import org.jpgbench.experiment.Decision;
import org.jpgbench.experiment.Sweep;
import org.jpgbench.experiment.SweepPlan;

/**
 * {@code jpgbench sweep --clients=LIST [--rates=LIST] [--repeat=N] [--warmup=SECONDS] [--init]
 * [pgbench run options] [dbname]}: the sweep's own options are taken out, the rest is read as a
 * benchmark's command line (every pgbench run option applies to each point), then the experiment
 * package runs the points.
 */
final class SweepCommand {
  /** The sweep's own options, the rest of the command line left for the run options. */
  private record Parsed(SweepPlan plan, boolean init, List<String> rest, Decision decision) {}

  private SweepCommand() {}

  static String help() {
    String p = CliMessages.progname();
    return p
        + " sweep runs one benchmark per point of a scaling curve and tabulates them.\n\n"
        + "Usage:\n  "
        + p
        + " sweep --clients=LIST [--rates=LIST] [OPTION]... [DBNAME]\n\n"
        + "Sweep options:\n"
        + "  --clients=LIST           client counts, e.g. 1,2,4,8 (-j is capped at each); run\n"
        + "                           in ascending order, each listed once\n"
        + "  --rates=LIST             -R rates to sweep, alone or crossed with --clients\n"
        + "  --repeat=N               runs per point, interleaved (all points, then again)\n"
        + "                           (default: 1)\n"
        + "  --repeat=auto[:MAX]      repeat each point until its tps is known within the\n"
        + "                           margin, at most MAX runs (default 20)\n"
        + "  --margin=PCT             --repeat=auto's precision (default: 5)\n"
        + "  --warmup=SECONDS         run each point's load first and discard it\n"
        + "  --init                   initialize once at -s before the first point (-i and its\n"
        + "                           options are refused: the sweep runs benchmarks)\n"
        + "  --report-json=FILE       the sweep's table and every run's full report as JSON\n"
        + "  --report-html=FILE       one page: tps and latency by point, the points, every run\n"
        + "  --report-csv=FILE        a row per point and metric, for spreadsheets (\"-\": stdout)\n"
        + "  --slo=LIST               mark the points that meet these thresholds and name the\n"
        + "                           best that does (exit status 3 when none does)\n"
        + "  -?, --help               show this help, then exit\n"
        + "Every "
        + p
        + " benchmarking option applies to each point (see "
        + p
        + " --help).\n"
        + "Exit status: 0 all points measured, 1 bad input, 2 a run failed, 3 an --slo\n"
        + "threshold missed, 130 Ctrl-C.\n";
  }

  static int run(
      String[] args, PrintStream out, PrintStream err, Map<String, String> env, InputStream in)
      throws CliExit {
    if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-?"))) {
      out.print(help());
      return 0;
    }
    Parsed parsed = parse(args);
    ExperimentOptions.RunLine line =
        ExperimentOptions.runLine(
            parsed.rest(), parsed.plan().clients(), env, in, err, CliMessages.SWEEP_INIT, null);
    Options options = line.options();
    if (!parsed.plan().rates().isEmpty() && options.run().rate() > 0) {
      throw CliExit.error(CliMessages.SWEEP_RATE_TWICE);
    }
    // --embedded: a throwaway server of the sweep's own, initialized at -s
    ThrowawayServer server =
        options.embedded() ? ThrowawayServer.start(options, Map.of(), null, env, out, err) : null;
    if (options.embedded() && server == null) {
      return 1;
    }
    try (server) {
      Options target = server != null ? server.options() : options;
      ConnectionFactory db =
          server != null ? server.db() : LibpqConnectionFactory.create(options, env);
      if (parsed.init() && server == null) {
        OptionsBuilder init = InitInterrupt.before(options);
        init.initSteps = "dtgvp";
        int status = InitInterrupt.run(init.build(), db, out, err);
        if (status != 0) {
          return status;
        }
      }
      return new Sweep(
              parsed.plan(),
              target,
              line.scripts(),
              line.symbols(),
              db,
              parsed.decision(),
              out,
              err)
          .run();
    }
  }

  private static Parsed parse(String[] args) throws CliExit {
    List<Integer> clients = new ArrayList<>();
    List<Double> rates = new ArrayList<>();
    int repeat = 1;
    boolean auto = false;
    double margin = Decision.DEFAULT_MARGIN;
    int warmup = 0;
    boolean init = false;
    ExperimentOptions.Split split =
        ExperimentOptions.split(
            args,
            Set.of("--clients", "--rates", "--repeat", "--warmup", "--margin"),
            Set.of("--init"));
    for (ExperimentOptions.Given g : split.ours()) {
      String v = g.value();
      switch (g.name()) {
        case "--init" -> init = true;
        case "--clients" -> clients = ExperimentOptions.clients(v);
        case "--rates" -> rates = ExperimentOptions.rates(v);
        case "--repeat" -> {
          int[] r = ExperimentOptions.rounds(v, "--repeat");
          repeat = r[0];
          auto = r[1] == 1;
        }
        case "--margin" -> margin = ExperimentOptions.margin(v);
        default -> warmup = OptionInt.parse(v, "--warmup", 0, Integer.MAX_VALUE);
      }
    }
    List<String> rest = split.rest();
    if (clients.isEmpty() && rates.isEmpty()) {
      throw CliExit.error(CliMessages.SWEEP_NOTHING);
    }
    return new Parsed(
        new SweepPlan(clients, rates, repeat, warmup, auto),
        init,
        rest,
        new Decision(Decision.DEFAULT_ALPHA, margin));
  }
}
