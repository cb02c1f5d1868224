package org.jpgbench.report;

/**
 * What the -l and --aggregate-interval lines hold, decided by the options as pgbench decides them.
 *
 * @param throttled -R: the schedule lag (-l) and the lag sums (aggregate) are filled
 * @param latencyLimit -L: the aggregate's skipped column is filled
 * @param retries --max-tries other than 1: retries are logged
 * @param failuresDetailed --failures-detailed: failures by kind (-l names the kind)
 * @param otherFailures --continue-on-error: the aggregate has a column of other failures
 * @param connectionFailures jpgbench --reconnect: the aggregate has a column of connection
 *     failures, after the other failures' column when there is one
 */
public record LogColumns(
    boolean throttled,
    boolean latencyLimit,
    boolean retries,
    boolean failuresDetailed,
    boolean otherFailures,
    boolean connectionFailures) {}
