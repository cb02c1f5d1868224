package org.jpgbench.cli;

import java.util.List;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.config.Threshold;
import org.jpgbench.script.TpccScripts;

/**
 * What pgbench's main() does after its option loop, in the same order: the default script, the
 * total weight, threads capped at clients, the database name operand and "too many command-line
 * arguments", the init/benchmark option conflicts, the init step adjustments and the benchmark
 * option checks. jpgbench adds: --embedded allows initialization options in benchmarking mode (they
 * shape the throwaway database) and refuses connection options.
 */
final class CrossChecks {
  private CrossChecks() {}

  /**
   * @param defaultScript loads the default tpcb-like script into the state (run mode, no script
   *     given)
   */
  static Options apply(ParseState st, List<String> operands, DefaultScript defaultScript)
      throws CliExit {
    OptionsBuilder b = st.builder;
    if (b.scripts.isEmpty() && !st.initMode) {
      defaultScript.add(st);
      st.benchmarkingOptionSet = true;
    }
    long totalWeight = 0;
    for (Options.ScriptSpec s : b.scripts) {
      totalWeight += s.weight();
    }
    if (totalWeight == 0 && !st.initMode) {
      throw CliExit.error(CliMessages.TOTAL_WEIGHT_ZERO);
    }
    if (b.threads > b.clients) {
      b.threads = b.clients;
    }
    int next = 0;
    if (b.dbName == null && next < operands.size()) {
      b.dbName = operands.get(next++);
      st.connectionOptionSet = true;
    }
    if (next < operands.size()) {
      throw CliExit.usage(Diag.error(CliMessages.TOO_MANY_ARGS, operands.get(next)));
    }
    if (st.initMode) {
      initChecks(st);
    } else {
      if (st.initializationOptionSet && !b.embedded) {
        throw CliExit.error(CliMessages.INIT_OPTION_IN_BENCH);
      }
      benchmarkChecks(b);
      boolean tpcc = tpccScripts(b);
      if (tpcc) {
        // an init before the run (--embedded's, sweep --init's) loads the tables the scripts use
        b.workload = Options.TPCC;
      }
      if (!tpcc && b.thresholds.stream().anyMatch(t -> t.metric() == Threshold.Metric.NOPM)) {
        throw CliExit.error(CliMessages.SLO_NOPM_NEEDS_TPCC);
      }
      if (b.embedded) {
        b.initSteps = InitSteps.effective(st.initSteps, b.noVacuum, b.foreignKeys);
        defaultPartitionMethod(b);
      }
    }
    if (b.embedded && st.connectionOptionSet) {
      throw CliExit.error(CliMessages.EMBEDDED_WITH_CONNECTION);
    }
    groupChecks(b);
    return b.build();
  }

  /**
   * Whether the TPC-C-like scripts run; they cannot run beside pgbench's builtins, whose tables are
   * others (custom scripts may join either).
   */
  private static boolean tpccScripts(OptionsBuilder b) throws CliExit {
    boolean tpcc = false;
    boolean pgbench = false;
    for (Options.ScriptSpec s : b.scripts) {
      if (s.builtin()) {
        if (TpccScripts.isTpcc(s.nameOrPath())) {
          tpcc = true;
        } else {
          pgbench = true;
        }
      }
    }
    if (tpcc && pgbench) {
      throw CliExit.error(CliMessages.TPCC_WITH_PGBENCH_BUILTIN);
    }
    return tpcc;
  }

  /** jpgbench: --group needs its size; the other --group-* options need --group. */
  private static void groupChecks(OptionsBuilder b) throws CliExit {
    if (b.groupName != null && b.sloAbort) {
      throw CliExit.error(CliMessages.SLO_ABORT_IN_GROUP);
    }
    if (b.groupName == null) {
      if (b.groupSize > 0) {
        throw CliExit.error(CliMessages.GROUP_OPTION_NEEDS_GROUP, "--group-size");
      }
      if (b.groupConninfo != null) {
        throw CliExit.error(CliMessages.GROUP_OPTION_NEEDS_GROUP, "--group-conninfo");
      }
      if (b.groupTimeoutSeconds > 0) {
        throw CliExit.error(CliMessages.GROUP_OPTION_NEEDS_GROUP, "--group-timeout");
      }
      if (b.groupKeep) {
        throw CliExit.error(CliMessages.GROUP_OPTION_NEEDS_GROUP, "--group-keep");
      }
      return;
    }
    if (b.groupSize == 0) {
      throw CliExit.error(CliMessages.GROUP_NEEDS_SIZE);
    }
    if (b.embedded) {
      throw CliExit.error(CliMessages.GROUP_WITH_EMBEDDED);
    }
  }

  /** Supplies pgbench's default script (tpcb-like, weight 1). */
  interface DefaultScript {
    void add(ParseState st) throws CliExit;
  }

  private static void initChecks(ParseState st) throws CliExit {
    OptionsBuilder b = st.builder;
    if (st.benchmarkingOptionSet) {
      throw CliExit.error(CliMessages.BENCH_OPTION_IN_INIT);
    }
    if (b.partitions == 0 && b.partitionMethod != Options.PartitionMethod.NONE) {
      throw CliExit.error(CliMessages.PARTITION_METHOD_NEEDS_PARTITIONS);
    }
    defaultPartitionMethod(b);
    b.initSteps = InitSteps.effective(st.initSteps, b.noVacuum, b.foreignKeys);
  }

  private static void defaultPartitionMethod(OptionsBuilder b) {
    if (b.partitions > 0 && b.partitionMethod == Options.PartitionMethod.NONE) {
      b.partitionMethod = Options.PartitionMethod.RANGE;
    }
  }

  private static void benchmarkChecks(OptionsBuilder b) throws CliExit {
    long duration = b.durationSeconds;
    int agg = b.aggregateInterval;
    if (b.transactionsPerClient > 0 && duration > 0) {
      throw CliExit.error(CliMessages.T_AND_TT);
    }
    if (b.samplingRate > 0.0 && !b.log) {
      throw CliExit.error(CliMessages.SAMPLING_NEEDS_LOG);
    }
    if (b.samplingRate > 0.0 && agg > 0) {
      throw CliExit.error(CliMessages.SAMPLING_AND_AGGREGATE);
    }
    if (agg > 0 && !b.log) {
      throw CliExit.error(CliMessages.AGGREGATE_NEEDS_LOG);
    }
    if (!b.log && b.logPrefix != null) {
      throw CliExit.error(CliMessages.PREFIX_NEEDS_LOG);
    }
    if (duration > 0 && agg > duration) {
      throw CliExit.error(CliMessages.AGGREGATE_GT_DURATION, agg, duration);
    }
    if (duration > 0 && agg > 0 && duration % agg != 0) {
      throw CliExit.error(CliMessages.DURATION_NOT_MULTIPLE, duration, agg);
    }
    if (b.progressTimestamp && b.progressSeconds == 0) {
      throw CliExit.error(CliMessages.TIMESTAMP_NEEDS_PROGRESS);
    }
    if (b.sloAbort && b.thresholds.isEmpty()) {
      throw CliExit.error(CliMessages.SLO_ABORT_NEEDS_SLO);
    }
    if (b.sloAbort && b.progressSeconds == 0) {
      throw CliExit.error(CliMessages.SLO_ABORT_NEEDS_PROGRESS);
    }
    if (b.waitSamplingHz >= 0 && b.serverStatsSeconds == 0) {
      throw CliExit.error(CliMessages.SERVER_STATS_OPTION_NEEDS_SERVER_STATS, "--wait-sampling");
    }
    if (b.serverStatsConninfo != null && b.serverStatsSeconds == 0) {
      throw CliExit.error(
          CliMessages.SERVER_STATS_OPTION_NEEDS_SERVER_STATS, "--server-stats-conninfo");
    }
    if (b.metricsPort < 0 && b.metricsLingerSeconds >= 0) {
      throw CliExit.error(CliMessages.METRICS_OPTION_NEEDS_LISTEN, "--metrics-linger");
    }
    if (b.metricsPort < 0 && b.metricsRunLabel != null) {
      throw CliExit.error(CliMessages.METRICS_OPTION_NEEDS_LISTEN, "--run-label");
    }
    if (b.serverStatsSeconds < 0) {
      b.serverStatsSeconds = b.progressSeconds > 0 ? b.progressSeconds : 1;
    }
    if (b.maxTries == 0 && b.latencyLimitMicros == 0 && duration <= 0) {
      throw CliExit.error(CliMessages.UNLIMITED_TRIES);
    }
  }
}
