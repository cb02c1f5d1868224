package org.jpgbench.cli;

import java.util.ArrayList;
import java.util.List;
import org.jpgbench.cli.GetoptParser.HasArg;
import org.jpgbench.cli.GetoptParser.LongOpt;

/**
 * Every option jpgbench knows: pgbench 17/18's short optstring and long option table (same names,
 * same order, so that abbreviations and ambiguity messages match), then jpgbench's own long options
 * in a second tier.
 */
final class OptionTable {
  private OptionTable() {}

  /** pgbench's getopt_long optstring (-V and -? are only recognized as the first argument). */
  static final String OPTSTRING = "b:c:Cd:D:f:F:h:iI:j:lL:M:nNp:P:qrR:s:St:T:U:v";

  /** Every option; short ones keyed by their letter, long-only ones by a code above 0xFFFF. */
  enum Opt {
    BUILTIN('b'),
    CLIENT('c'),
    CONNECT('C'),
    DBNAME('d'),
    DEFINE('D'),
    FILE('f'),
    FILLFACTOR('F'),
    HOST('h'),
    INITIALIZE('i'),
    INIT_STEPS('I'),
    JOBS('j'),
    LOG('l'),
    LATENCY_LIMIT('L'),
    PROTOCOL('M'),
    NO_VACUUM('n'),
    SKIP_SOME_UPDATES('N'),
    PORT('p'),
    PROGRESS('P'),
    QUIET('q'),
    REPORT_PER_COMMAND('r'),
    RATE('R'),
    SCALE('s'),
    SELECT_ONLY('S'),
    TRANSACTIONS('t'),
    TIME('T'),
    USERNAME('U'),
    VACUUM_ALL('v'),
    UNLOGGED_TABLES,
    TABLESPACE,
    INDEX_TABLESPACE,
    SAMPLING_RATE,
    AGGREGATE_INTERVAL,
    PROGRESS_TIMESTAMP,
    LOG_PREFIX,
    FOREIGN_KEYS,
    RANDOM_SEED,
    SHOW_SCRIPT,
    PARTITIONS,
    PARTITION_METHOD,
    FAILURES_DETAILED,
    MAX_TRIES,
    VERBOSE_ERRORS,
    EXIT_ON_ABORT,
    DEBUG,
    CONTINUE_ON_ERROR,
    // jpgbench's own
    EMBEDDED,
    INIT_JOBS,
    WORKLOAD,
    PERCENTILE,
    REPORT_JSON,
    REPORT_HTML,
    REPORT_CSV,
    HDR_LOG,
    SLO,
    SLO_ABORT,
    SERVER_STATS,
    SERVER_STATS_CONNINFO,
    WAIT_SAMPLING,
    TRANSPORT,
    RECONNECT,
    GROUP,
    GROUP_SIZE,
    GROUP_CONNINFO,
    GROUP_TIMEOUT,
    GROUP_KEEP,
    METRICS_LISTEN,
    METRICS_LINGER,
    RUN_LABEL;

    private final int key;

    Opt(char shortName) {
      this.key = shortName;
    }

    Opt() {
      this.key = 0x10000 + ordinal();
    }

    int key() {
      return key;
    }

    static Opt ofKey(int key) {
      for (Opt o : values()) {
        if (o.key == key) {
          return o;
        }
      }
      throw new IllegalArgumentException("no option with key " + key);
    }
  }

  /** pgbench's long_options, in its order (plus the old --report-latencies alias of -r). */
  static List<LongOpt> pgbenchLongOptions() {
    List<LongOpt> l = new ArrayList<>();
    req(l, "builtin", Opt.BUILTIN);
    req(l, "client", Opt.CLIENT);
    no(l, "connect", Opt.CONNECT);
    req(l, "dbname", Opt.DBNAME);
    req(l, "define", Opt.DEFINE);
    req(l, "file", Opt.FILE);
    req(l, "fillfactor", Opt.FILLFACTOR);
    req(l, "host", Opt.HOST);
    no(l, "initialize", Opt.INITIALIZE);
    req(l, "init-steps", Opt.INIT_STEPS);
    req(l, "jobs", Opt.JOBS);
    no(l, "log", Opt.LOG);
    req(l, "latency-limit", Opt.LATENCY_LIMIT);
    no(l, "no-vacuum", Opt.NO_VACUUM);
    req(l, "port", Opt.PORT);
    req(l, "progress", Opt.PROGRESS);
    req(l, "protocol", Opt.PROTOCOL);
    no(l, "quiet", Opt.QUIET);
    no(l, "report-per-command", Opt.REPORT_PER_COMMAND);
    no(l, "report-latencies", Opt.REPORT_PER_COMMAND);
    req(l, "rate", Opt.RATE);
    req(l, "scale", Opt.SCALE);
    no(l, "select-only", Opt.SELECT_ONLY);
    no(l, "skip-some-updates", Opt.SKIP_SOME_UPDATES);
    req(l, "time", Opt.TIME);
    req(l, "transactions", Opt.TRANSACTIONS);
    req(l, "username", Opt.USERNAME);
    no(l, "vacuum-all", Opt.VACUUM_ALL);
    no(l, "unlogged-tables", Opt.UNLOGGED_TABLES);
    req(l, "tablespace", Opt.TABLESPACE);
    req(l, "index-tablespace", Opt.INDEX_TABLESPACE);
    req(l, "sampling-rate", Opt.SAMPLING_RATE);
    req(l, "aggregate-interval", Opt.AGGREGATE_INTERVAL);
    no(l, "progress-timestamp", Opt.PROGRESS_TIMESTAMP);
    req(l, "log-prefix", Opt.LOG_PREFIX);
    no(l, "foreign-keys", Opt.FOREIGN_KEYS);
    req(l, "random-seed", Opt.RANDOM_SEED);
    req(l, "show-script", Opt.SHOW_SCRIPT);
    req(l, "partitions", Opt.PARTITIONS);
    req(l, "partition-method", Opt.PARTITION_METHOD);
    no(l, "failures-detailed", Opt.FAILURES_DETAILED);
    req(l, "max-tries", Opt.MAX_TRIES);
    no(l, "verbose-errors", Opt.VERBOSE_ERRORS);
    no(l, "exit-on-abort", Opt.EXIT_ON_ABORT);
    no(l, "debug", Opt.DEBUG);
    no(l, "continue-on-error", Opt.CONTINUE_ON_ERROR);
    return l;
  }

  /** jpgbench's own long options (second tier: they never shadow a pgbench abbreviation). */
  static List<LongOpt> jpgbenchLongOptions() {
    List<LongOpt> l = new ArrayList<>();
    no(l, "embedded", Opt.EMBEDDED);
    req(l, "init-jobs", Opt.INIT_JOBS);
    req(l, "workload", Opt.WORKLOAD);
    l.add(new LongOpt("percentile", HasArg.OPTIONAL, Opt.PERCENTILE.key()));
    req(l, "report-json", Opt.REPORT_JSON);
    req(l, "report-html", Opt.REPORT_HTML);
    req(l, "report-csv", Opt.REPORT_CSV);
    req(l, "hdr-log", Opt.HDR_LOG);
    req(l, "slo", Opt.SLO);
    no(l, "slo-abort", Opt.SLO_ABORT);
    l.add(new LongOpt("server-stats", HasArg.OPTIONAL, Opt.SERVER_STATS.key()));
    req(l, "wait-sampling", Opt.WAIT_SAMPLING);
    req(l, "server-stats-conninfo", Opt.SERVER_STATS_CONNINFO);
    req(l, "transport", Opt.TRANSPORT);
    l.add(new LongOpt("reconnect", HasArg.OPTIONAL, Opt.RECONNECT.key()));
    req(l, "group", Opt.GROUP);
    req(l, "group-size", Opt.GROUP_SIZE);
    req(l, "group-conninfo", Opt.GROUP_CONNINFO);
    req(l, "group-timeout", Opt.GROUP_TIMEOUT);
    no(l, "group-keep", Opt.GROUP_KEEP);
    req(l, "metrics-listen", Opt.METRICS_LISTEN);
    req(l, "metrics-linger", Opt.METRICS_LINGER);
    req(l, "run-label", Opt.RUN_LABEL);
    return l;
  }

  static GetoptParser parser() {
    return new GetoptParser(
        OPTSTRING, List.of(pgbenchLongOptions(), jpgbenchLongOptions()), CliMessages.progname());
  }

  private static void req(List<LongOpt> l, String name, Opt opt) {
    l.add(new LongOpt(name, HasArg.REQUIRED, opt.key()));
  }

  private static void no(List<LongOpt> l, String name, Opt opt) {
    l.add(new LongOpt(name, HasArg.NO, opt.key()));
  }
}
