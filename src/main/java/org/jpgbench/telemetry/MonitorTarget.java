package org.jpgbench.telemetry;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the monitor reads besides the server's own statistics, and how it finds the benchmark's
 * backends.
 *
 * @param pooledApplicationName null when the monitor connects as the run's clients do; else
 *     (--server-stats-conninfo) the run's application_name, by which the backends of a pooler's
 *     server connections are found when the clients' process IDs are not the server's
 * @param workloadCounters the workload's own cumulative counters, read with the server's at every
 *     interval's end and reported as they are: name to a scalar SQL expression over the benchmark
 *     database (the TPC-C-like workload's orders created, whose growth per minute is NOPM); empty
 *     for pgbench's tables
 */
public record MonitorTarget(String pooledApplicationName, Map<String, String> workloadCounters) {
  /** The run's own server and database, no counter of a workload's. */
  public static final MonitorTarget DIRECT = new MonitorTarget(null, Map.of());

  public MonitorTarget {
    workloadCounters = Collections.unmodifiableMap(new LinkedHashMap<>(workloadCounters));
  }
}
