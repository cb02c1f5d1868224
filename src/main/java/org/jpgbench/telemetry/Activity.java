package org.jpgbench.telemetry;

import java.util.Map;
import java.util.Set;

/**
 * One sample of pg_stat_activity's rows, sorted into what the series keeps: the benchmark's
 * backends by wait event, whether the checkpointer is at work, which autovacuum workers run.
 */
final class Activity {
  /** A benchmark backend's state when it waits for its client: the client's own time. */
  static final String CLIENT_READ = "Client:ClientRead";

  /** Active without a wait event: on a CPU (or waiting for one). */
  static final String CPU = "CPU";

  private Activity() {}

  /**
   * Sorts one row of {@link ServerQueries#activity} into {@code waits} (benchmark backends, as many
   * samples as the row counts), and into {@code autovacuum}; returns whether the row shows the
   * checkpointer at work.
   *
   * @param allStats whether the role reads other sessions' activity (else the checkpointer's wait
   *     event is hidden and tells nothing)
   */
  static boolean sort(
      String[] row, boolean allStats, Map<String, Long> waits, Set<String> autovacuum) {
    String backendType = row[0];
    String state = row[1];
    String type = row[2];
    String event = row[3];
    if ("checkpointer".equals(backendType)) {
      // a process of the server's own has no state; idle, the checkpointer waits in its main loop
      return allStats && !"CheckpointerMain".equals(event);
    }
    if ("autovacuum worker".equals(backendType)) {
      String q = row[4];
      if (q != null && q.startsWith("autovacuum: ")) {
        autovacuum.add(q.substring(12));
      } else {
        // a role that reads every session sees an empty query: the worker has no table yet
        autovacuum.add(allStats ? "(starting)" : "(hidden)");
      }
      return false;
    }
    String key = waitKey(state, type, event);
    if (key != null) {
      waits.merge(key, Long.parseLong(row[5]), Long::sum);
    }
    return false;
  }

  /** A benchmark backend's sample: "CPU", "Client:ClientRead", "Lock:relation", ...; null: none. */
  static String waitKey(String state, String type, String event) {
    if (state == null) {
      return null;
    }
    if (type != null && event != null) {
      // String.concat, not +: run by the interpreter at ten samples a second, + goes through the
      // invokedynamic's method handles, which cost the sample a quarter of its time (JFR)
      return type.concat(":").concat(event);
    }
    return state.equals("active") ? CPU : CLIENT_READ;
  }
}
