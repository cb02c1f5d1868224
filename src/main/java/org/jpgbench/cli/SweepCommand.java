package org.jpgbench.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.db.LibpqConnectionFactory;
import org.jpgbench.experiment.Sweep;
import org.jpgbench.experiment.SweepPlan;
import org.jpgbench.expr.SymbolTable;

/**
 * {@code jpgbench sweep --clients=LIST [--rates=LIST] [--repeat=N] [--warmup=SECONDS] [--init]
 * [pgbench run options] [dbname]}: the sweep's own options are taken out, the rest is read as a
 * benchmark's command line (every pgbench run option applies to each point), then the experiment
 * package runs the points.
 */
final class SweepCommand {
  /** The sweep's own options, the rest of the command line left for the run options. */
  private record Parsed(SweepPlan plan, boolean init, List<String> rest) {}

  private SweepCommand() {}

  static String help() {
    String p = CliMessages.progname();
    return p
        + " sweep runs one benchmark per point of a scaling curve and tabulates them.\n\n"
        + "Usage:\n  "
        + p
        + " sweep --clients=LIST [--rates=LIST] [OPTION]... [DBNAME]\n\n"
        + "Sweep options:\n"
        + "  --clients=LIST           client counts, e.g. 1,2,4,8 (-j is capped at each)\n"
        + "  --rates=LIST             -R rates to sweep, alone or crossed with --clients\n"
        + "  --repeat=N               runs per point, interleaved (all points, then again)\n"
        + "                           (default: 1)\n"
        + "  --warmup=SECONDS         run each point's load first and discard it\n"
        + "  --init                   initialize once at -s before the first point (-i and its\n"
        + "                           options are refused: the sweep runs benchmarks)\n"
        + "  --report-json=FILE       the sweep's table and every run's full report as JSON\n"
        + "  --report-html=FILE       one page: tps and latency by point, the points, every run\n"
        + "  --slo=LIST               mark the points that meet these thresholds and name the\n"
        + "                           best that does (exit status 3 when none does)\n"
        + "Every "
        + p
        + " benchmarking option applies to each point (see "
        + p
        + " --help).\n"
        + "Exit status: 0 all points measured, 1 bad input, 2 a run failed, 130 Ctrl-C.\n";
  }

  static int run(
      String[] args, PrintStream out, PrintStream err, Map<String, String> env, InputStream in)
      throws CliExit {
    if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-?"))) {
      out.print(help());
      return 0;
    }
    Parsed parsed = parse(args);
    SymbolTable symbols = new SymbolTable();
    ScriptLoader loader = new ScriptLoader(symbols, in);
    List<String> operands = new ArrayList<>();
    ParseState st =
        new OptionsReader(loader, env, err).read(parsed.rest().toArray(new String[0]), operands);
    if (st.initMode) {
      throw CliExit.error(CliMessages.SWEEP_INIT);
    }
    if (!parsed.plan().clients().isEmpty()) {
      // -j is capped at each point's -c, not at the default -c of 1
      st.builder.clients = parsed.plan().clients().stream().max(Integer::compare).orElseThrow();
    }
    if (!parsed.plan().rates().isEmpty() && st.builder.rate > 0) {
      throw CliExit.error(CliMessages.SWEEP_RATE_TWICE);
    }
    Options options = CrossChecks.apply(st, operands, s -> Jpgbench.addDefaultScript(s, loader));
    if (options.embedded()) {
      throw CliExit.error(CliMessages.SWEEP_EMBEDDED);
    }
    ConnectionFactory db = LibpqConnectionFactory.create(options, env);
    if (parsed.init()) {
      Options.Builder init = options.toBuilder();
      init.mode = Options.Mode.INIT;
      init.initSteps = "dtgvp";
      int status = InitInterrupt.run(init.build(), db, out, err);
      if (status != 0) {
        return status;
      }
    }
    return new Sweep(parsed.plan(), options, st.scripts, symbols, db, out, err).run();
  }

  private static Parsed parse(String[] args) throws CliExit {
    List<Integer> clients = new ArrayList<>();
    List<Double> rates = new ArrayList<>();
    int repeat = 1;
    int warmup = 0;
    boolean init = false;
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      boolean ours =
          switch (name) {
            case "--clients", "--rates", "--repeat", "--warmup" -> true;
            default -> false;
          };
      if (a.equals("--init")) {
        init = true;
        continue;
      }
      if (!ours) {
        rest.add(a);
        continue;
      }
      String v;
      if (a.contains("=")) {
        v = a.substring(a.indexOf('=') + 1);
      } else if (i + 1 < args.length) {
        v = args[++i];
      } else {
        throw CliExit.usage(
            String.format(
                    java.util.Locale.ROOT,
                    CliMessages.GETOPT_LONG_NEEDS_ARG,
                    CliMessages.progname(),
                    name)
                + "\n");
      }
      switch (name) {
        case "--clients" -> clients = ints(v);
        case "--rates" -> rates = rates(v);
        case "--repeat" -> repeat = OptionInt.parse(v, "--repeat", 1, 1000);
        default -> warmup = OptionInt.parse(v, "--warmup", 0, Integer.MAX_VALUE);
      }
    }
    if (clients.isEmpty() && rates.isEmpty()) {
      throw CliExit.error(CliMessages.SWEEP_NOTHING);
    }
    return new Parsed(new SweepPlan(clients, rates, repeat, warmup), init, rest);
  }

  static List<Integer> ints(String list) throws CliExit {
    List<Integer> out = new ArrayList<>();
    for (String part : list.split(",", -1)) {
      int c;
      try {
        c = Integer.parseInt(part.trim());
      } catch (NumberFormatException e) {
        c = 0;
      }
      if (c < 1) {
        throw new CliExit(
            Diag.error(CliMessages.INVALID_VALUE, list, "--clients")
                + Diag.detail(CliMessages.SWEEP_CLIENTS_DETAIL),
            1);
      }
      out.add(c);
    }
    return out;
  }

  private static List<Double> rates(String list) throws CliExit {
    List<Double> out = new ArrayList<>();
    for (String part : list.split(",", -1)) {
      double r;
      try {
        r = Double.parseDouble(part.trim());
      } catch (NumberFormatException e) {
        r = Double.NaN;
      }
      if (!(r > 0) || Double.isInfinite(r)) {
        throw new CliExit(
            Diag.error(CliMessages.INVALID_VALUE, list, "--rates")
                + Diag.detail(CliMessages.SWEEP_RATES_DETAIL),
            1);
      }
      out.add(r);
    }
    return out;
  }
}
