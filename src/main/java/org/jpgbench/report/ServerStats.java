package org.jpgbench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * --server-stats: what the server did during the run, on the run's own timeline (seconds from the
 * run's start, the same as the interval series'), sampled by one monitoring session.
 *
 * @param intervalSeconds the length of an interval
 * @param waitSamplingHz how often the benchmark's backends' wait events were sampled (0: not)
 * @param serverVersion the server's version number (e.g. 150018)
 * @param intervals the intervals, in order
 * @param missing what could not be read, and why ("wait events of other sessions: grant
 *     pg_monitor"); empty when everything was
 * @param flushLagSeconds how far the counters that backends flush late (pg_stat_database's,
 *     pg_stat_wal's) were moved back to the seconds they came from; NaN when they are as flushed
 */
public record ServerStats(
    int intervalSeconds,
    int waitSamplingHz,
    int serverVersion,
    List<Interval> intervals,
    List<String> missing,
    double flushLagSeconds) {
  public ServerStats {
    intervals = List.copyOf(intervals);
    missing = List.copyOf(missing);
  }

  /**
   * One interval.
   *
   * @param start seconds from the run's start
   * @param end seconds from the run's start
   * @param gap the server could not be read over this interval (its counters are unknown, not 0)
   * @param counters what the server's cumulative counters grew by (commits, blocks_hit, wal_bytes,
   *     checkpoints_requested, ...; a counter this server or role does not have is absent)
   * @param checkpoint a checkpoint started, ended or was seen running in this interval
   * @param autovacuum the autovacuum workers seen, e.g. "VACUUM public.pgbench_accounts"
   * @param replicationLagMillis per standby (its application_name), the replay lag last seen
   * @param waits the wait-event samples of the benchmark's backends by "type:event" ("CPU" when
   *     active without one, "Client:ClientRead" when waiting for the client)
   * @param waitSamples how many times the backends were sampled in this interval
   */
  public record Interval(
      double start,
      double end,
      boolean gap,
      Map<String, Long> counters,
      boolean checkpoint,
      List<String> autovacuum,
      Map<String, Double> replicationLagMillis,
      Map<String, Long> waits,
      long waitSamples) {
    public Interval {
      counters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(counters));
      autovacuum = List.copyOf(autovacuum);
      replicationLagMillis =
          java.util.Collections.unmodifiableMap(new LinkedHashMap<>(replicationLagMillis));
      waits = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(waits));
    }

    /** This interval with other counters (the late ones put back in their seconds). */
    public Interval withCounters(Map<String, Long> c) {
      return new Interval(
          start, end, gap, c, checkpoint, autovacuum, replicationLagMillis, waits, waitSamples);
    }

    /** This interval {@code seconds} later on the timeline. */
    Interval movedBy(double seconds) {
      return new Interval(
          start + seconds,
          end + seconds,
          gap,
          counters,
          checkpoint,
          autovacuum,
          replicationLagMillis,
          waits,
          waitSamples);
    }
  }

  /** These statistics with other intervals, their late counters moved back by {@code lag} s. */
  public ServerStats withIntervals(List<Interval> moved, double lag) {
    return new ServerStats(intervalSeconds, waitSamplingHz, serverVersion, moved, missing, lag);
  }

  /**
   * These statistics with a last interval shorter than half an interval folded into the one before.
   * The monitor reads the counters a last time once the benchmark's backends have exited, a few
   * hundredths of a second after the run's last whole interval: any figure in so short an interval
   * reads as a rate out of scale (the WAL written at the end, and the late counters too when they
   * are as flushed). Folded, the totals are the same and the last interval is a whole one.
   */
  public ServerStats withShortTailFolded() {
    int n = intervals.size();
    if (n < 2) {
      return this;
    }
    Interval prev = intervals.get(n - 2);
    Interval last = intervals.get(n - 1);
    if (prev.gap() || last.gap() || last.end() - last.start() >= intervalSeconds / 2.0) {
      return this;
    }
    Map<String, Long> counters = new LinkedHashMap<>(prev.counters());
    last.counters().forEach((k, v) -> counters.merge(k, v, Long::sum));
    Map<String, Long> waits = new LinkedHashMap<>(prev.waits());
    last.waits().forEach((k, v) -> waits.merge(k, v, Long::sum));
    java.util.Set<String> autovacuum = new java.util.LinkedHashSet<>(prev.autovacuum());
    autovacuum.addAll(last.autovacuum());
    List<Interval> folded = new java.util.ArrayList<>(intervals.subList(0, n - 2));
    folded.add(
        new Interval(
            prev.start(),
            last.end(),
            false,
            counters,
            prev.checkpoint() || last.checkpoint(),
            List.copyOf(autovacuum),
            last.replicationLagMillis().isEmpty()
                ? prev.replicationLagMillis()
                : last.replicationLagMillis(),
            waits,
            prev.waitSamples() + last.waitSamples()));
    return withIntervals(folded, flushLagSeconds);
  }

  /** These statistics on a timeline that starts {@code seconds} earlier (a merge's). */
  public ServerStats shifted(double seconds) {
    return withIntervals(intervals.stream().map(i -> i.movedBy(seconds)).toList(), flushLagSeconds);
  }

  /** Where the counters that backends flush late are, in words for the reports. */
  public String lateCounters() {
    return Double.isNaN(flushLagSeconds)
        ? "as the backends flushed them, up to 1 s late"
        : String.format(
            java.util.Locale.ROOT,
            "put back in the seconds they came from (flushed %.2f s late)",
            flushLagSeconds);
  }

  /** The runs of consecutive intervals that match, as [start, end] seconds. */
  public List<double[]> spans(java.util.function.Predicate<Interval> match) {
    List<double[]> out = new java.util.ArrayList<>();
    double[] open = null;
    for (Interval i : intervals) {
      if (match.test(i)) {
        if (open == null) {
          open = new double[] {i.start(), i.end()};
          out.add(open);
        } else {
          open[1] = i.end();
        }
      } else {
        open = null;
      }
    }
    return out;
  }

  /** Each counter summed over the intervals that are not gaps, in first-seen order. */
  public Map<String, Long> totals() {
    Map<String, Long> t = new LinkedHashMap<>();
    for (Interval i : intervals) {
      if (!i.gap()) {
        i.counters().forEach((k, v) -> t.merge(k, v, Long::sum));
      }
    }
    return t;
  }

  /** The wait-event samples of the whole run by event, most frequent first. */
  public List<Map.Entry<String, Long>> waits() {
    Map<String, Long> t = new LinkedHashMap<>();
    for (Interval i : intervals) {
      i.waits().forEach((k, v) -> t.merge(k, v, Long::sum));
    }
    return t.entrySet().stream()
        .sorted(
            Map.Entry.<String, Long>comparingByValue()
                .reversed()
                .thenComparing(Map.Entry.comparingByKey()))
        .map(e -> Map.entry(e.getKey(), e.getValue()))
        .toList();
  }

  /** How many wait-event samples the whole run took. */
  public long waitSamples() {
    return intervals.stream().mapToLong(Interval::waitSamples).sum();
  }

  /** Seconds covered by intervals that are not gaps. */
  public double seconds() {
    return intervals.stream().filter(i -> !i.gap()).mapToDouble(i -> i.end() - i.start()).sum();
  }
}
