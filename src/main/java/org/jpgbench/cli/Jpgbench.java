package org.jpgbench.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.db.LibpqConnectionFactory;
import org.jpgbench.experiment.CompareCommand;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.group.KeptResults;
import org.jpgbench.log.PgLog;
import org.jpgbench.merge.MergeCommand;
import org.jpgbench.metrics.MetricsEndpoint;
import org.jpgbench.run.RunMode;
import org.jpgbench.run.RunObserver;
import org.jpgbench.script.BuiltinScripts;
import org.jpgbench.script.Script;

/**
 * The whole program behind {@code main}: takes its streams, returns an exit status (0 ok, 1 bad
 * input or setup failure, 2 a run with errors, as pgbench).
 *
 * <p>As pgbench: "--help"/"-?" and "--version"/"-V" only as the first argument; then the options,
 * checked and applied in order (scripts read and parsed as they come); then the checks across
 * options; then initialization or the benchmark. jpgbench: a command as the first argument runs it:
 * "sweep" (a run per point of a scaling curve), "ab" (two sides in ABBA rounds, with a verdict),
 * "compare" (a verdict from saved reports) and "merge" (one report from several).
 */
public final class Jpgbench {
  private final PrintStream out;
  private final PrintStream err;
  private final Map<String, String> env;
  private final InputStream in;

  public Jpgbench(PrintStream out, PrintStream err) {
    this(out, err, System.getenv());
  }

  /**
   * @param env the process environment (PG* variables, PGBENCH_RANDOM_SEED, POSIXLY_CORRECT)
   */
  public Jpgbench(PrintStream out, PrintStream err, Map<String, String> env) {
    this(out, err, env, System.in);
  }

  /**
   * @param in what "-f -" reads
   */
  public Jpgbench(PrintStream out, PrintStream err, Map<String, String> env, InputStream in) {
    this.out = out;
    this.err = err;
    this.env = Map.copyOf(env);
    this.in = in;
  }

  public int run(String[] args) {
    PgLog.progname(env.get("JPGBENCH_PROGNAME")); // "pgbench" when installed under that name
    try {
      return dispatch(args);
    } catch (CliExit e) {
      err.print(e.stderr);
      return e.status;
    } catch (RuntimeException e) {
      err.print(Diag.error(CliMessages.INTERNAL_ERROR, e));
      e.printStackTrace(err);
      return 1;
    } finally {
      out.flush();
      err.flush();
    }
  }

  private int dispatch(String[] args) throws CliExit {
    if (args.length > 0) {
      switch (args[0]) {
        case "--help", "-?" -> {
          out.print(HelpText.text());
          return 0;
        }
        case "--version", "-V" -> {
          out.println(VersionText.line());
          return 0;
        }
        case "merge" -> {
          return MergeCommand.run(
              Arrays.copyOfRange(args, 1, args.length), out, err, new KeptResults(env, err));
        }
        case "sweep" -> {
          try {
            return SweepCommand.run(Arrays.copyOfRange(args, 1, args.length), out, err, env, in);
          } catch (CliExit e) {
            throw e.inSubcommand("sweep");
          }
        }
        case "ab" -> {
          try {
            return AbCommand.run(Arrays.copyOfRange(args, 1, args.length), out, err, env, in);
          } catch (CliExit e) {
            throw e.inSubcommand("ab");
          }
        }
        case "compare" -> {
          return CompareCommand.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        default -> {}
      }
    }
    SymbolTable symbols = new SymbolTable();
    ScriptLoader loader = new ScriptLoader(symbols, in);
    List<String> operands = new ArrayList<>();
    ParseState st = new OptionsReader(loader, env, err).read(args, operands);
    Options options = CrossChecks.apply(st, operands, s -> addDefaultScript(s, loader));
    if (options.outputs().reportCsv() != null) {
      throw CliExit.error(CliMessages.CSV_OUTSIDE_EXPERIMENT);
    }
    return execute(options, st.scripts, symbols);
  }

  /** pgbench's default: the tpcb-like builtin, weight 1. */
  static void addDefaultScript(ParseState st, ScriptLoader loader) throws CliExit {
    BuiltinScripts.Builtin tpcb = ScriptLoader.findBuiltin("tpcb-like");
    st.addScript(
        new Options.ScriptSpec(true, tpcb.name(), 1), tpcb.text(), loader.parseBuiltin(tpcb, 1));
  }

  private int execute(Options options, List<Script> scripts, SymbolTable symbols) {
    if (options.metrics() == null || options.mode() == Options.Mode.INIT) {
      return execute(options, scripts, symbols, null);
    }
    // listening before anything connects: an address that cannot be had fails the command at once
    MetricsEndpoint metrics;
    try {
      metrics = MetricsEndpoint.open(options, err);
    } catch (MetricsEndpoint.ListenFailure e) {
      err.print(PgLog.error(e.getMessage()) + "\n");
      return 1;
    }
    try (metrics) {
      return execute(options, scripts, symbols, metrics);
    }
  }

  /**
   * @param observer --metrics-listen's endpoint, or null
   */
  private int execute(
      Options options, List<Script> scripts, SymbolTable symbols, RunObserver observer) {
    if (options.embedded()) {
      return EmbeddedRun.run(options, scripts, symbols, env, observer, out, err);
    }
    ConnectionFactory db = LibpqConnectionFactory.create(options, env);
    if (options.group() != null) {
      return GroupedRun.run(options, scripts, symbols, db, env, observer, out, err);
    }
    if (options.mode() == Options.Mode.INIT) {
      return InitInterrupt.run(options, db, out, err);
    }
    return RunMode.run(options, scripts, symbols, db, null, observer, out, err);
  }
}
