package org.jpgbench.cli;

import org.jpgbench.log.PgLog;

/**
 * Every text the command line prints, in pgbench's (and glibc getopt's) wording, with the program
 * named "jpgbench". Format strings use {@link String#format} conversions.
 */
final class CliMessages {
  private CliMessages() {}

  static String progname() {
    return PgLog.progname();
  }

  // ---- getopt (glibc wording; pgbench lets getopt print these) ----
  static final String GETOPT_UNRECOGNIZED = "%s: unrecognized option '%s'";
  static final String GETOPT_INVALID_SHORT = "%s: invalid option -- '%c'";
  static final String GETOPT_SHORT_NEEDS_ARG = "%s: option requires an argument -- '%c'";
  static final String GETOPT_LONG_NEEDS_ARG = "%s: option '%s' requires an argument";
  static final String GETOPT_LONG_NO_ARG = "%s: option '%s' doesn't allow an argument";
  static final String GETOPT_AMBIGUOUS = "%s: option '%s' is ambiguous; possibilities:";

  static final String HINT_TRY_HELP = "Try \"%s --help\" for more information.";

  // ---- option values (src/fe_utils/option_utils.c and pgbench.c) ----
  static final String INVALID_VALUE = "invalid value \"%s\" for option %s";
  static final String OUT_OF_RANGE = "%s must be in range %d..%d";
  static final String INVALID_VARIABLE_DEFINITION = "invalid variable definition: \"%s\"";
  static final String INVALID_LATENCY_LIMIT = "invalid latency limit: \"%s\"";
  static final String INVALID_RATE_LIMIT = "invalid rate limit: \"%s\"";
  static final String INVALID_QUERY_MODE = "invalid query mode (-M): \"%s\"";
  static final String INVALID_TRANSPORT =
      "invalid transport (--transport): \"%s\", expecting \"auto\", \"io_uring\", \"epoll\", \"blocking\" or \"jdbc\"";
  static final String INVALID_SAMPLING_RATE = "invalid sampling rate: \"%s\"";
  static final String INVALID_PARTITION_METHOD =
      "invalid partition method, expecting \"range\" or \"hash\", got: \"%s\"";
  static final String GROUP_NEEDS_SIZE = "--group needs --group-size";
  static final String GROUP_OPTION_NEEDS_GROUP = "%s needs --group";
  static final String GROUP_WITH_EMBEDDED = "--group cannot be used with --embedded";
  static final String INVALID_MAX_TRIES = "invalid number of maximum tries: \"%s\"";
  static final String NEED_OPEN_FILES = "need at least %d open files, but system limit is %d";
  static final String NEED_OPEN_FILES_HINT =
      "Reduce number of clients, or use limit/ulimit to increase the system limit.";

  // ---- init steps ----
  static final String NO_INIT_STEPS = "no initialization steps specified";
  static final String UNRECOGNIZED_INIT_STEP = "unrecognized initialization step \"%c\"";
  static final String ALLOWED_INIT_STEPS = "Allowed step characters are: \"%s\".";

  // ---- scripts ----
  static final String INVALID_WEIGHT = "invalid weight specification: %s";
  static final String WEIGHT_OUT_OF_RANGE = "weight specification out of range (0 .. %d): %d";
  static final String TOTAL_WEIGHT_ZERO = "total script weight must not be zero";
  static final String TOO_MANY_SCRIPTS = "at most %d SQL scripts are allowed";
  static final String EMPTY_SCRIPT = "empty command list for script \"%s\"";
  static final String CANNOT_OPEN_FILE = "could not open file \"%s\": %s";
  static final String CANNOT_READ_FILE = "could not read file \"%s\": %s";
  static final String NO_SUCH_FILE = "No such file or directory";
  static final String IS_A_DIRECTORY = "Is a directory";
  static final String PERMISSION_DENIED = "Permission denied";

  // ---- cross-option checks (pgbench.c main()) ----
  static final String TOO_MANY_ARGS = "too many command-line arguments (first is \"%s\")";
  static final String BENCH_OPTION_IN_INIT =
      "some of the specified options cannot be used in initialization (-i) mode";
  static final String INIT_OPTION_IN_BENCH =
      "some of the specified options cannot be used in benchmarking mode";
  static final String PARTITION_METHOD_NEEDS_PARTITIONS =
      "--partition-method requires greater than zero --partitions";
  static final String T_AND_TT =
      "specify either a number of transactions (-t) or a duration (-T), not both";
  static final String SAMPLING_NEEDS_LOG =
      "log sampling (--sampling-rate) is allowed only when logging transactions (-l)";
  static final String SAMPLING_AND_AGGREGATE =
      "log sampling (--sampling-rate) and aggregation (--aggregate-interval) cannot be used at"
          + " the same time";
  static final String AGGREGATE_NEEDS_LOG =
      "log aggregation is allowed only when actually logging transactions";
  static final String PREFIX_NEEDS_LOG =
      "log file prefix (--log-prefix) is allowed only when logging transactions (-l)";
  static final String AGGREGATE_GT_DURATION =
      "number of seconds for aggregation (%d) must not be higher than test duration (%d)";
  static final String DURATION_NOT_MULTIPLE =
      "duration (%d) must be a multiple of aggregation interval (%d)";
  static final String TIMESTAMP_NEEDS_PROGRESS =
      "--progress-timestamp is allowed only under --progress";
  static final String SERVER_STATS_OPTION_NEEDS_SERVER_STATS =
      "%s is allowed only under --server-stats";
  static final String METRICS_OPTION_NEEDS_LISTEN = "%s is allowed only under --metrics-listen";
  static final String METRICS_IN_EXPERIMENT =
      "--metrics-listen applies to a single run (an experiment's runs are reported whole)";
  static final String CSV_OUTSIDE_EXPERIMENT =
      "--report-csv is written by sweep, compare and ab (a single run has --report-json)";
  static final String TWO_ON_STDOUT =
      "--report-json and --report-csv cannot both be written to standard output";
  static final String SLO_ABORT_NEEDS_SLO = "--slo-abort is allowed only under --slo";
  static final String SLO_ABORT_NEEDS_PROGRESS = "--slo-abort is allowed only under --progress";
  static final String SLO_ABORT_IN_EXPERIMENT =
      "--slo-abort applies to a single run (an experiment's runs are compared whole)";
  static final String SLO_ABORT_IN_GROUP =
      "--slo-abort cannot be used with --group (the group's thresholds are checked on its merged"
          + " report)";
  static final String UNLIMITED_TRIES =
      "an unlimited number of transaction tries can only be used with --latency-limit or a"
          + " duration (-T)";

  // ---- jpgbench's own options ----
  static final String INVALID_PERCENTILES = "invalid value \"%s\" for option --percentile";
  static final String INVALID_PERCENTILES_DETAIL =
      "Expecting a comma-separated list of numbers greater than 0 and at most 100.";
  static final String SLO_SYNTAX =
      "Expecting thresholds like \"p99<=10ms\", \"avg<5ms\", \"tps>=5000\" or"
          + " \"failed<=0.1%\", separated by commas.";
  static final String SLO_METRIC =
      "A threshold measures pNN (a latency percentile), avg, tps, nopm (-b tpcc), failed,"
          + " skipped or retried.";
  static final String SLO_PERCENTILE = "A percentile must be greater than 0 and at most 100.";
  static final String SLO_LATENCY_UNIT = "A latency's unit is us, ms (the default) or s.";
  static final String SLO_TPS_UNIT = "tps is a plain number of transactions per second.";
  static final String SLO_NOPM_UNIT = "nopm is a plain number of new orders per minute.";
  static final String SLO_NOPM_NEEDS_TPCC =
      "--slo's nopm is measured by the TPC-C-like scripts only (-b tpcc)";
  static final String SLO_SHARE_UNIT =
      "failed, skipped and retried are percentages of all transactions, e.g. 0.1%.";
  static final String SWEEP_INIT =
      "sweep runs benchmarks: initialize with -i first, or give --init to initialize once at -s"
          + " before the first point";
  static final String SWEEP_RATE_TWICE = "-R/--rate cannot be combined with --rates";
  static final String SWEEP_NOTHING = "sweep needs --clients=LIST or --rates=LIST";
  static final String SWEEP_CLIENTS_DETAIL =
      "Expecting a comma-separated list of client counts of at least 1.";
  static final String SWEEP_CLIENTS_TWICE =
      "Each client count may be listed once (--repeat runs a point again).";
  static final String SWEEP_RATES_DETAIL =
      "Expecting a comma-separated list of rates (transactions per second) greater than 0.";
  static final String AB_SIDES = "ab needs both sides: --a=CONNINFO and --b=CONNINFO";
  static final String AB_DBNAME =
      "ab takes its two databases from --a and --b, not a database name (\"%s\")";
  static final String AB_BAD_SIDE = "invalid connection string in %s: %s";
  static final String TPCC_WITH_PGBENCH_BUILTIN =
      "the TPC-C-like scripts (-b tpcc) cannot run beside pgbench's builtin scripts, whose tables"
          + " they do not use";
  static final String AB_INIT_OPTIONS =
      "--metric, --warmup and --clients do not apply to ab -i (each initialization's total and"
          + " steps are compared)";
  static final String AB_EMBEDDED_SIDES =
      "with --embedded each side is a throwaway server: --a and --b are not used";
  static final String AB_SET_NEEDS_EMBEDDED =
      "--a-set and --b-set give throwaway servers their settings: they need --embedded";
  static final String EMBEDDED_WITH_CONNECTION =
      "--embedded cannot be used with -h/--host, -p/--port, -U/--username or a database name";
  static final String EMBEDDED_START_FAILED = "could not start the embedded PostgreSQL server: %s";
  static final String INTERNAL_ERROR = "internal error: %s";
}
