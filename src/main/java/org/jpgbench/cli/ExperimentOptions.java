package org.jpgbench.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jpgbench.config.Options;
import org.jpgbench.experiment.SequentialRounds;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.script.Script;

/**
 * The command lines of {@code sweep} and {@code ab}: their own long options ({@code --name=value},
 * {@code --name value} or a flag) taken out in order, the rest left for the run options' reader;
 * and the values those options take.
 */
final class ExperimentOptions {
  /** One of the experiment's own options; {@code value} is null for a flag. */
  record Given(String name, String value) {}

  /** The experiment's options in command-line order, and the rest of the arguments. */
  record Split(List<Given> ours, List<String> rest) {}

  /** The run options every run of the experiment starts from, with their scripts. */
  record RunLine(Options options, List<Script> scripts, SymbolTable symbols) {}

  private ExperimentOptions() {}

  /**
   * Reads the rest of the command line as a benchmark's (every pgbench run option, the database
   * last), as {@link Jpgbench} would; -i (and --embedded where {@code embeddedRefused} is not null)
   * are refused with the experiment's words, --slo-abort because an experiment's runs are compared
   * whole.
   *
   * @param clients the experiment's client counts: -c becomes their largest, so that -j is capped
   *     at each point's -c rather than at the default -c of 1
   */
  static RunLine runLine(
      List<String> rest,
      List<Integer> clients,
      Map<String, String> env,
      InputStream in,
      PrintStream err,
      String initRefused,
      String embeddedRefused)
      throws CliExit {
    SymbolTable symbols = new SymbolTable();
    ScriptLoader loader = new ScriptLoader(symbols, in);
    List<String> operands = new ArrayList<>();
    ParseState st = new OptionsReader(loader, env, err).read(rest.toArray(new String[0]), operands);
    if (st.initMode && initRefused != null) {
      throw CliExit.error(initRefused);
    }
    if (!clients.isEmpty()) {
      st.builder.clients = clients.stream().max(Integer::compare).orElseThrow();
    }
    Options options = CrossChecks.apply(st, operands, s -> Jpgbench.addDefaultScript(s, loader));
    if (options.embedded() && embeddedRefused != null) {
      throw CliExit.error(embeddedRefused);
    }
    if (options.outputs().sloAbort()) {
      throw CliExit.error(CliMessages.SLO_ABORT_IN_EXPERIMENT);
    }
    if (options.metrics() != null) {
      throw CliExit.error(CliMessages.METRICS_IN_EXPERIMENT);
    }
    if ("-".equals(options.outputs().reportJson()) && "-".equals(options.outputs().reportCsv())) {
      throw CliExit.error(CliMessages.TWO_ON_STDOUT);
    }
    return new RunLine(options, List.copyOf(st.scripts), symbols);
  }

  static Split split(String[] args, Set<String> valued, Set<String> flags) throws CliExit {
    List<Given> ours = new ArrayList<>();
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      if (flags.contains(arg)) {
        ours.add(new Given(arg, null));
      } else if (!valued.contains(name)) {
        rest.add(arg);
      } else if (arg.contains("=")) {
        ours.add(new Given(name, arg.substring(arg.indexOf('=') + 1)));
      } else if (i + 1 < args.length) {
        ours.add(new Given(name, args[++i]));
      } else {
        throw CliExit.usage(
            String.format(
                    Locale.ROOT, CliMessages.GETOPT_LONG_NEEDS_ARG, CliMessages.progname(), name)
                + "\n");
      }
    }
    return new Split(ours, rest);
  }

  /**
   * --clients' list: client counts of at least 1, each once (a repeat is --repeat's job), sorted
   * ascending (scaling is measured against the smallest); each within the open-files limit.
   */
  static List<Integer> clients(String list) throws CliExit {
    List<Integer> out = new ArrayList<>();
    for (String part : list.split(",", -1)) {
      int c;
      try {
        c = Integer.parseInt(part.trim());
      } catch (NumberFormatException e) {
        c = 0;
      }
      if (c < 1) {
        throw invalid(list, "--clients", CliMessages.SWEEP_CLIENTS_DETAIL);
      }
      if (out.contains(c)) {
        throw invalid(list, "--clients", CliMessages.SWEEP_CLIENTS_TWICE);
      }
      out.add(c);
    }
    FileLimit.check(java.util.Collections.max(out));
    return out.stream().sorted().toList();
  }

  /** --rates' list: rates (transactions per second) above 0. */
  static List<Double> rates(String list) throws CliExit {
    List<Double> out = new ArrayList<>();
    for (String part : list.split(",", -1)) {
      double r;
      try {
        r = Double.parseDouble(part.trim());
      } catch (NumberFormatException e) {
        r = Double.NaN;
      }
      if (!(r > 0) || Double.isInfinite(r)) {
        throw invalid(list, "--rates", CliMessages.SWEEP_RATES_DETAIL);
      }
      out.add(r);
    }
    return out;
  }

  /** --alpha: a significance level in (0, 0.5). */
  static double alpha(String v) throws CliExit {
    double a = org.jpgbench.experiment.CompareCommand.alpha(v);
    if (Double.isNaN(a)) {
      throw CliExit.error(CliMessages.INVALID_VALUE, v, "--alpha");
    }
    return a;
  }

  /** --margin: a percentage in (0, 100), as a fraction. */
  static double margin(String v) throws CliExit {
    double m = org.jpgbench.experiment.CompareCommand.margin(v);
    if (Double.isNaN(m)) {
      throw CliExit.error(CliMessages.INVALID_VALUE, v, "--margin");
    }
    return m;
  }

  /** --metric: what is compared (tps, latency, pNN, failed). */
  static List<org.jpgbench.experiment.Metric> metrics(String v) throws CliExit {
    try {
      return org.jpgbench.experiment.Metric.parse(v);
    } catch (org.jpgbench.experiment.ExperimentException e) {
      throw CliExit.error("%s", e.getMessage());
    }
  }

  /**
   * --rounds: N, or auto[:MAX] (MAX {@value SequentialRounds#DEFAULT_MAX} when not given); returns
   * the rounds (MAX for auto) and whether they are automatic.
   */
  static int[] rounds(String v, String option) throws CliExit {
    if (v.equals("auto") || v.startsWith("auto:")) {
      int max =
          v.equals("auto")
              ? SequentialRounds.DEFAULT_MAX
              : OptionInt.parse(v.substring(5), option + "=auto:MAX", 2, 1000);
      return new int[] {max, 1};
    }
    return new int[] {OptionInt.parse(v, option, 1, 1000), 0};
  }

  /** A value that must not be empty (a side, a label). */
  static String nonEmpty(String v, String option) throws CliExit {
    if (v.isEmpty()) {
      throw CliExit.error(CliMessages.INVALID_VALUE, v, option);
    }
    return v;
  }

  private static CliExit invalid(String list, String option, String detail) {
    return new CliExit(
        Diag.error(CliMessages.INVALID_VALUE, list, option) + Diag.detail(detail), 1);
  }
}
