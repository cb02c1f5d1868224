package org.jpgbench.report;

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
    boolean reconnect) {}
