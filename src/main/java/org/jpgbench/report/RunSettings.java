package org.jpgbench.report;

import java.util.List;
import org.jpgbench.config.Threshold;

/**
 * What a run was asked to do, as the reports print it (pgbench's header lines and the switches that
 * decide which lines appear). Filled by the run package from the options and the database.
 *
 * @param transactionType the single script's description, or "multiple scripts"
 * @param scale the scaling factor reported
 * @param partitionMethod "range"/"hash" when pgbench_accounts is partitioned, else null
 * @param queryMode "simple", "extended" or "prepared"
 * @param maxTries --max-tries, 0 = unlimited
 * @param durationSeconds -T, 0 when -t was used
 * @param transactionsPerClient -t (pgbench's default 10 when neither -t nor -T)
 * @param latencyLimitMicros -L, 0 = none
 * @param throttled -R given
 * @param progress -P given
 * @param perScriptStats several scripts (pgbench then reports each)
 * @param reconnect jpgbench --reconnect: lost connections are failures of their own, outages
 *     reported
 *     <p>Built by name: {@code RunSettings.builder().clients(8).threads(2)...build()}; unset
 *     figures are 0, false or null, the query mode "simple" and the tries 1, as pgbench's defaults.
 */
public record RunSettings(
    String transactionType,
    int scale,
    String partitionMethod,
    int partitions,
    String queryMode,
    int clients,
    int threads,
    int maxTries,
    long durationSeconds,
    long transactionsPerClient,
    boolean failuresDetailed,
    long latencyLimitMicros,
    boolean throttled,
    boolean progress,
    boolean connectPerTransaction,
    boolean perScriptStats,
    boolean reportPerCommand,
    boolean continueOnError,
    boolean reconnect,
    List<Threshold> thresholds) {
  public RunSettings {
    thresholds = List.copyOf(thresholds);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings, for a variant. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.transactionType = transactionType;
    b.scale = scale;
    b.partitionMethod = partitionMethod;
    b.partitions = partitions;
    b.queryMode = queryMode;
    b.clients = clients;
    b.threads = threads;
    b.maxTries = maxTries;
    b.durationSeconds = durationSeconds;
    b.transactionsPerClient = transactionsPerClient;
    b.failuresDetailed = failuresDetailed;
    b.latencyLimitMicros = latencyLimitMicros;
    b.throttled = throttled;
    b.progress = progress;
    b.connectPerTransaction = connectPerTransaction;
    b.perScriptStats = perScriptStats;
    b.reportPerCommand = reportPerCommand;
    b.continueOnError = continueOnError;
    b.reconnect = reconnect;
    b.thresholds = thresholds;
    return b;
  }

  /** Named construction of {@link RunSettings}. */
  public static final class Builder {
    private String transactionType;
    private int scale;
    private String partitionMethod;
    private int partitions;
    private String queryMode = "simple";
    private int clients;
    private int threads;
    private int maxTries = 1;
    private long durationSeconds;
    private long transactionsPerClient;
    private boolean failuresDetailed;
    private long latencyLimitMicros;
    private boolean throttled;
    private boolean progress;
    private boolean connectPerTransaction;
    private boolean perScriptStats;
    private boolean reportPerCommand;
    private boolean continueOnError;
    private boolean reconnect;
    private List<Threshold> thresholds = List.of();

    private Builder() {}

    public Builder transactionType(String v) {
      transactionType = v;
      return this;
    }

    public Builder scale(int v) {
      scale = v;
      return this;
    }

    public Builder partitionMethod(String v) {
      partitionMethod = v;
      return this;
    }

    public Builder partitions(int v) {
      partitions = v;
      return this;
    }

    public Builder queryMode(String v) {
      queryMode = v;
      return this;
    }

    public Builder clients(int v) {
      clients = v;
      return this;
    }

    public Builder threads(int v) {
      threads = v;
      return this;
    }

    public Builder maxTries(int v) {
      maxTries = v;
      return this;
    }

    public Builder durationSeconds(long v) {
      durationSeconds = v;
      return this;
    }

    public Builder transactionsPerClient(long v) {
      transactionsPerClient = v;
      return this;
    }

    public Builder failuresDetailed(boolean v) {
      failuresDetailed = v;
      return this;
    }

    public Builder latencyLimitMicros(long v) {
      latencyLimitMicros = v;
      return this;
    }

    public Builder throttled(boolean v) {
      throttled = v;
      return this;
    }

    public Builder progress(boolean v) {
      progress = v;
      return this;
    }

    public Builder connectPerTransaction(boolean v) {
      connectPerTransaction = v;
      return this;
    }

    public Builder perScriptStats(boolean v) {
      perScriptStats = v;
      return this;
    }

    public Builder reportPerCommand(boolean v) {
      reportPerCommand = v;
      return this;
    }

    public Builder continueOnError(boolean v) {
      continueOnError = v;
      return this;
    }

    public Builder reconnect(boolean v) {
      reconnect = v;
      return this;
    }

    /** --slo: the thresholds the reports check the run against. */
    public Builder thresholds(List<Threshold> v) {
      thresholds = v;
      return this;
    }

    public RunSettings build() {
      return new RunSettings(
          transactionType,
          scale,
          partitionMethod,
          partitions,
          queryMode,
          clients,
          threads,
          maxTries,
          durationSeconds,
          transactionsPerClient,
          failuresDetailed,
          latencyLimitMicros,
          throttled,
          progress,
          connectPerTransaction,
          perScriptStats,
          reportPerCommand,
          continueOnError,
          reconnect,
          thresholds);
    }
  }
}
