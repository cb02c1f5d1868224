package org.jpgbench.config;

import java.util.List;
import java.util.Map;

/**
 * Everything the command line says, parsed and cross-checked once (by the cli package), immutable
 * afterwards, grouped by concern. Defaults are pgbench's. Times are in the units named by the
 * component. Built through {@link Builder}, which the option parser fills in command-line order.
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

  /**
   * -M, and what each mode means for the protocol, decided here once: the driver's settings, the
   * messages the run sends, the checks before it and the reports' word all follow from {@link
   * #simpleProtocol} and {@link #namedStatements}.
   */
  public enum QueryMode {
    /** The simple protocol: each command one Query, the variables' values inlined in its text. */
    SIMPLE(true, false),
    /** The extended protocol: each command parsed unnamed, its values bound apart, every time. */
    EXTENDED(false, false),
    /** The extended protocol with named statements, each parsed once per connection. */
    PREPARED(false, true);

    private final boolean simpleProtocol;
    private final boolean namedStatements;

    QueryMode(boolean simpleProtocol, boolean namedStatements) {
      this.simpleProtocol = simpleProtocol;
      this.namedStatements = namedStatements;
    }

    /** Whether commands go as Query messages with their values in the text. */
    public boolean simpleProtocol() {
      return simpleProtocol;
    }

    /**
     * Whether each command is prepared once per connection as a named statement (a pipeline's
     * before it starts, as pgbench does) and then only bound and executed.
     */
    public boolean namedStatements() {
      return namedStatements;
    }

    /** -M's word for the mode, as pgbench's report prints it. */
    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The mode -M names by {@code word}; null when it names none. */
    public static QueryMode ofWord(String word) {
      for (QueryMode m : values()) {
        if (m.word().equals(word)) {
          return m;
        }
      }
      return null;
    }
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
      int initJobs) {}

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
   * @param hdrLog --hdr-log file, null when off
   * @param thresholds --slo, the thresholds the run must meet; empty when off
   * @param sloAbort --slo-abort: the run stops at the first -P interval after which a threshold
   *     fails on everything measured so far
   * @param serverStatsSeconds --server-stats: the server's statistics sampled every so many seconds
   *     by a monitoring session (the -P interval, else 1, when no value was given); 0 = off
   * @param waitSamplingHz --wait-sampling: how often the benchmark's backends' wait events are
   *     sampled under --server-stats (default 10; 0 = not)
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
      String hdrLog,
      List<Threshold> thresholds,
      boolean sloAbort,
      int serverStatsSeconds,
      int waitSamplingHz) {
    public Outputs {
      percentiles = List.copyOf(percentiles);
      thresholds = List.copyOf(thresholds);
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
   *     for their reports)
   * @param keep --group-keep: the group's rows stay, for a later {@code merge --group=NAME}
   */
  public record Group(String name, int size, String conninfo, int timeoutSeconds, boolean keep) {}

  /**
   * jpgbench: --metrics-listen, the run's figures served to Prometheus while it lasts.
   *
   * @param host the address to listen on (127.0.0.1 unless given; "0.0.0.0" for every one)
   * @param port the TCP port; 0 for one the system chooses (printed at the start)
   * @param lingerSeconds --metrics-linger: how long the endpoint stays after the run
   * @param runLabel --run-label: the {@code run} label of every series; null when not given (the
   *     group's name under --group, else the start time)
   */
  public record Metrics(String host, int port, int lingerSeconds, String runLabel) {}

  /** --wait-sampling when not given. */
  public static final int DEFAULT_WAIT_SAMPLING_HZ = 10;

  /** How long a --group member waits for the others when --group-timeout is not given. */
  public static final int DEFAULT_GROUP_TIMEOUT_SECONDS = 120;

  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options, for a variant (e.g. the embedded server's connection). */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.mode = mode;
    b.debug = debug;
    b.embedded = embedded;
    b.host = connection.host();
    b.port = connection.port();
    b.user = connection.user();
    b.dbName = connection.dbName();
    b.initSteps = init.initSteps();
    b.fillfactor = init.fillfactor();
    b.quiet = init.quiet();
    b.scale = init.scale();
    b.scaleGiven = init.scaleGiven();
    b.foreignKeys = init.foreignKeys();
    b.tablespace = init.tablespace();
    b.indexTablespace = init.indexTablespace();
    b.partitionMethod = init.partitionMethod();
    b.partitions = init.partitions();
    b.unloggedTables = init.unloggedTables();
    b.initJobs = init.initJobs();
    b.scripts = new java.util.ArrayList<>(run.scripts());
    b.scriptTexts = new java.util.ArrayList<>(run.scriptTexts());
    b.clients = run.clients();
    b.threads = run.threads();
    b.connectPerTransaction = run.connectPerTransaction();
    b.defines = new java.util.LinkedHashMap<>(run.defines());
    b.transactionsPerClient = run.transactionsPerClient();
    b.durationSeconds = run.durationSeconds();
    b.queryMode = run.queryMode();
    b.noVacuum = run.noVacuum();
    b.vacuumAll = run.vacuumAll();
    b.rate = run.rate();
    b.latencyLimitMicros = run.latencyLimitMicros();
    b.maxTries = run.maxTries();
    b.failuresDetailed = run.failuresDetailed();
    b.verboseErrors = run.verboseErrors();
    b.exitOnAbort = run.exitOnAbort();
    b.continueOnError = run.continueOnError();
    b.randomSeed = run.randomSeed();
    b.transport = run.transport();
    b.reconnect = run.reconnect();
    b.reconnectSeconds = run.reconnectSeconds();
    b.progressSeconds = outputs.progressSeconds();
    b.progressTimestamp = outputs.progressTimestamp();
    b.reportPerCommand = outputs.reportPerCommand();
    b.log = outputs.log();
    b.logPrefix = outputs.logPrefix();
    b.aggregateInterval = outputs.aggregateInterval();
    b.samplingRate = outputs.samplingRate();
    b.percentiles = new java.util.ArrayList<>(outputs.percentiles());
    b.reportJson = outputs.reportJson();
    b.thresholds = new java.util.ArrayList<>(outputs.thresholds());
    b.sloAbort = outputs.sloAbort();
    b.serverStatsSeconds = outputs.serverStatsSeconds();
    b.waitSamplingHz = outputs.waitSamplingHz();
    b.reportHtml = outputs.reportHtml();
    b.hdrLog = outputs.hdrLog();
    if (group != null) {
      b.groupName = group.name();
      b.groupSize = group.size();
      b.groupConninfo = group.conninfo();
      b.groupTimeoutSeconds = group.timeoutSeconds();
      b.groupKeep = group.keep();
    }
    if (metrics != null) {
      b.metricsHost = metrics.host();
      b.metricsPort = metrics.port();
      b.metricsLingerSeconds = metrics.lingerSeconds();
      b.runLabel = metrics.runLabel();
    }
    return b;
  }

  /** Mutable, filled by the option parser (and by tests); pgbench's defaults. */
  public static final class Builder {
    public String host;
    public String port;
    public String user;
    public String dbName;
    public Mode mode = Mode.RUN;
    public boolean debug;
    public boolean embedded;
    public String initSteps = "dtgvp";
    public int fillfactor = 100;
    public boolean quiet;
    public int scale = 1;
    public boolean scaleGiven;
    public boolean foreignKeys;
    public String tablespace;
    public String indexTablespace;
    public PartitionMethod partitionMethod = PartitionMethod.NONE;
    public int partitions;
    public boolean unloggedTables;
    public int initJobs = 1;
    public List<ScriptSpec> scripts = new java.util.ArrayList<>();
    public List<String> scriptTexts = new java.util.ArrayList<>();
    public int clients = 1;
    public int threads = 1;
    public boolean connectPerTransaction;
    public Map<String, String> defines = new java.util.LinkedHashMap<>();
    public long transactionsPerClient;
    public long durationSeconds;
    public QueryMode queryMode = QueryMode.SIMPLE;
    public boolean noVacuum;
    public boolean vacuumAll;
    public int progressSeconds;
    public boolean progressTimestamp;
    public boolean reportPerCommand;
    public double rate;
    public long latencyLimitMicros;
    public boolean log;
    public String logPrefix;
    public int aggregateInterval;
    public double samplingRate;
    public int maxTries = 1;
    public boolean failuresDetailed;
    public boolean verboseErrors;
    public boolean exitOnAbort;
    public boolean continueOnError;
    public Long randomSeed;
    public List<Double> percentiles = new java.util.ArrayList<>();
    public String reportJson;
    public String reportHtml;
    public String hdrLog;
    public List<Threshold> thresholds = new java.util.ArrayList<>();
    public boolean sloAbort;

    /** --server-stats: seconds; -1 when given without a value (the -P interval, else 1). */
    public int serverStatsSeconds;

    /** --wait-sampling: samples per second; -1 when not given (10 under --server-stats). */
    public int waitSamplingHz = -1;

    public String transport = "auto";
    public boolean reconnect;
    public int reconnectSeconds;
    public String groupName;
    public int groupSize;
    public String groupConninfo;

    /** --group-timeout; 0: not given ({@link #DEFAULT_GROUP_TIMEOUT_SECONDS}). */
    public int groupTimeoutSeconds;

    public boolean groupKeep;

    /** --metrics-listen: the host (null: 127.0.0.1) and port (-1: off). */
    public String metricsHost;

    public int metricsPort = -1;

    /** --metrics-linger seconds; -1 when not given (0). */
    public int metricsLingerSeconds = -1;

    /** --run-label, or null. */
    public String runLabel;

    public Options build() {
      return new Options(
          mode,
          debug,
          embedded,
          new Connection(host, port, user, dbName),
          new Init(
              initSteps,
              fillfactor,
              quiet,
              scale,
              scaleGiven,
              foreignKeys,
              tablespace,
              indexTablespace,
              partitionMethod,
              partitions,
              unloggedTables,
              initJobs),
          new Run(
              scripts,
              scriptTexts,
              clients,
              threads,
              connectPerTransaction,
              defines,
              transactionsPerClient,
              durationSeconds,
              queryMode,
              noVacuum,
              vacuumAll,
              rate,
              latencyLimitMicros,
              maxTries,
              failuresDetailed,
              verboseErrors,
              exitOnAbort,
              continueOnError,
              randomSeed,
              transport,
              reconnect,
              reconnectSeconds),
          new Outputs(
              progressSeconds,
              progressTimestamp,
              reportPerCommand,
              log,
              logPrefix,
              aggregateInterval,
              samplingRate,
              percentiles,
              reportJson,
              reportHtml,
              hdrLog,
              thresholds,
              sloAbort,
              serverStatsSeconds,
              waitSamplingHz < 0 ? DEFAULT_WAIT_SAMPLING_HZ : waitSamplingHz),
          groupName == null
              ? null
              : new Group(
                  groupName,
                  groupSize,
                  groupConninfo,
                  groupTimeoutSeconds > 0 ? groupTimeoutSeconds : DEFAULT_GROUP_TIMEOUT_SECONDS,
                  groupKeep),
          metricsPort < 0
              ? null
              : new Metrics(
                  metricsHost == null ? "127.0.0.1" : metricsHost,
                  metricsPort,
                  Math.max(0, metricsLingerSeconds),
                  runLabel));
    }
  }
}
