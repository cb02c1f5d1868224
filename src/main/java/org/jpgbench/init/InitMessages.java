package org.jpgbench.init;

import static org.jpgbench.log.PgLog.detail;
import static org.jpgbench.log.PgLog.error;
import static org.jpgbench.log.PgLog.warning;

import org.jpgbench.cnum.CFormat;
import org.jpgbench.log.PgLog;

/** Every text the init mode prints, in one place (pgbench 17/18 wording where pgbench has one). */
final class InitMessages {
  private InitMessages() {}

  static final String DROPPING = "dropping old tables...";
  static final String CREATING_TABLES = "creating tables...";
  static final String GENERATING_CLIENT = "generating data (client-side)...";
  static final String GENERATING_CLIENT_BINARY = "generating data (client-side, binary)...";
  static final String GENERATING_SERVER = "generating data (server-side)...";
  static final String GENERATING_SERVER_UNNEST = "generating data (server-side, unnest)...";
  static final String VACUUMING = "vacuuming...";
  static final String CREATING_PKEYS = "creating primary keys...";
  static final String CREATING_FKEYS = "creating foreign keys...";

  static String creatingPartitions(int n) {
    return "creating " + n + " partitions...";
  }

  /**
   * pgbench: {@code "%lld of %lld tuples (%d%%) of %s done (elapsed %.2f s, remaining %.2f s)"}.
   */
  static String progress(long done, long total, String table, double elapsed, double remaining) {
    return done
        + " of "
        + total
        + " tuples ("
        + (int) (done * 100 / total)
        + "%) of "
        + table
        + " done (elapsed "
        + fixed2(elapsed)
        + " s, remaining "
        + fixed2(remaining)
        + " s)";
  }

  static String doneLine(double total, String steps) {
    return "done in " + fixed2(total) + " s (" + steps + ").";
  }

  static String stepTiming(String label, double seconds) {
    return label + " " + fixed2(seconds) + " s";
  }

  static String fixed2(double v) {
    return CFormat.fixed(v, 2);
  }

  // ---- errors, as pgbench's pg_log_error / pg_log_error_detail ----
  static String note(String msg) {
    return PgLog.line("note: ", msg);
  }

  static String queryFailed(String serverText) {
    return error("query failed: " + serverText);
  }

  static String queryWas(String sql) {
    return detail("Query was: " + sql);
  }

  /** jpgbench's addition to a failure: which step, and which table when one is concerned. */
  static String failedStep(char letter, String label, String table) {
    String where = "Init step \"" + letter + "\" (" + label + ") failed";
    return detail(table == null ? where + "." : where + " on table " + table + ".");
  }

  static String unexpectedCopyResult(String serverText) {
    return error("unexpected copy in result: " + serverText);
  }

  static String unrecognizedStep(char c) {
    return error("unrecognized initialization step \"" + c + "\"");
  }

  static String allowedSteps(String allowed) {
    return detail("Allowed step characters are: \"" + allowed + "\".");
  }

  static final String NO_STEPS = error("no initialization steps specified");
  static final String TPCC_NO_CONSTANTS =
      error("tpcc_constants is empty: run step t (create tables) first");

  static final String TPCC_CHECKING = "checking consistency...";
  static final String TPCC_CONSISTENT = "TPC-C consistency conditions 1-4 (clause 3.3.2) hold.";

  /** A condition of clause 3.3.2 that does not hold, and (some of) where. */
  static String tpccConditionFailed(int n, String says, java.util.List<String> where) {
    return error(
        "TPC-C consistency condition "
            + n
            + " ("
            + says
            + ") does not hold at "
            + String.join(", ", where));
  }

  static final String CHECK_NEEDS_TPCC =
      error("initialization step \"k\" (consistency check) needs --workload=tpcc");

  /** --workload=tpcc: steps that have no TPC-C counterpart yet. */
  static String tpccStepUnavailable(char c) {
    return error(
        "initialization step \""
            + c
            + "\" is not available with --workload=tpcc (its steps: d, t, g, G, v, p, f, k)");
  }

  /** --workload=tpcc's progress: a line as each warehouse is loaded. */
  static String tpccWarehouseDone(
      int warehouse, int done, int total, double elapsed, double remaining) {
    return "warehouse "
        + warehouse
        + " loaded, "
        + done
        + " of "
        + total
        + " (elapsed "
        + fixed2(elapsed)
        + " s, remaining "
        + fixed2(remaining)
        + " s)";
  }

  static final String NO_CONNECTION = error("could not create connection for initialization");

  static String hookFailed(String where, boolean before, char step) {
    return detail(
        "Init hook at "
            + where
            + " ("
            + (before ? "before" : "after")
            + " step \""
            + step
            + "\") failed.");
  }

  static String hookNotRun(String where, String target) {
    return warning(
        "init hook at "
            + where
            + " targets step \""
            + target
            + "\", which is not among the initialization steps; it was not run");
  }

  static String hookSyntax(String where, String problem) {
    return error("invalid init hook at " + where + ": " + problem);
  }

  static String cannotReadScript(String path, String why) {
    return error("could not open file \"" + path + "\": " + why);
  }

  static String freezeLost(String table, String why) {
    return note("COPY FREEZE not used for " + table + " (" + why + ")");
  }

  static String oneConnection(String why) {
    return note("loading data with one connection (" + why + ")");
  }

  static final String CANCELED = error("initialization canceled");

  /** pgbench's line after the server's message when a COPY fails. */
  static final String ENDCOPY_FAILED = error("PQendcopy failed");

  /** What pgbench's Ctrl-C handler (fe_utils' cancel handler) prints once the cancel is sent. */
  static final String CANCEL_SENT = "Cancel request sent";
}
