package org.jpgbench.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.jpgbench.stats.ClientHistograms;
import org.jpgbench.stats.StatsData;
import org.jpgbench.stats.StatsRecorder;

/**
 * Closes one interval of the run at a time, from the progress thread (every -P period, else every
 * second) and once more at the end: sums the clients' totals, swaps out their interval histograms,
 * appends the interval to the series and to the --hdr-log file, and gives the -P line its p99. The
 * clients are not slowed: their totals are read through {@link StatsRecorder#snapshot} and their
 * interval recorders are wait-free for them.
 */
public final class IntervalCollector {
  private final StatsRecorder[] recorders;
  private final long startMicros;
  private final long epochShiftMicros;
  private final HdrIntervalLog log;
  private final boolean p99InProgress;
  private final IntervalSeries series = new IntervalSeries();
  private final Histogram interval = new Histogram(ClientHistograms.LATENCY_DIGITS);
  private final StatsData sum = new StatsData();
  private final StatsData one = new StatsData();
  private final StatsData previous = new StatsData();
  private long lastMicros;
  private IOException logError;
  private boolean finished;
  private final List<IntervalListener> listeners = new ArrayList<>();

  /**
   * With several scripts, per script: the interval's latencies, and the clients' totals summed
   * (one, then all); empty with one script, whose part is the run's own.
   */
  private final Histogram[] scriptIntervals;

  private final StatsData[] scriptOne;
  private final StatsData[] scriptSum;

  /**
   * @param recorders every client's statistics, each with {@link ClientHistograms} attached
   * @param startMicros the run clock at the run start, where the first interval begins
   * @param epochShiftMicros added to the run clock to get Unix epoch µs
   * @param log the --hdr-log file, or null
   * @param p99InProgress --percentile: the -P line carries the interval's p99
   * @param scripts how many scripts the clients run
   */
  public IntervalCollector(
      StatsRecorder[] recorders,
      long startMicros,
      long epochShiftMicros,
      HdrIntervalLog log,
      boolean p99InProgress,
      int scripts) {
    this.recorders = recorders.clone();
    int kept = scripts > 1 ? scripts : 0;
    this.scriptIntervals = new Histogram[kept];
    this.scriptOne = new StatsData[kept];
    this.scriptSum = new StatsData[kept];
    for (int i = 0; i < kept; i++) {
      scriptIntervals[i] = new Histogram(ClientHistograms.LATENCY_DIGITS);
      scriptOne[i] = new StatsData();
      scriptSum[i] = new StatsData();
    }
    this.startMicros = startMicros;
    this.epochShiftMicros = epochShiftMicros;
    this.log = log;
    this.p99InProgress = p99InProgress;
    this.lastMicros = startMicros;
  }

  /**
   * Tells {@code l} of every interval closed from now on, after the listeners before it (a --group
   * member's live totals, --slo-abort's watch).
   */
  public synchronized void listen(IntervalListener l) {
    listeners.add(l);
  }

  /**
   * Closes the interval ending at {@code nowMicros} (run clock).
   *
   * @return what the -P line gets appended: ", p99 X ms" under --percentile, else ""
   */
  public synchronized String sample(long nowMicros) {
    if (finished) {
      return "";
    }
    collect(nowMicros);
    return p99InProgress ? PercentileLines.progressSuffix(interval) : "";
  }

  /** After the clients ended: closes the last (partial) interval and the log. */
  public synchronized void finish(long nowMicros) {
    if (finished) {
      return;
    }
    if (nowMicros > lastMicros || series.size() == 0) {
      collect(Math.max(nowMicros, lastMicros));
    }
    finished = true;
    if (log != null) {
      try {
        log.close();
      } catch (IOException e) {
        if (logError == null) {
          logError = e;
        }
      }
    }
  }

  private void collect(long now) {
    sum.reset(0);
    interval.reset();
    for (int i = 0; i < scriptSum.length; i++) {
      scriptSum[i].reset(0);
      scriptIntervals[i].reset();
    }
    for (StatsRecorder r : recorders) {
      r.snapshot(one, scriptOne.length > 0 ? scriptOne : null);
      sum.merge(one);
      for (int i = 0; i < scriptSum.length; i++) {
        scriptSum[i].merge(scriptOne[i]);
      }
      ClientHistograms h = r.extra();
      if (h != null) {
        h.drainInterval(interval, scriptIntervals.length > 0 ? scriptIntervals : null);
      }
    }
    List<IntervalListener.ScriptPart> parts = new ArrayList<>(Math.max(1, scriptSum.length));
    if (scriptSum.length == 0) { // one script: the run's totals and latencies are its
      StatsData copy = new StatsData();
      copy.copyFrom(sum);
      parts.add(new IntervalListener.ScriptPart(copy, interval));
    }
    for (int i = 0; i < scriptSum.length; i++) {
      StatsData copy = new StatsData();
      copy.copyFrom(scriptSum[i]);
      parts.add(new IntervalListener.ScriptPart(copy, scriptIntervals[i]));
    }
    IntervalListener.Sample d =
        new IntervalListener.Sample(
            series.size(),
            lastMicros + epochShiftMicros,
            now + epochShiftMicros,
            sum.cnt - previous.cnt,
            sum.failures() - previous.failures(),
            sum.skipped - previous.skipped,
            sum.retried - previous.retried,
            sum.retries - previous.retries,
            sum.latency.sum - previous.latency.sum,
            sum.latency.sum2 - previous.latency.sum2,
            sum.lag.sum - previous.lag.sum,
            interval,
            parts);
    boolean any = interval.getTotalCount() > 0;
    series.add(
        lastMicros - startMicros,
        now - startMicros,
        d.count(),
        d.failed(),
        d.skipped(),
        d.latencySum(),
        d.lagSum(),
        any ? interval.getValueAtPercentile(50) : -1,
        any ? interval.getValueAtPercentile(99) : -1,
        any ? interval.getMaxValue() : -1);
    if (log != null && logError == null) {
      try {
        log.interval(interval, d.fromEpochMicros() / 1000, d.toEpochMicros() / 1000);
      } catch (IOException e) {
        logError = e;
      }
    }
    for (IntervalListener l : listeners) {
      l.closed(d);
    }
    previous.copyFrom(sum);
    lastMicros = now;
  }

  /** The series; complete after {@link #finish}. */
  public synchronized IntervalSeries series() {
    return series;
  }

  /** The first error writing the --hdr-log file, or null. */
  public synchronized IOException logError() {
    return logError;
  }
}
