package org.jpgbench.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * One client's statistics, written only by that client's thread: pgbench's sums (totals, per
 * script, per command) alongside an HdrHistogram of successful transaction latencies
 * (microseconds), recorded only once jpgbench's extra histograms are {@link #attach attached}
 * (percentiles, JSON/HTML reports, --hdr-log): pgbench's own figures need no histogram, and the run
 * saves its cost. Nothing here allocates per transaction. The progress reporter and the metrics'
 * scrape read {@link #snapshot} (the totals, the scripts' sums and, under --metrics-listen, the
 * latency buckets) from another thread through a sequence counter, so they never see a half-written
 * transaction; everything else is read after the client thread has been joined.
 *
 * <p>The sequence counter is a seqlock with one writer (the client's thread), which must never
 * wait: HdrHistogram's {@code WriterReaderPhaser} would make the reader wait for the writer
 * instead, and swap buffers the totals do not need. Why the reader's copy is consistent: the writer
 * makes the version odd, then a store-store fence keeps its writes of the totals after that; the
 * release store that makes the version even again keeps them before it. The reader loads the
 * version with acquire, copies the totals with plain loads, then an acquire (load-load) fence keeps
 * those loads before its second acquire load of the version. If both loads saw the same even value,
 * no write of the totals can have been in progress in between, so every plain load read the value
 * of the last completed transaction (a torn or stale value would require a write after the first
 * version load, which would have changed the version). Otherwise it retries; the client's thread
 * never waits.
 */
public final class StatsRecorder {
  /** Latencies above this (one hour in microseconds) are recorded as this. */
  public static final long HISTOGRAM_MAX_MICROS = 3_600_000_000L;

  private static final VarHandle VERSION;

  static {
    try {
      VERSION = MethodHandles.lookup().findVarHandle(StatsRecorder.class, "version", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final StatsData total = new StatsData();
  private final StatsData[] scripts;
  private final CommandStats[][] commands;
  private final AbstractHistogram latencies;

  /** Transactions whose latency exceeded --latency-limit. */
  private long latencyLate;

  /** Time spent connecting and disconnecting under -C, microseconds. */
  private long connectionMicros;

  @SuppressWarnings("unused") // accessed through VERSION
  private long version;

  /** jpgbench's extra histograms (percentiles, intervals), or null. */
  private ClientHistograms extra;

  /**
   * --metrics-listen: per script, successful transactions by {@link LatencyBuckets} bucket (not
   * cumulative), or null. Written inside the sequence counter, so a snapshot's counts add up to its
   * totals' successful transactions.
   */
  private long[][] buckets;

  /**
   * @param commandsPerScript number of commands of each script
   * @param perScript whether to keep per-script sums (pgbench does with several scripts)
   */
  public StatsRecorder(int[] commandsPerScript, boolean perScript) {
    scripts = new StatsData[commandsPerScript.length];
    commands = new CommandStats[commandsPerScript.length][];
    for (int s = 0; s < commandsPerScript.length; s++) {
      scripts[s] = perScript ? new StatsData() : null;
      commands[s] = new CommandStats[commandsPerScript[s]];
      for (int c = 0; c < commandsPerScript[s]; c++) {
        commands[s][c] = new CommandStats();
      }
    }
    // 3 significant digits, int counts, sized by the largest latency seen (at most one hour): a few
    // tens of KB per client for sub-second latencies.
    latencies = new IntCountsHistogram(ClientHistograms.LATENCY_DIGITS);
  }

  /** An empty histogram to merge client histograms into (1 µs .. 1 h, 3 significant digits). */
  public static Histogram newHistogram() {
    return new Histogram(1, HISTOGRAM_MAX_MICROS, ClientHistograms.LATENCY_DIGITS);
  }

  /** Records one finished (or skipped) transaction. */
  public void transaction(
      int script,
      boolean skipped,
      double latency,
      double lag,
      TxStatus status,
      long tries,
      boolean late) {
    long v = (long) VERSION.getOpaque(this);
    VERSION.setOpaque(this, v + 1); // odd: a reader retries
    VarHandle.storeStoreFence();
    total.accumulate(skipped, latency, lag, status, tries);
    if (late) {
      latencyLate++;
    }
    StatsData s = scripts[script];
    if (s != null) {
      s.accumulate(skipped, latency, lag, status, tries);
    }
    long[][] b = buckets;
    if (b != null && !skipped && status == TxStatus.OK) {
      b[script][LatencyBuckets.index(latency)]++;
    }
    VERSION.setRelease(this, v + 2);
    ClientHistograms x = extra;
    if (x != null && !skipped && status == TxStatus.OK) {
      long micros = (long) latency;
      latencies.recordValue(micros < 1 ? 1 : Math.min(micros, HISTOGRAM_MAX_MICROS));
      x.transaction(script, micros, (long) lag);
    }
  }

  /** Attaches jpgbench's extra histograms; before the client thread starts. */
  public void attach(ClientHistograms histograms) {
    this.extra = histograms;
    histograms.attachCommands(commands);
  }

  /**
   * Counts successful transactions per script in {@link LatencyBuckets}' buckets from now on (read
   * by {@link #snapshot(StatsData, StatsData[], long[][])}); before the client thread starts.
   */
  public void countBuckets() {
    buckets = new long[scripts.length][LatencyBuckets.COUNT];
  }

  /** The attached extra histograms, or null. */
  public ClientHistograms extra() {
    return extra;
  }

  public CommandStats command(int script, int command) {
    return commands[script][command];
  }

  public void addConnectionTime(long micros) {
    connectionMicros += micros;
  }

  /**
   * Copies the totals into {@code into} from any thread, consistently (retries while the client is
   * in the middle of recording). Allocation-free.
   */
  public void snapshot(StatsData into) {
    snapshot(into, null);
  }

  /**
   * As {@link #snapshot(StatsData)}, with each script's totals too, from the same instant: {@code
   * scriptsInto[s]} gets script s's, or the run's when per-script sums are not kept (one script).
   *
   * @param scriptsInto one per script, or null for the run's totals alone
   */
  public void snapshot(StatsData into, StatsData[] scriptsInto) {
    snapshot(into, scriptsInto, null);
  }

  /**
   * As {@link #snapshot(StatsData, StatsData[])}, with each script's bucket counts copied into
   * {@code bucketsInto[s]} from the same instant (zeros when they are not {@link #countBuckets
   * counted}).
   *
   * @param bucketsInto one array of {@link LatencyBuckets#COUNT} per script, or null
   */
  public void snapshot(StatsData into, StatsData[] scriptsInto, long[][] bucketsInto) {
    while (true) {
      long before = (long) VERSION.getAcquire(this);
      if ((before & 1) != 0) {
        Thread.onSpinWait();
        continue;
      }
      into.copyFrom(total);
      if (scriptsInto != null) {
        for (int i = 0; i < scriptsInto.length; i++) {
          scriptsInto[i].copyFrom(scripts[i] != null ? scripts[i] : total);
        }
      }
      if (bucketsInto != null) {
        for (int i = 0; i < bucketsInto.length; i++) {
          if (buckets != null) {
            System.arraycopy(buckets[i], 0, bucketsInto[i], 0, LatencyBuckets.COUNT);
          } else {
            java.util.Arrays.fill(bucketsInto[i], 0);
          }
        }
      }
      VarHandle.acquireFence();
      if ((long) VERSION.getAcquire(this) == before) {
        return;
      }
    }
  }

  // ---- read after the client thread has ended ----

  public StatsData total() {
    return total;
  }

  /** Per-script sums, or null when not kept. */
  public StatsData script(int script) {
    return scripts[script];
  }

  public AbstractHistogram latencies() {
    return latencies;
  }

  public long latencyLate() {
    return latencyLate;
  }

  public long connectionMicros() {
    return connectionMicros;
  }
}
