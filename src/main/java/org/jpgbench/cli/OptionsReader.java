package org.jpgbench.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.jpgbench.cli.GetoptParser.Item;
import org.jpgbench.cli.OptionTable.Opt;
import org.jpgbench.cnum.CParse;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.config.QueryMode;
import org.jpgbench.expr.ExprErrors;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.random.RandomMessages;
import org.jpgbench.random.RandomSeed;
import org.jpgbench.random.RandomSeedException;
import org.jpgbench.script.BuiltinScripts;
import org.jpgbench.script.Script;
import org.jpgbench.script.TpccScripts;

/**
 * Applies the options, in command-line order, the way pgbench's option loop does: each value is
 * checked when its option is met (so the first bad option is the one reported), scripts are read
 * and parsed on the spot, "-b list" and "--show-script" print and end. A getopt error is reported
 * after the options before it have been applied. jpgbench difference: in initialization mode, -f
 * only reads the file (its comments may hold init hooks) and is not a benchmarking option. The
 * options are applied by what they concern; jpgbench's own by {@link JpgbenchOptions}.
 */
final class OptionsReader {
  private final ScriptLoader loader;

  private final Map<String, String> env;
  private final PrintStream err;

  OptionsReader(ScriptLoader loader, Map<String, String> env, PrintStream err) {
    this.loader = loader;
    this.env = env;
    this.err = err;
  }

  /** Reads every option; the returned state still needs {@link CrossChecks}. */
  ParseState read(String[] args, List<String> operandsOut) throws CliExit {
    GetoptParser.Result parsed =
        OptionTable.parser().parse(args, env.get("POSIXLY_CORRECT") != null);
    boolean init = parsed.items().stream().anyMatch(i -> i.key() == Opt.INITIALIZE.key());
    ParseState st = new ParseState(init);

    // pgbench seeds from the environment before looking at the options
    String envSeed = env.get("PGBENCH_RANDOM_SEED");
    if (envSeed != null) {
      st.builder.randomSeed = seed(envSeed, true);
    }
    String envTransport = env.get("JPGBENCH_TRANSPORT");
    if (envTransport != null && !envTransport.isEmpty()) {
      st.builder.transport = JpgbenchOptions.transport(envTransport);
    }
    for (Item item : parsed.items()) {
      apply(st, Opt.ofKey(item.key()), item.value());
    }
    if (parsed.error() != null) {
      throw CliExit.usage(parsed.error() + "\n");
    }
    operandsOut.addAll(parsed.operands());
    return st;
  }

  private void apply(ParseState st, Opt opt, String v) throws CliExit {
    boolean applied =
        connectionOrInit(st, opt, v)
            || scripts(st, opt, v)
            || benchmark(st, opt, v)
            || outputs(st, opt, v)
            || JpgbenchOptions.apply(st, opt, v);
    if (!applied) {
      throw new IllegalStateException("unhandled option " + opt);
    }
  }

  /** -h, -p, -U, -d and -i's options: where the server is, what the tables are like. */
  private boolean connectionOrInit(ParseState st, Opt opt, String v) throws CliExit {
    OptionsBuilder b = st.builder;
    switch (opt) {
      case HOST -> {
        b.host = v;
        st.connectionOptionSet = true;
      }
      case PORT -> {
        b.port = v;
        st.connectionOptionSet = true;
      }
      case USERNAME -> {
        b.user = v;
        st.connectionOptionSet = true;
      }
      case DBNAME -> {
        b.dbName = v;
        st.connectionOptionSet = true;
      }
      case INITIALIZE -> b.mode = Options.Mode.INIT;
      case INIT_STEPS -> {
        st.initSteps = v;
        InitSteps.check(v);
        st.initializationOptionSet = true;
      }
      case FILLFACTOR -> {
        st.initializationOptionSet = true;
        b.fillfactor = OptionInt.parse(v, "-F/--fillfactor", 10, 100);
      }
      case QUIET -> {
        st.initializationOptionSet = true;
        b.quiet = true;
      }
      case SCALE -> {
        b.scaleGiven = true;
        b.scale = OptionInt.parse(v, "-s/--scale", 1, Integer.MAX_VALUE);
      }
      case UNLOGGED_TABLES -> st.initialization(() -> b.unloggedTables = true);
      case TABLESPACE -> st.initialization(() -> b.tablespace = v);
      case INDEX_TABLESPACE -> st.initialization(() -> b.indexTablespace = v);
      case FOREIGN_KEYS -> st.initialization(() -> b.foreignKeys = true);
      case PARTITIONS -> {
        st.initializationOptionSet = true;
        b.partitions = OptionInt.parse(v, "--partitions", 0, Integer.MAX_VALUE);
      }
      case PARTITION_METHOD -> {
        st.initializationOptionSet = true;
        String m = asciiLower(v);
        if (m.equals("range")) {
          b.partitionMethod = Options.PartitionMethod.RANGE;
        } else if (m.equals("hash")) {
          b.partitionMethod = Options.PartitionMethod.HASH;
        } else {
          throw CliExit.error(CliMessages.INVALID_PARTITION_METHOD, v);
        }
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  /** -b, -f, -N, -S, --show-script and -D: the scripts and their variables. */
  private boolean scripts(ParseState st, Opt opt, String v) throws CliExit {
    OptionsBuilder b = st.builder;
    switch (opt) {
      case BUILTIN -> {
        if (v.equals("list")) {
          throw new CliExit(BuiltinScripts.listing(), 0);
        }
        Weighted w = Weighted.parse(v);
        if (w.name().equals(TpccScripts.MIX)) {
          // the TPC-C-like mix: the five scripts at clause 5.2.3's weights, each times @W
          for (int i = 0; i < TpccScripts.all().size(); i++) {
            addBuiltin(
                st,
                TpccScripts.all().get(i),
                (int) Math.min(Integer.MAX_VALUE, (long) TpccScripts.WEIGHTS.get(i) * w.weight()));
          }
        } else {
          addBuiltin(st, ScriptLoader.findBuiltin(w.name()), w.weight());
        }
        st.benchmarkingOptionSet = true;
      }
      case FILE -> {
        Weighted w = Weighted.parse(v);
        String text = loader.readFile(w.name());
        Options.ScriptSpec spec = new Options.ScriptSpec(false, w.name(), w.weight());
        if (st.initMode) {
          st.addScript(spec, text, null);
        } else {
          st.addScript(spec, text, loader.parseFile(w.name(), text, w.weight()));
          st.benchmarkingOptionSet = true;
        }
      }
      case SELECT_ONLY -> {
        addBuiltin(st, ScriptLoader.findBuiltin("select-only"), 1);
        st.benchmarkingOptionSet = true;
      }
      case SKIP_SOME_UPDATES -> {
        addBuiltin(st, ScriptLoader.findBuiltin("simple-update"), 1);
        st.benchmarkingOptionSet = true;
      }
      case SHOW_SCRIPT -> {
        BuiltinScripts.Builtin s = ScriptLoader.findBuiltin(v);
        throw new CliExit(s.showScript(), 0);
      }
      case DEFINE -> {
        st.benchmarkingOptionSet = true;
        int eq = v.indexOf('=');
        if (eq <= 0 || eq == v.length() - 1) {
          throw CliExit.error(CliMessages.INVALID_VARIABLE_DEFINITION, v);
        }
        String name = v.substring(0, eq);
        if (!SymbolTable.isValidName(name)) {
          throw CliExit.error("%s", ExprErrors.invalidVariableName("option", name));
        }
        b.defines.put(name, v.substring(eq + 1));
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  /** How the benchmark runs: clients, threads, length, -M, throttling, retries, failures. */
  private boolean benchmark(ParseState st, Opt opt, String v) throws CliExit {
    OptionsBuilder b = st.builder;
    switch (opt) {
      case CLIENT -> {
        st.benchmarkingOptionSet = true;
        b.clients = OptionInt.parse(v, "-c/--clients", 1, Integer.MAX_VALUE);
        FileLimit.check(b.clients);
      }
      case JOBS -> {
        st.benchmarkingOptionSet = true;
        b.threads = OptionInt.parse(v, "-j/--jobs", 1, Integer.MAX_VALUE);
      }
      case CONNECT -> st.benchmarking(() -> b.connectPerTransaction = true);
      case TRANSACTIONS -> {
        st.benchmarkingOptionSet = true;
        b.transactionsPerClient = OptionInt.parse(v, "-t/--transactions", 1, Integer.MAX_VALUE);
      }
      case TIME -> {
        st.benchmarkingOptionSet = true;
        b.durationSeconds = OptionInt.parse(v, "-T/--time", 1, Integer.MAX_VALUE);
      }
      case PROTOCOL -> {
        st.benchmarkingOptionSet = true;
        b.queryMode = QueryMode.ofWord(v);
        if (b.queryMode == null) {
          throw CliExit.error(CliMessages.INVALID_QUERY_MODE, v);
        }
      }
      case RATE -> {
        double tps = CParse.atof(v);
        st.benchmarkingOptionSet = true;
        if (tps <= 0.0) {
          throw CliExit.error(CliMessages.INVALID_RATE_LIMIT, v);
        }
        b.rate = tps;
      }
      case LATENCY_LIMIT -> {
        double ms = CParse.atof(v);
        if (ms <= 0.0) {
          throw CliExit.error(CliMessages.INVALID_LATENCY_LIMIT, v);
        }
        st.benchmarkingOptionSet = true;
        b.latencyLimitMicros = (long) (ms * 1000);
      }
      case MAX_TRIES -> {
        int tries = CParse.atoi(v);
        if (tries < 0) {
          throw CliExit.error(CliMessages.INVALID_MAX_TRIES, v);
        }
        st.benchmarkingOptionSet = true;
        b.maxTries = tries;
      }
      case RANDOM_SEED -> {
        st.benchmarkingOptionSet = true;
        b.randomSeed = seed(v, false);
      }
      case NO_VACUUM -> b.noVacuum = true;
      case VACUUM_ALL -> st.benchmarking(() -> b.vacuumAll = true);
      case FAILURES_DETAILED -> st.benchmarking(() -> b.failuresDetailed = true);
      case VERBOSE_ERRORS -> st.benchmarking(() -> b.verboseErrors = true);
      case EXIT_ON_ABORT -> st.benchmarking(() -> b.exitOnAbort = true);
      case CONTINUE_ON_ERROR -> st.benchmarking(() -> b.continueOnError = true);
      case DEBUG -> b.debug = true;
      default -> {
        return false;
      }
    }
    return true;
  }

  /** pgbench's outputs beside the report: -l and its sampling and aggregation, -P, -r. */
  private boolean outputs(ParseState st, Opt opt, String v) throws CliExit {
    OptionsBuilder b = st.builder;
    switch (opt) {
      case LOG -> st.benchmarking(() -> b.log = true);
      case LOG_PREFIX -> st.benchmarking(() -> b.logPrefix = v);
      case SAMPLING_RATE -> {
        st.benchmarkingOptionSet = true;
        double rate = CParse.atof(v);
        if (rate <= 0.0 || rate > 1.0) {
          throw CliExit.error(CliMessages.INVALID_SAMPLING_RATE, v);
        }
        b.samplingRate = rate;
      }
      case AGGREGATE_INTERVAL -> {
        st.benchmarkingOptionSet = true;
        b.aggregateInterval = OptionInt.parse(v, "--aggregate-interval", 1, Integer.MAX_VALUE);
      }
      case PROGRESS -> {
        st.benchmarkingOptionSet = true;
        b.progressSeconds = OptionInt.parse(v, "-P/--progress", 1, Integer.MAX_VALUE);
      }
      case PROGRESS_TIMESTAMP -> st.benchmarking(() -> b.progressTimestamp = true);
      case REPORT_PER_COMMAND -> st.benchmarking(() -> b.reportPerCommand = true);
      default -> {
        return false;
      }
    }
    return true;
  }

  /**
   * pgbench's set_random_seed for an option or environment value: logs "setting random seed to N"
   * and returns the seed (its 64 bits; pgbench prints it unsigned); a bad value ends with pgbench's
   * three lines.
   */
  private Long seed(String value, boolean fromEnvironment) throws CliExit {
    long seed;
    try {
      seed = RandomSeed.resolve(value);
    } catch (RandomSeedException e) {
      String detail = e.detail() == null ? "" : Diag.detail(e.detail());
      throw new CliExit(
          Diag.error(e.getMessage()) + detail + Diag.error(e.fatal(fromEnvironment)), 1);
    }
    err.print(Diag.info(RandomMessages.settingSeed(seed)));
    return seed;
  }

  private void addBuiltin(ParseState st, BuiltinScripts.Builtin builtin, int weight)
      throws CliExit {
    Script parsed = st.initMode ? null : loader.parseBuiltin(builtin, weight);
    st.addScript(new Options.ScriptSpec(true, builtin.name(), weight), builtin.text(), parsed);
  }

  private static String asciiLower(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      sb.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
    }
    return sb.toString();
  }
}
