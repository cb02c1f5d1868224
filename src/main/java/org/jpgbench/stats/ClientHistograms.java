package org.jpgbench.stats;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One client's histograms beyond pgbench's, written only by the client's thread and never
 * allocating there except when a histogram widens to a value larger than any seen before: latency
 * per script (3 significant digits), per command under -r (2 significant digits: 1% is plenty there
 * and keeps hundreds of clients × commands small), latency from the actual start under -R, and an
 * interval recorder per script the progress thread swaps out (HdrHistogram's single-writer
 * recorder: wait-free for the writer). All values are microseconds, clamped to 1 µs .. 1 h.
 */
public final class ClientHistograms {
  /**
   * Significant decimal digits of the run's and the scripts' latency histograms (percentiles to
   * 0.1%, as the reports print them with three decimals of a millisecond).
   */
  public static final int LATENCY_DIGITS = 3;

  /**
   * Significant digits of the per-command histograms (-r with --percentile): one per command and
   * client, so a tenth of the memory of {@link #LATENCY_DIGITS}, at 1% resolution.
   */
  public static final int COMMAND_DIGITS = 2;

  private final AbstractHistogram[] scripts;
  private final boolean perCommand;
  private final AbstractHistogram service;

  /** The interval recorders: one per script with several scripts, else one; null when none. */
  private final SingleWriterRecorder[] intervals;

  /** Reader side: the histograms handed back to the recorders at each swap. */
  private final Histogram[] recycled;

  /**
   * @param scriptCount number of scripts; per-script histograms are kept when more than one
   * @param perCommand -r: keep a histogram per command
   * @param throttled -R: keep latencies from the actual start too
   * @param intervals keep an interval recorder for the series, -P and --hdr-log
   */
  public ClientHistograms(
      int scriptCount, boolean perCommand, boolean throttled, boolean intervals) {
    scripts = new AbstractHistogram[scriptCount];
    if (scriptCount > 1) {
      for (int s = 0; s < scriptCount; s++) {
        scripts[s] = new IntCountsHistogram(3);
      }
    }
    this.perCommand = perCommand;
    service = throttled ? new IntCountsHistogram(3) : null;
    if (intervals) {
      this.intervals = new SingleWriterRecorder[Math.max(1, scriptCount)];
      for (int s = 0; s < this.intervals.length; s++) {
        this.intervals[s] = new SingleWriterRecorder(LATENCY_DIGITS);
      }
      recycled = new Histogram[this.intervals.length];
    } else {
      this.intervals = null;
      recycled = null;
    }
  }

  /** A latency in µs as the histograms record it: at least 1, at most one hour. */
  public static long clamp(long micros) {
    return micros < 1 ? 1 : Math.min(micros, StatsRecorder.HISTOGRAM_MAX_MICROS);
  }

  void attachCommands(CommandStats[][] commands) {
    if (!perCommand) {
      return;
    }
    for (CommandStats[] script : commands) {
      for (CommandStats c : script) {
        c.latencies = new IntCountsHistogram(COMMAND_DIGITS);
      }
    }
  }

  /** A successful transaction: latency from the (scheduled) start and schedule lag, µs. */
  void transaction(int script, long latencyMicros, long lagMicros) {
    long v = clamp(latencyMicros);
    AbstractHistogram s = scripts[script];
    if (s != null) {
      s.recordValue(v);
    }
    if (service != null) {
      service.recordValue(clamp(latencyMicros - lagMicros));
    }
    if (intervals != null) {
      intervals[intervals.length == 1 ? 0 : script].recordValue(v);
    }
  }

  /** The script's histogram, or null with a single script (the run's histogram is the script's). */
  public AbstractHistogram script(int s) {
    return scripts[s];
  }

  /** -R: latencies from the actual start, else null. */
  public AbstractHistogram service() {
    return service;
  }

  /**
   * From the progress thread: adds the latencies recorded since the previous call to {@code into}.
   * No-op without an interval recorder.
   */
  public void drainInterval(Histogram into) {
    drainInterval(into, null);
  }

  /**
   * As {@link #drainInterval(Histogram)}, adding each script's latencies to {@code perScript[s]}
   * too (with one script, its latencies are the run's).
   *
   * @param perScript one histogram per script, or null
   */
  public void drainInterval(Histogram into, Histogram[] perScript) {
    if (intervals == null) {
      return;
    }
    for (int s = 0; s < intervals.length; s++) {
      recycled[s] = intervals[s].getIntervalHistogram(recycled[s]);
      into.add(recycled[s]);
      if (perScript != null) {
        perScript[s].add(recycled[s]);
      }
    }
  }
}
