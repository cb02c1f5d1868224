package org.jpgbench.config;

import java.util.List;
import java.util.Map;

/**
 * Everything the command line says, parsed and cross-checked once (by the cli package), immutable
 * afterwards, grouped by concern. Defaults are pgbench's. Times are in the units named by the
 * component. Built through {@link OptionsBuilder}, which the option parser fills in command-line
 * order.
 *
 * @param mode benchmarking or initialization (-i)
 * @param debug -d/--debug
 * @param embedded --embedded: a throwaway server of jpgbench's own
 * @param group jpgbench: --group, this process as one member of several; null when alone
 * @param metrics jpgbench: --metrics-listen, a Prometheus endpoint while the run lasts; null when
 *     off
 */
public record Options(
    Mode mode,
    boolean debug,
    boolean embedded,
    Connection connection,
    Init init,
    Run run,
    Outputs outputs,
    Group group,
    Metrics metrics) {
  public enum Mode {
    RUN,
    INIT
  }

  public enum PartitionMethod {
    NONE,
    RANGE,
    HASH
  }

  /** A -b/-f/-N/-S script request; weight 1 unless "@w" was given. */
  public record ScriptSpec(boolean builtin, String nameOrPath, int weight) {}

  /**
   * How to reach the server, libpq's way: null takes the PG* environment, then libpq's defaults.
   *
   * @param host -h: a host name, an address, a socket directory, or a comma-separated list
   * @param port -p, or a list matching the hosts
   * @param user -U
   * @param dbName the database operand, which may be a connection string or URI
   */
  public record Connection(String host, String port, String user, String dbName) {}

  /**
   * What -i does: the steps, the tables' shape and size, how many connections load them.
   *
   * @param initSteps -I steps, default "dtgvp" (after -n / --foreign-keys adjustments).
   * @param fillfactor -F, 100 by default
   * @param quiet -q: a progress line every 5 seconds instead of every 100,000 rows
   * @param scale -s, the scaling factor (1 by default)
   * @param scaleGiven true when -s was given (run mode: pgbench warns that it is ignored with
   *     builtin scripts).
   * @param foreignKeys --foreign-keys
   * @param tablespace --tablespace, null for the default
   * @param indexTablespace --index-tablespace, null for the default
   * @param partitionMethod --partition-method (NONE without --partitions)
   * @param partitions --partitions, 0 = pgbench_accounts not partitioned
   * @param unloggedTables --unlogged-tables
   * @param initJobs jpgbench: connections used to load data and build indexes.
   * @param workload jpgbench's --workload: {@code pgbench} (pgbench's tables, the default) or
   *     {@code tpcc} (a TPC-C-like schema of -s warehouses, docs/tpcc.md)
   */
  public record Init(
      String initSteps,
      int fillfactor,
      boolean quiet,
      int scale,
      boolean scaleGiven,
      boolean foreignKeys,
      String tablespace,
      String indexTablespace,
      PartitionMethod partitionMethod,
      int partitions,
      boolean unloggedTables,
      int initJobs,
      String workload) {
    /** --workload=tpcc: the TPC-C-like schema instead of pgbench's tables. */
    public boolean tpcc() {
      return TPCC.equals(workload);
    }
  }

  /** --workload's value for the TPC-C-like schema. */
  public static final String TPCC = "tpcc";

  /**
   * What the benchmark runs: the scripts, the clients and their pgbench threads, how long, how the
   * queries go, what a failure does.
   *
   * @param scripts -b/-f/-N/-S, in order (the default tpcb-like when none was given)
   * @param scriptTexts The text of each entry of {@link #scripts}, read while the options were
   *     parsed (files as UTF-8, or ISO-8859-1 when not valid UTF-8; "-" is standard input, which
   *     cannot be read twice).
   * @param clients -c
   * @param threads -j (pgbench threads; at most the number of clients)
   * @param connectPerTransaction -C: a new connection for each transaction
   * @param defines -D name=value, in order given.
   * @param transactionsPerClient -t, 0 when not given.
   * @param durationSeconds -T seconds, 0 when not given.
   * @param queryMode -M
   * @param noVacuum -n: no vacuum before the run.
   * @param vacuumAll -v: vacuum all four tables before the run.
   * @param rate -R transactions per second (total), 0 = unthrottled.
   * @param latencyLimitMicros -L in microseconds, 0 = none.
   * @param maxTries --max-tries, 0 = unlimited (only with -T or -L).
   * @param failuresDetailed --failures-detailed
   * @param verboseErrors --verbose-errors
   * @param exitOnAbort --exit-on-abort
   * @param continueOnError --continue-on-error (pgbench 19): other SQL errors are failures too
   * @param randomSeed The seed's 64 bits, resolved once by the cli from --random-seed or else
   *     PGBENCH_RANDOM_SEED ("time" and "rand" turned into numbers, pgbench's "setting random seed
   *     to" line printed); null when neither was given: the run seeds from the clock.
   * @param transport jpgbench: --transport (or $JPGBENCH_TRANSPORT), one of io.Transports.KINDS.
   * @param reconnect jpgbench: --reconnect, clients reconnect after a lost connection instead of
   *     aborting.
   * @param reconnectSeconds jpgbench: --reconnect=SECONDS, how long one client keeps trying (and
   *     the first connection may wait), in seconds; 0 without a value: until the run's end, the
   *     first connection not waited for.
   */
  public record Run(
      List<ScriptSpec> scripts,
      List<String> scriptTexts,
      int clients,
      int threads,
      boolean connectPerTransaction,
      Map<String, String> defines,
      long transactionsPerClient,
      long durationSeconds,
      QueryMode queryMode,
      boolean noVacuum,
      boolean vacuumAll,
      double rate,
      long latencyLimitMicros,
      int maxTries,
      boolean failuresDetailed,
      boolean verboseErrors,
      boolean exitOnAbort,
      boolean continueOnError,
      Long randomSeed,
      String transport,
      boolean reconnect,
      int reconnectSeconds) {
    public Run {
      scripts = List.copyOf(scripts);
      scriptTexts = List.copyOf(scriptTexts);
      defines = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(defines));
    }
  }

  /**
   * What the run writes beside pgbench's report: progress, logs, per-command figures, and
   * jpgbench's reports.
   *
   * @param progressSeconds -P seconds, 0 = off.
   * @param progressTimestamp --progress-timestamp
   * @param reportPerCommand -r
   * @param log -l
   * @param logPrefix --log-prefix, null for "pgbench_log"
   * @param aggregateInterval --aggregate-interval seconds, 0 = per-transaction log.
   * @param samplingRate --sampling-rate, 0 = log all.
   * @param percentiles --percentile list, empty when off.
   * @param reportJson --report-json file ("-" for standard output), null when off
   * @param reportHtml --report-html file, null when off
   * @param reportCsv --report-csv file ("-" for standard output) of an experiment (sweep, ab), null
   *     when off; a single run refuses it
   * @param hdrLog --hdr-log file, null when off
   * @param thresholds --slo, the thresholds the run must meet; empty when off
   * @param sloAbort --slo-abort: the run stops at the first -P interval after which a threshold
   *     fails on everything measured so far
   * @param serverStatsSeconds --server-stats: the server's statistics sampled every so many seconds
   *     by a monitoring session (the -P interval, else 1, when no value was given); 0 = off
   * @param waitSamplingHz --wait-sampling: how often the benchmark's backends' wait events are
   *     sampled under --server-stats ({@link #DEFAULT_WAIT_SAMPLING_HZ} when negative; 0 = not)
   * @param serverStatsConninfo --server-stats-conninfo: the server the monitoring session samples,
   *     when the run goes through a connection pooler; null: the run's own target
   */
  public record Outputs(
      int progressSeconds,
      boolean progressTimestamp,
      boolean reportPerCommand,
      boolean log,
      String logPrefix,
      int aggregateInterval,
      double samplingRate,
      List<Double> percentiles,
      String reportJson,
      String reportHtml,
      String reportCsv,
      String hdrLog,
      List<Threshold> thresholds,
      boolean sloAbort,
      int serverStatsSeconds,
      int waitSamplingHz,
      String serverStatsConninfo) {
    public Outputs {
      percentiles = List.copyOf(percentiles);
      thresholds = List.copyOf(thresholds);
      waitSamplingHz = waitSamplingHz < 0 ? DEFAULT_WAIT_SAMPLING_HZ : waitSamplingHz;
    }
  }

  /**
   * jpgbench: --group, N processes with the same command line as one benchmark, coordinated through
   * a table on the server (see the group package).
   *
   * @param name --group=NAME, the group's name in the coordination table
   * @param size --group-size=N, how many members make the group
   * @param conninfo --group-conninfo, where the coordination table lives; null: the server under
   *     test
   * @param timeoutSeconds --group-timeout, how long a member waits for the others (and the leader
   *     for their reports); {@link #DEFAULT_GROUP_TIMEOUT_SECONDS} when not positive
   * @param keep --group-keep: the group's rows stay, for a later {@code merge --group=NAME}
   */
  public record Group(String name, int size, String conninfo, int timeoutSeconds, boolean keep) {
    public Group {
      timeoutSeconds = timeoutSeconds > 0 ? timeoutSeconds : DEFAULT_GROUP_TIMEOUT_SECONDS;
    }
  }

  /**
   * jpgbench: --metrics-listen, the run's figures served to Prometheus while it lasts.
   *
   * @param host the address to listen on (127.0.0.1 unless given; "0.0.0.0" for every one)
   * @param port the TCP port; 0 for one the system chooses (printed at the start)
   * @param lingerSeconds --metrics-linger: how long the endpoint stays after the run
   * @param runLabel --run-label: the {@code run} label of every series; null when not given (the
   *     group's name under --group, else the start time)
   */
  public record Metrics(String host, int port, int lingerSeconds, String runLabel) {
    public Metrics {
      host = host == null ? "127.0.0.1" : host;
      lingerSeconds = Math.max(0, lingerSeconds);
    }
  }

  /** --wait-sampling when not given. */
  public static final int DEFAULT_WAIT_SAMPLING_HZ = 10;

  /** How long a --group member waits for the others when --group-timeout is not given. */
  public static final int DEFAULT_GROUP_TIMEOUT_SECONDS = 120;

  public static OptionsBuilder builder() {
    return new OptionsBuilder();
  }

  /** A builder holding these options, for a variant (e.g. the embedded server's connection). */
  public OptionsBuilder toBuilder() {
    return OptionsBuilder.of(this);
  }
}
