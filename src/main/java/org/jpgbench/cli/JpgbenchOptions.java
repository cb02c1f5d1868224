package org.jpgbench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.jpgbench.cli.OptionTable.Opt;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.io.Transports;
import org.jpgbench.report.PercentileLines;

/**
 * The options jpgbench adds to pgbench's, applied as {@link OptionsReader} applies pgbench's (each
 * checked when it is met): --embedded and --init-jobs, the reports (--percentile, --report-json,
 * --report-html, --hdr-log), --slo, --server-stats, --metrics-listen, --transport, --reconnect and
 * --group with their companions.
 */
final class JpgbenchOptions {
  /** The most members a --group may have (each holds one coordination connection). */
  static final int MAX_GROUP_SIZE = 10_000;

  /** --server-stats' longest interval (a day). */
  static final int MAX_SERVER_STATS_SECONDS = 86_400;

  /** --metrics-linger's longest wait (an hour). */
  static final int MAX_METRICS_LINGER = 3_600;

  /** --wait-sampling's highest rate: a query per millisecond is as far as a sampler should go. */
  static final int MAX_WAIT_SAMPLING_HZ = 1000;

  private JpgbenchOptions() {}

  /** Applies {@code opt} with value {@code v} when it is one of jpgbench's; false when not. */
  static boolean apply(ParseState st, Opt opt, String v) throws CliExit {
    OptionsBuilder b = st.builder;
    switch (opt) {
      case EMBEDDED -> b.embedded = true;
      case INIT_JOBS -> {
        st.initializationOptionSet = true;
        b.initJobs = OptionInt.parse(v, "--init-jobs", 1, Integer.MAX_VALUE);
      }
      case WORKLOAD -> {
        st.initializationOptionSet = true;
        if (!v.equals("pgbench") && !v.equals(Options.TPCC)) {
          throw CliExit.error(CliMessages.INVALID_VALUE, v, "--workload");
        }
        b.workload = v;
      }
      case PERCENTILE -> {
        st.benchmarkingOptionSet = true;
        b.percentiles = v == null ? new ArrayList<>(PercentileLines.DEFAULT) : percentiles(v);
      }
      case REPORT_JSON -> b.reportJson = v; // -i writes its own report (InitReport)
      case REPORT_HTML -> st.benchmarking(() -> b.reportHtml = v);
      case REPORT_CSV -> b.reportCsv = v; // an experiment's, ab -i's too (refused in a run)
      case HDR_LOG -> st.benchmarking(() -> b.hdrLog = v);
      case SLO -> {
        st.benchmarkingOptionSet = true;
        b.thresholds = new ArrayList<>(ThresholdParser.parse(v));
      }
      case SLO_ABORT -> st.benchmarking(() -> b.sloAbort = true);
      case SERVER_STATS -> {
        st.benchmarkingOptionSet = true;
        b.serverStatsSeconds =
            v == null ? -1 : OptionInt.parse(v, "--server-stats", 1, MAX_SERVER_STATS_SECONDS);
      }
      case SERVER_STATS_CONNINFO -> b.serverStatsConninfo = v;
      case WAIT_SAMPLING -> {
        st.benchmarkingOptionSet = true;
        b.waitSamplingHz = OptionInt.parse(v, "--wait-sampling", 0, MAX_WAIT_SAMPLING_HZ);
      }
      case METRICS_LISTEN -> {
        st.benchmarkingOptionSet = true;
        MetricsAddress.apply(v, b);
      }
      case METRICS_LINGER -> {
        st.benchmarkingOptionSet = true;
        b.metricsLingerSeconds = OptionInt.parse(v, "--metrics-linger", 0, MAX_METRICS_LINGER);
      }
      case RUN_LABEL -> {
        st.benchmarkingOptionSet = true;
        if (v.isEmpty()) {
          throw CliExit.error(CliMessages.INVALID_VALUE, v, "--run-label");
        }
        b.metricsRunLabel = v;
      }
      case TRANSPORT -> {
        st.benchmarkingOptionSet = true;
        b.transport = transport(v);
      }
      case RECONNECT -> {
        st.benchmarkingOptionSet = true;
        b.reconnect = true;
        b.reconnectSeconds =
            v == null ? 0 : OptionInt.parse(v, "--reconnect", 1, Integer.MAX_VALUE);
      }
      case GROUP -> {
        if (v.isEmpty()) {
          throw CliExit.error(CliMessages.INVALID_VALUE, v, "--group");
        }
        b.groupName = v;
      }
      case GROUP_SIZE -> b.groupSize = OptionInt.parse(v, "--group-size", 1, MAX_GROUP_SIZE);
      case GROUP_CONNINFO -> b.groupConninfo = v;
      case GROUP_TIMEOUT ->
          b.groupTimeoutSeconds = OptionInt.parse(v, "--group-timeout", 1, Integer.MAX_VALUE);
      case GROUP_KEEP -> b.groupKeep = true;
      default -> {
        return false;
      }
    }
    return true;
  }

  /** --transport's value, checked against the kinds there are. */
  static String transport(String v) throws CliExit {
    if (!Transports.KINDS.contains(v)) {
      throw CliExit.error(CliMessages.INVALID_TRANSPORT, v);
    }
    return v;
  }

  private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]*)?|\\.[0-9]+");

  /** --percentile=LIST: comma-separated numbers in (0, 100], sorted, duplicates dropped. */
  static List<Double> percentiles(String list) throws CliExit {
    TreeSet<Double> values = new TreeSet<>();
    for (String part : list.split(",", -1)) {
      String t = part.trim();
      double p = DECIMAL.matcher(t).matches() ? Double.parseDouble(t) : Double.NaN;
      if (!(p > 0.0 && p <= 100.0)) {
        throw new CliExit(
            Diag.error(CliMessages.INVALID_PERCENTILES, list)
                + Diag.detail(CliMessages.INVALID_PERCENTILES_DETAIL),
            1);
      }
      values.add(p);
    }
    return new ArrayList<>(values);
  }
}
