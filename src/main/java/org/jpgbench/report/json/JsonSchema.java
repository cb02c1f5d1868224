package org.jpgbench.report.json;

/**
 * The JSON report's schema, {@value #ID} (docs/report-json.md): its identifier and every key, as
 * {@link JsonReport} writes them and {@code merge}'s reader reads them back, so that the two cannot
 * drift apart without the compiler noticing. Keys are named by their text in upper case.
 */
public final class JsonSchema {
  /** The value of the top-level "schema" key; a change of meaning or a removal bumps it. */
  public static final String ID = "jpgbench-report/1";

  public static final String ABORTED = "aborted";
  public static final String AVERAGE = "average";
  public static final String AVERAGE_CONNECTION_TIME = "average_connection_time";
  public static final String AVERAGE_SOURCE = "average_source";
  public static final String BENCHMARK_START_TIME = "benchmark_start_time";
  public static final String CLIENT = "client";
  public static final String CLIENTS = "clients";
  public static final String COMMANDS = "commands";
  public static final String CONNECT_PER_TRANSACTION = "connect_per_transaction";
  public static final String CONNECTION_FAILURES = "connection_failures";
  public static final String CONNECTION_FAILURES_PERCENT = "connection_failures_percent";
  public static final String CONTINUE_ON_ERROR = "continue_on_error";
  public static final String COUNT = "count";
  public static final String CPU_SECONDS = "cpu_seconds";
  public static final String CPU_US_PER_TRANSACTION = "cpu_us_per_transaction";
  public static final String DEADLOCK_FAILURES = "deadlock_failures";
  public static final String DEADLOCK_FAILURES_PERCENT = "deadlock_failures_percent";
  public static final String DESCRIPTION = "description";
  public static final String DURATION = "duration";
  public static final String END = "end";
  public static final String END_TIME = "end_time";
  public static final String ENTRIES = "entries";
  public static final String EXECUTIONS = "executions";
  public static final String FAILED = "failed";
  public static final String FAILED_PERCENT = "failed_percent";
  public static final String FAILED_TRANSACTIONS = "failed_transactions";
  public static final String FAILURES = "failures";
  public static final String FAILURES_DETAILED = "failures_detailed";
  public static final String GENERATOR = "generator";
  public static final String HISTOGRAM = "histogram";
  public static final String INITIAL_CONNECTION_TIME = "initial_connection_time";
  public static final String INPUTS = "inputs";
  public static final String INTERRUPTED = "interrupted";
  public static final String INTERVAL = "interval";
  public static final String INTERVALS = "intervals";
  public static final String LAG = "lag";
  public static final String LAG_AVERAGE = "lag_average";
  public static final String LATENCY = "latency";
  public static final String LATENCY_AVERAGE = "latency_average";
  public static final String LATENCY_FROM_ACTUAL_START = "latency_from_actual_start";
  public static final String LATENCY_LIMIT = "latency_limit";
  public static final String LATENCY_LIMIT_EXCEEDED = "latency_limit_exceeded";
  public static final String LATENCY_LIMIT_EXCEEDED_PERCENT = "latency_limit_exceeded_percent";
  public static final String LATENCY_MAX = "latency_max";
  public static final String LATENCY_P50 = "latency_p50";
  public static final String LATENCY_P99 = "latency_p99";
  public static final String LENGTH = "length";
  public static final String LONGEST_DURATION = "longest_duration";
  public static final String MAX = "max";
  public static final String MAX_TIME_TO_RECOVER = "max_time_to_recover";
  public static final String MAX_TRIES = "max_tries";
  public static final String MEASURED_AVERAGE = "measured_average";
  public static final String MIN = "min";
  public static final String NUMBER = "number";
  public static final String ONGOING = "ongoing";
  public static final String OTHER_FAILURES = "other_failures";
  public static final String OTHER_FAILURES_PERCENT = "other_failures_percent";
  public static final String OUTAGES = "outages";
  public static final String PARTITION_METHOD = "partition_method";
  public static final String PARTITIONS = "partitions";
  public static final String PER_SCRIPT_STATS = "per_script_stats";
  public static final String PERCENTILE = "percentile";
  public static final String PERCENTILES = "percentiles";
  public static final String PROGRESS = "progress";
  public static final String QUERIES = "queries";
  public static final String QUERY_MODE = "query_mode";
  public static final String RATE = "rate";
  public static final String RECONNECT = "reconnect";
  public static final String REPORT_PER_COMMAND = "report_per_command";
  public static final String RESULTS = "results";
  public static final String RETRIED = "retried";
  public static final String RETRIED_PERCENT = "retried_percent";
  public static final String RETRIES = "retries";
  public static final String SCALING_FACTOR = "scaling_factor";
  public static final String SCHEMA = "schema";
  public static final String SCRIPTS = "scripts";
  public static final String SERIALIZATION_FAILURES = "serialization_failures";
  public static final String SERIALIZATION_FAILURES_PERCENT = "serialization_failures_percent";
  public static final String SERVER = "server";
  public static final String SETTINGS = "settings";
  public static final String SKIPPED = "skipped";
  public static final String SKIPPED_PERCENT = "skipped_percent";
  public static final String START = "start";
  public static final String START_TIME = "start_time";
  public static final String STDDEV = "stddev";
  public static final String TEXT = "text";
  public static final String THREAD_BUSY = "thread_busy";
  public static final String THREADS = "threads";
  public static final String TIME_TO_RECOVER = "time_to_recover";
  public static final String TOTAL_DURATION = "total_duration";
  public static final String TPS = "tps";
  public static final String SLO = "slo";
  public static final String SLO_ABORT = "slo_abort";
  public static final String ELAPSED = "elapsed";
  public static final String THRESHOLD = "threshold";
  public static final String LIMIT = "limit";
  public static final String MEASURED = "measured";
  public static final String UNIT = "unit";
  public static final String MET = "met";
  public static final String TRANSACTION_TYPE = "transaction_type";
  public static final String TRANSACTIONS = "transactions";
  public static final String TRANSACTIONS_EXPECTED = "transactions_expected";
  public static final String TRANSACTIONS_PER_CLIENT = "transactions_per_client";
  public static final String TRANSACTIONS_PERCENT = "transactions_percent";
  public static final String TRANSPORT = "transport";
  public static final String VALUE = "value";
  public static final String VERSION = "version";
  public static final String WEIGHT = "weight";
  public static final String WEIGHT_PERCENT = "weight_percent";
  public static final String WINDOWS = "windows";

  private JsonSchema() {}
}
