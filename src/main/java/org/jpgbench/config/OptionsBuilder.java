package org.jpgbench.config;

import java.util.List;
import java.util.Map;

/**
 * The {@link Options} being made: mutable, filled by the option parser in command-line order (and
 * by tests), each field starting at pgbench's default. An option is defined by its component in an
 * {@link Options} section and this field of the same name (after the section's name for --group's
 * and --metrics-listen's); {@link #build} and {@link #of} (a builder from options, for a variant: a
 * sweep's point, the embedded server's connection) are generated from the components by
 * OptionsSourceTest, which fails when they differ, and what was not given is resolved by the
 * sections' constructors. Generated at build time: deriving them by reflection costs ~0.1 s at
 * every start (BENCHMARKS.md, "Choices and why").
 */
public final class OptionsBuilder {
  public String host;
  public String port;
  public String user;
  public String dbName;
  public Options.Mode mode = Options.Mode.RUN;
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
  public Options.PartitionMethod partitionMethod = Options.PartitionMethod.NONE;
  public int partitions;
  public boolean unloggedTables;
  public int initJobs = 1;
  public String workload = "pgbench";
  public List<Options.ScriptSpec> scripts = new java.util.ArrayList<>();
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
  public String reportCsv;
  public String hdrLog;
  public List<Threshold> thresholds = new java.util.ArrayList<>();
  public boolean sloAbort;

  /** --server-stats: seconds; -1 when given without a value (the -P interval, else 1). */
  public int serverStatsSeconds;

  /** --wait-sampling: samples per second; -1 when not given (10 under --server-stats). */
  public int waitSamplingHz = -1;

  public String serverStatsConninfo;

  public String transport = "auto";
  public boolean reconnect;
  public int reconnectSeconds;
  public String groupName;
  public int groupSize;
  public String groupConninfo;

  /** --group-timeout; 0: not given ({@link Options#DEFAULT_GROUP_TIMEOUT_SECONDS}). */
  public int groupTimeoutSeconds;

  public boolean groupKeep;

  /** --metrics-listen: the host (null: 127.0.0.1) and port (-1: off). */
  public String metricsHost;

  public int metricsPort = -1;

  /** --metrics-linger seconds; -1 when not given (0). */
  public int metricsLingerSeconds = -1;

  /** --run-label, or null. */
  public String metricsRunLabel;

  // ---- generated from the records' components by OptionsSourceTest; not edited by hand:
  //      mvn test -Dtest=OptionsSourceTest -Djpgbench.regenerate=true, then spotless:apply
  /** A builder holding {@code o}'s options (its lists and maps copies). */
  static OptionsBuilder of(Options o) {
    OptionsBuilder b = new OptionsBuilder();
    b.mode = o.mode();
    b.debug = o.debug();
    b.embedded = o.embedded();
    b.host = o.connection().host();
    b.port = o.connection().port();
    b.user = o.connection().user();
    b.dbName = o.connection().dbName();
    b.initSteps = o.init().initSteps();
    b.fillfactor = o.init().fillfactor();
    b.quiet = o.init().quiet();
    b.scale = o.init().scale();
    b.scaleGiven = o.init().scaleGiven();
    b.foreignKeys = o.init().foreignKeys();
    b.tablespace = o.init().tablespace();
    b.indexTablespace = o.init().indexTablespace();
    b.partitionMethod = o.init().partitionMethod();
    b.partitions = o.init().partitions();
    b.unloggedTables = o.init().unloggedTables();
    b.initJobs = o.init().initJobs();
    b.workload = o.init().workload();
    b.scripts = new java.util.ArrayList<>(o.run().scripts());
    b.scriptTexts = new java.util.ArrayList<>(o.run().scriptTexts());
    b.clients = o.run().clients();
    b.threads = o.run().threads();
    b.connectPerTransaction = o.run().connectPerTransaction();
    b.defines = new java.util.LinkedHashMap<>(o.run().defines());
    b.transactionsPerClient = o.run().transactionsPerClient();
    b.durationSeconds = o.run().durationSeconds();
    b.queryMode = o.run().queryMode();
    b.noVacuum = o.run().noVacuum();
    b.vacuumAll = o.run().vacuumAll();
    b.rate = o.run().rate();
    b.latencyLimitMicros = o.run().latencyLimitMicros();
    b.maxTries = o.run().maxTries();
    b.failuresDetailed = o.run().failuresDetailed();
    b.verboseErrors = o.run().verboseErrors();
    b.exitOnAbort = o.run().exitOnAbort();
    b.continueOnError = o.run().continueOnError();
    b.randomSeed = o.run().randomSeed();
    b.transport = o.run().transport();
    b.reconnect = o.run().reconnect();
    b.reconnectSeconds = o.run().reconnectSeconds();
    b.progressSeconds = o.outputs().progressSeconds();
    b.progressTimestamp = o.outputs().progressTimestamp();
    b.reportPerCommand = o.outputs().reportPerCommand();
    b.log = o.outputs().log();
    b.logPrefix = o.outputs().logPrefix();
    b.aggregateInterval = o.outputs().aggregateInterval();
    b.samplingRate = o.outputs().samplingRate();
    b.percentiles = new java.util.ArrayList<>(o.outputs().percentiles());
    b.reportJson = o.outputs().reportJson();
    b.reportHtml = o.outputs().reportHtml();
    b.reportCsv = o.outputs().reportCsv();
    b.hdrLog = o.outputs().hdrLog();
    b.thresholds = new java.util.ArrayList<>(o.outputs().thresholds());
    b.sloAbort = o.outputs().sloAbort();
    b.serverStatsSeconds = o.outputs().serverStatsSeconds();
    b.waitSamplingHz = o.outputs().waitSamplingHz();
    b.serverStatsConninfo = o.outputs().serverStatsConninfo();
    if (o.group() != null) {
      b.groupName = o.group().name();
      b.groupSize = o.group().size();
      b.groupConninfo = o.group().conninfo();
      b.groupTimeoutSeconds = o.group().timeoutSeconds();
      b.groupKeep = o.group().keep();
    }
    if (o.metrics() != null) {
      b.metricsHost = o.metrics().host();
      b.metricsPort = o.metrics().port();
      b.metricsLingerSeconds = o.metrics().lingerSeconds();
      b.metricsRunLabel = o.metrics().runLabel();
    }
    return b;
  }

  /** The options: each section made from the fields of its components' names. */
  public Options build() {
    return new Options(
        mode,
        debug,
        embedded,
        new Options.Connection(host, port, user, dbName),
        new Options.Init(
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
            initJobs,
            workload),
        new Options.Run(
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
        new Options.Outputs(
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
            reportCsv,
            hdrLog,
            thresholds,
            sloAbort,
            serverStatsSeconds,
            waitSamplingHz,
            serverStatsConninfo),
        groupName == null
            ? null
            : new Options.Group(
                groupName, groupSize, groupConninfo, groupTimeoutSeconds, groupKeep),
        metricsPort < 0
            ? null
            : new Options.Metrics(metricsHost, metricsPort, metricsLingerSeconds, metricsRunLabel));
  }

  // ---- end of the generated part
}
