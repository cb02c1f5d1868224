package org.jpgbench.report;

import java.util.List;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.jpgbench.config.Threshold;
import org.jpgbench.stats.ClientHistograms;

/**
 * --slo-abort: after each interval the progress thread closes, the thresholds measured on
 * everything since the run's start (the figures the final check would see if the run ended there:
 * tps over the elapsed time, the average and percentiles of all latencies so far, the shares of all
 * transactions so far). The first threshold that fails is told once to whoever stops the run. A
 * figure that nothing has measured yet (a percentile before the first successful transaction) stops
 * nothing.
 */
public final class SloWatch implements IntervalListener {
  private final List<Threshold> thresholds;
  private final Consumer<SloStop> stopper;
  private final Histogram latencies = new Histogram(ClientHistograms.LATENCY_DIGITS);
  private long startEpochMicros = -1;
  private long successes;
  private long failed;
  private long skipped;
  private long retried;
  private double latencySum;
  private volatile SloStop stop;

  /**
   * @param stopper stops the run; called at most once, on the progress thread
   */
  public SloWatch(List<Threshold> thresholds, Consumer<SloStop> stopper) {
    this.thresholds = List.copyOf(thresholds);
    this.stopper = stopper;
  }

  @Override
  public void closed(Sample s) {
    if (stop != null) {
      return;
    }
    if (startEpochMicros < 0) {
      startEpochMicros = s.fromEpochMicros();
    }
    successes += s.count();
    failed += s.failed();
    skipped += s.skipped();
    retried += s.retried();
    latencySum += s.latencySum();
    latencies.add(s.latencies());
    double elapsed = (s.toEpochMicros() - startEpochMicros) / 1e6;
    if (elapsed <= 0) {
      return;
    }
    SloCheck.Figures so =
        new SloCheck.Figures(
            successes / elapsed,
            successes > 0 ? latencySum / successes / 1000.0 : Double.NaN,
            latencies,
            successes + failed + skipped,
            failed,
            skipped,
            retried,
            Double.NaN); // NOPM is the database's count, read once the run ended
    for (Threshold t : thresholds) {
      double v = SloCheck.measure(t, so);
      if (!Double.isNaN(v) && !t.comparison().holds(v, t.limit())) {
        stop = new SloStop(t, elapsed, v);
        stopper.accept(stop);
        return;
      }
    }
  }

  /** The threshold that stopped the run, or null. */
  public SloStop stop() {
    return stop;
  }
}
