package org.jpgbench.report;

/**
 * jpgbench --reconnect: one window of a run during which at least one client was disconnected, from
 * the first lost connection to the moment the last of its clients was connected again.
 *
 * @param fromEpochMicros when the first client of the window lost its connection (Unix epoch µs)
 * @param toEpochMicros when the last one had reconnected, or the run's end (see {@code ongoing})
 * @param clients how many clients lost their connection in the window
 * @param failedTransactions transactions that failed because their connection was lost
 * @param recoverMicros from the window's first lost connection to the first transaction a
 *     reconnected client completed, -1 when none did
 * @param ongoing the run ended (or its clients gave up) before every client was back
 */
public record Outage(
    long fromEpochMicros,
    long toEpochMicros,
    int clients,
    long failedTransactions,
    long recoverMicros,
    boolean ongoing) {
  public long durationMicros() {
    return toEpochMicros - fromEpochMicros;
  }

  /** Whether the two windows overlap or touch (then a merge makes them one). */
  boolean overlaps(Outage o) {
    return fromEpochMicros <= o.toEpochMicros && o.fromEpochMicros <= toEpochMicros;
  }

  /** The window covering both (several processes' view of one outage). */
  Outage union(Outage o) {
    long recover;
    if (recoverMicros < 0 || o.recoverMicros < 0) {
      recover = Math.max(recoverMicros, o.recoverMicros);
    } else {
      // each measured from its own start; from the union's start: the later recovery
      long from = Math.min(fromEpochMicros, o.fromEpochMicros);
      recover =
          Math.max(fromEpochMicros + recoverMicros, o.fromEpochMicros + o.recoverMicros) - from;
    }
    return new Outage(
        Math.min(fromEpochMicros, o.fromEpochMicros),
        Math.max(toEpochMicros, o.toEpochMicros),
        clients + o.clients,
        failedTransactions + o.failedTransactions,
        recover,
        ongoing || o.ongoing);
  }
}
