package org.jpgbench.run;

/** The run's messages in pgbench's wording (format strings take %d and %s only), kept together. */
final class Messages {
  private Messages() {}

  // ---- setup ----
  static final String SETUP_CONNECTION = "could not create connection for setup";
  static final String CLIENT_CONNECTION = "could not create connection for client %d";
  static final String COUNT_BRANCHES = "could not count number of branches: %s";
  static final String NEED_INIT =
      "Perhaps you need to do initialization (\"%s -i\") in database \"%s\".";
  static final String BAD_BRANCH_COUNT = "invalid count(*) from pgbench_branches: \"%s\"";
  static final String NO_ACCOUNTS = "no pgbench_accounts table found in \"search_path\"";
  static final String PARTITION_METHOD = "unexpected partition method: \"%s\"";
  static final String SCALE_IGNORED =
      "scale option ignored, using count from pgbench_branches table (%d)";
  static final String TPCC_SCALE_IGNORED =
      "scale option ignored, using count from the warehouse table (%d)";
  static final String TPCC_NO_WAREHOUSE = "could not count the warehouses: %s";
  static final String TPCC_NEED_INIT =
      "Perhaps you need to do initialization (\"%s -i --workload=tpcc -s W\") in database \"%s\".";
  static final String VACUUM_START = "starting vacuum...";
  static final String VACUUM_ACCOUNTS_START = "starting vacuum pgbench_accounts...";
  static final String VACUUM_END = "end.\n";
  static final String IGNORING = "(ignoring this error and continuing anyway)";
  static final String OPEN_LOG = "could not open logfile \"%s\": %s";
  static final String DEBUG_SETUP = "pghost: %s pgport: %s nclients: %d %s: %d dbName: %s";

  // ---- clients ----
  static final String COMMAND_FAILED = "client %d aborted in command %d (%s) of script %d; %s";
  static final String COMMAND_ERROR = "client %d got an error in command %d (SQL) of script %d; %s";
  static final String QUERY_ABORTED = "client %d script %d aborted in command %d query %d: %s";
  static final String EXPECTED_ONE_ROW =
      "client %d script %d command %d query %d: expected one row, got %d";
  static final String STORE_FAILED =
      "client %d script %d command %d query %d: error storing into variable %s";
  static final String NO_RESULTS = "client %d command %d: no results";
  static final String CONNECT_ABORTED = "client %d aborted while establishing connection";
  static final String PIPELINE_OPEN_AT_END =
      "client %d aborted: end of script reached with pipeline open";
  static final String TX_OPEN_AT_END =
      "client %d aborted: end of script reached without completing the last transaction";
  static final String BACKEND_DIED = "perhaps the backend died while processing";

  /** --reconnect, --verbose-errors: a lost connection and the way back. */
  static final String CONNECTION_LOST =
      "client %d lost its connection in script %d command %d: %s; reconnecting";

  static final String RECONNECTED = "client %d reconnected after %.3f ms";
  static final String RECONNECT_GAVE_UP =
      "client %d aborted: could not reconnect within %d s (--reconnect)";
  static final String COPY_NOT_SUPPORTED = "COPY is not supported in %s, aborting";
  static final String TX_STATUS_ABORTED =
      "client %d aborted while receiving the transaction status";
  static final String ROLLBACK_SEND =
      "client %d aborted: failed to send sql command for rolling back the failed transaction";
  static final String ROLLBACK_FAILED =
      "client %d aborted while rolling back the transaction after an error; %s";
  static final String RETRY = "client %d repeats the transaction after the error";
  static final String FAILURE = "client %d ends the failed transaction";
  static final String TRIES_USED = ", %s%% of the maximum time of tries was used";

  // ---- reasons after COMMAND_FAILED ----
  static final String EVALUATION_FAILED = "evaluation of meta-command failed";
  static final String EXECUTION_FAILED = "execution of meta-command failed";
  static final String ASSIGNMENT_FAILED = "assignment of meta-command failed";
  static final String SEND_FAILED = "SQL command send failed";
  static final String SIMPLE_PIPELINE = "cannot use pipeline mode with the simple query protocol";
  static final String ALREADY_PIPELINE = "already in pipeline mode";
  static final String NOT_PIPELINE = "not in pipeline mode";
  static final String GSET_PIPELINE = "\\gset is not allowed in pipeline mode";
  static final String ASET_PIPELINE = "\\aset is not allowed in pipeline mode";

  // ---- jpgbench's engine ----
  static final String NO_TAKEOVER =
      "the driver's connection stream cannot be taken over: queries "
          + "go through JDBC, at about twice the client CPU per query";
  static final String TRANSPORT_UNAVAILABLE = "cannot use the transport asked for: %s";
  static final String DEBUG_TRANSPORT = "transport: %s, queries: %s";
  static final String DEBUG_PASSED_OVER = "transport passed over: %s";
  static final String THREAD_BUSY =
      "thread %d was busy %s%% of the run: the client may limit "
          + "this result; add -j threads or client machines";
  static final String CLIENT_BUSY =
      "the thread of client %d was busy %s%% of the run: the "
          + "client may limit this result; add client machines";

  // ---- end of run ----
  static final String RUN_ABORTED = "Run was aborted; the above results are incomplete.";
  static final String THREAD_ABORTED = "Run was aborted due to an error in thread %d";
  static final String RUN_INTERRUPTED = "Run was interrupted; the above results are partial.";
  static final String MONITOR_FAILED =
      "could not open the --server-stats monitoring session, the run goes on without it: %s";
  static final String MONITOR_BEHIND_POOLER = "--server-stats: %s";
  static final String SLO_ABORT = "%s: the run was stopped (--slo-abort)";
  static final String RUN_STOPPED_BY_SLO =
      "Run was stopped by --slo-abort; the above results are partial.";

  // ---- --debug ----
  static final String DEBUG_SCRIPT = "client %d executing script \"%s\"";
  static final String DEBUG_SENDING = "client %d sending %s";
  static final String DEBUG_RECEIVING = "client %d receiving";
  static final String DEBUG_META = "client %d executing %s";

  static String f(String format, Object... args) {
    return String.format(java.util.Locale.ROOT, format, args);
  }
}
