package org.jpgbench.config;

import java.util.List;
import java.util.Map;

/**
 * Everything the command line says, parsed and cross-checked once (by the cli package), immutable
 * afterwards. Defaults are pgbench's. Times are in the units named by the field.
 */
public final class Options {
  public enum Mode {
    RUN,
    INIT
  }

  public enum QueryMode {
    SIMPLE,
    EXTENDED,
    PREPARED
  }

  public enum PartitionMethod {
    NONE,
    RANGE,
    HASH
  }

  /** A -b/-f/-N/-S script request; weight 1 unless "@w" was given. */
  public record ScriptSpec(boolean builtin, String nameOrPath, int weight) {}

  // ---- connection (libpq conventions; null = take from PG* environment / defaults) ----
  public final String host;
  public final String port;
  public final String user;
  public final String dbName;

  // ---- mode ----
  public final Mode mode;
  public final boolean debug;

  /** jpgbench: start a throwaway PostgreSQL (and, in run mode, initialize it at -s) */
  public final boolean embedded;

  // ---- init ----
  /** -I steps, default "dtgvp" (after -n / --foreign-keys adjustments). */
  public final String initSteps;

  public final int fillfactor;
  public final boolean quiet;
  public final int scale;

  /** true when -s was given (run mode: pgbench warns that it is ignored with builtin scripts). */
  public final boolean scaleGiven;

  public final boolean foreignKeys;
  public final String tablespace;
  public final String indexTablespace;
  public final PartitionMethod partitionMethod;
  public final int partitions;
  public final boolean unloggedTables;

  /** jpgbench: connections used to load data and build indexes. */
  public final int initJobs;

  // ---- run ----
  public final List<ScriptSpec> scripts;

  /**
   * The text of each entry of {@link #scripts}, read while the options were parsed (files as UTF-8,
   * or ISO-8859-1 when not valid UTF-8; "-" is standard input, which cannot be read twice).
   */
  public final List<String> scriptTexts;

  public final int clients;
  public final int threads;
  public final boolean connectPerTransaction;

  /** -D name=value, in order given. */
  public final Map<String, String> defines;

  /** -t, 0 when not given. */
  public final long transactionsPerClient;

  /** -T seconds, 0 when not given. */
  public final long durationSeconds;

  public final QueryMode queryMode;

  /** -n: no vacuum before the run. */
  public final boolean noVacuum;

  /** -v: vacuum all four tables before the run. */
  public final boolean vacuumAll;

  /** -P seconds, 0 = off. */
  public final int progressSeconds;

  public final boolean progressTimestamp;
  public final boolean reportPerCommand;

  /** -R transactions per second (total), 0 = unthrottled. */
  public final double rate;

  /** -L in microseconds, 0 = none. */
  public final long latencyLimitMicros;

  public final boolean log;
  public final String logPrefix;

  /** --aggregate-interval seconds, 0 = per-transaction log. */
  public final int aggregateInterval;

  /** --sampling-rate, 0 = log all. */
  public final double samplingRate;

  /** --max-tries, 0 = unlimited (only with -T or -L). */
  public final int maxTries;

  public final boolean failuresDetailed;
  public final boolean verboseErrors;
  public final boolean exitOnAbort;
  public final boolean continueOnError;

  /**
   * The seed's 64 bits, resolved once by the cli from --random-seed or else PGBENCH_RANDOM_SEED
   * ("time" and "rand" turned into numbers, pgbench's "setting random seed to" line printed); null
   * when neither was given: the run seeds from the clock.
   */
  public final Long randomSeed;

  // ---- jpgbench's reports ----
  /** --percentile list, empty when off. */
  public final List<Double> percentiles;

  public final String reportJson;
  public final String reportHtml;
  public final String hdrLog;

  /** jpgbench: --transport (or $JPGBENCH_TRANSPORT), one of io.Transports.KINDS. */
  public final String transport;

  /** jpgbench: --reconnect, clients reconnect after a lost connection instead of aborting. */
  public final boolean reconnect;

  /**
   * jpgbench: --reconnect=SECONDS, how long one client keeps trying (and the first connection may
   * wait), in seconds; 0 without a value: until the run's end, the first connection not waited for.
   */
  public final int reconnectSeconds;

  public Options(Builder b) {
    host = b.host;
    port = b.port;
    user = b.user;
    dbName = b.dbName;
    mode = b.mode;
    debug = b.debug;
    embedded = b.embedded;
    initSteps = b.initSteps;
    fillfactor = b.fillfactor;
    quiet = b.quiet;
    scale = b.scale;
    scaleGiven = b.scaleGiven;
    foreignKeys = b.foreignKeys;
    tablespace = b.tablespace;
    indexTablespace = b.indexTablespace;
    partitionMethod = b.partitionMethod;
    partitions = b.partitions;
    unloggedTables = b.unloggedTables;
    initJobs = b.initJobs;
    scripts = List.copyOf(b.scripts);
    scriptTexts = List.copyOf(b.scriptTexts);
    clients = b.clients;
    threads = b.threads;
    connectPerTransaction = b.connectPerTransaction;
    defines = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(b.defines));
    transactionsPerClient = b.transactionsPerClient;
    durationSeconds = b.durationSeconds;
    queryMode = b.queryMode;
    noVacuum = b.noVacuum;
    vacuumAll = b.vacuumAll;
    progressSeconds = b.progressSeconds;
    progressTimestamp = b.progressTimestamp;
    reportPerCommand = b.reportPerCommand;
    rate = b.rate;
    latencyLimitMicros = b.latencyLimitMicros;
    log = b.log;
    logPrefix = b.logPrefix;
    aggregateInterval = b.aggregateInterval;
    samplingRate = b.samplingRate;
    maxTries = b.maxTries;
    failuresDetailed = b.failuresDetailed;
    verboseErrors = b.verboseErrors;
    exitOnAbort = b.exitOnAbort;
    continueOnError = b.continueOnError;
    randomSeed = b.randomSeed;
    percentiles = List.copyOf(b.percentiles);
    reportJson = b.reportJson;
    reportHtml = b.reportHtml;
    hdrLog = b.hdrLog;
    transport = b.transport;
    reconnect = b.reconnect;
    reconnectSeconds = b.reconnectSeconds;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options, for a variant (e.g. the embedded server's connection). */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.host = host;
    b.port = port;
    b.user = user;
    b.dbName = dbName;
    b.mode = mode;
    b.debug = debug;
    b.embedded = embedded;
    b.initSteps = initSteps;
    b.fillfactor = fillfactor;
    b.quiet = quiet;
    b.scale = scale;
    b.scaleGiven = scaleGiven;
    b.foreignKeys = foreignKeys;
    b.tablespace = tablespace;
    b.indexTablespace = indexTablespace;
    b.partitionMethod = partitionMethod;
    b.partitions = partitions;
    b.unloggedTables = unloggedTables;
    b.initJobs = initJobs;
    b.scripts = new java.util.ArrayList<>(scripts);
    b.scriptTexts = new java.util.ArrayList<>(scriptTexts);
    b.clients = clients;
    b.threads = threads;
    b.connectPerTransaction = connectPerTransaction;
    b.defines = new java.util.LinkedHashMap<>(defines);
    b.transactionsPerClient = transactionsPerClient;
    b.durationSeconds = durationSeconds;
    b.queryMode = queryMode;
    b.noVacuum = noVacuum;
    b.vacuumAll = vacuumAll;
    b.progressSeconds = progressSeconds;
    b.progressTimestamp = progressTimestamp;
    b.reportPerCommand = reportPerCommand;
    b.rate = rate;
    b.latencyLimitMicros = latencyLimitMicros;
    b.log = log;
    b.logPrefix = logPrefix;
    b.aggregateInterval = aggregateInterval;
    b.samplingRate = samplingRate;
    b.maxTries = maxTries;
    b.failuresDetailed = failuresDetailed;
    b.verboseErrors = verboseErrors;
    b.exitOnAbort = exitOnAbort;
    b.continueOnError = continueOnError;
    b.randomSeed = randomSeed;
    b.percentiles = new java.util.ArrayList<>(percentiles);
    b.reportJson = reportJson;
    b.reportHtml = reportHtml;
    b.hdrLog = hdrLog;
    b.transport = transport;
    b.reconnect = reconnect;
    b.reconnectSeconds = reconnectSeconds;
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
    public String transport = "auto";
    public boolean reconnect;
    public int reconnectSeconds;

    public Options build() {
      return new Options(this);
    }
  }
}
