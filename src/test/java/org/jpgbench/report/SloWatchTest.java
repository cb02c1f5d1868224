package org.jpgbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.jpgbench.config.Threshold;
import org.junit.jupiter.api.Test;

/** --slo-abort's watch on synthetic intervals whose cumulative figures are known. */
class SloWatchTest {
  private static final long T0 = 1_700_000_000_000_000L;

  private final List<SloStop> stops = new ArrayList<>();

  private static Threshold threshold(String text) {
    return new Threshold(
        text,
        switch (text.substring(0, 3)) {
          case "p99" -> Threshold.Metric.PERCENTILE;
          case "fai" -> Threshold.Metric.FAILED;
          default -> Threshold.Metric.TPS;
        },
        text.startsWith("p99") ? 99.0 : 0.0,
        text.contains(">=") ? Threshold.Comparison.GE : Threshold.Comparison.LE,
        Double.parseDouble(text.replaceAll("^[a-z0-9]+[<>]=|ms|%$", "")));
  }

  /** Interval {@code seq} (1 s long) with {@code n} successes of {@code micros} each. */
  private static IntervalListener.Sample second(int seq, long n, long micros, long failed) {
    Histogram h = new Histogram(3);
    if (n > 0) {
      h.recordValueWithCount(micros, n);
    }
    return new IntervalListener.Sample(
        seq,
        T0 + seq * 1_000_000L,
        T0 + (seq + 1) * 1_000_000L,
        n,
        failed,
        0,
        0,
        0,
        (double) n * micros,
        (double) n * micros * micros,
        0,
        h,
        List.of());
  }

  @Test
  void aPercentileStopsTheRunOnceItFailsOnEverythingSoFar() {
    SloWatch w = new SloWatch(List.of(threshold("p99<=10ms")), stops::add);
    w.closed(second(0, 0, 0, 0)); // nothing measured yet: no percentile, no stop
    w.closed(second(1, 1000, 2_000, 0)); // all at 2 ms
    w.closed(second(2, 5, 50_000, 0)); // 5 slow in 1005: p99 still 2 ms
    assertEquals(List.of(), stops);
    w.closed(second(3, 20, 50_000, 0)); // 25 slow in 1025 (2.4%): p99 is 50 ms
    assertEquals(1, stops.size());
    SloStop s = stops.get(0);
    assertEquals("p99<=10ms", s.threshold().text());
    assertEquals(4.0, s.elapsedSeconds(), 1e-9);
    assertEquals(50.0, s.measured(), 0.1);
    assertEquals("threshold p99<=10ms failed after 4.0 s (50.015 ms)", s.text());
    w.closed(second(4, 1, 90_000, 0));
    assertEquals(1, stops.size(), "told once");
    assertEquals(s, w.stop());
  }

  @Test
  void sharesAndTpsAreOverTheWholeRunSoFar() {
    SloWatch w = new SloWatch(List.of(threshold("failed<=1%"), threshold("tps>=100")), stops::add);
    w.closed(second(0, 1000, 1_000, 5)); // 0.5% failed, 1000 tps
    w.closed(second(1, 50, 1_000, 5)); // 10 of 1060 failed (0.94%), 525 tps
    assertNull(w.stop());
    w.closed(second(2, 0, 0, 2)); // 12 of 1062 (1.13%): failed first, though tps is still 350
    assertEquals("failed<=1%", w.stop().threshold().text());
    assertEquals(100.0 * 12 / 1062, w.stop().measured(), 1e-9);
    assertEquals("percent", w.stop().unit());
  }

  @Test
  void tpsFallingBelowItsFloorStops() {
    SloWatch w = new SloWatch(List.of(threshold("tps>=100")), stops::add);
    w.closed(second(0, 150, 1_000, 0));
    w.closed(second(1, 40, 1_000, 0)); // 190 in 2 s: 95 tps
    assertEquals(95.0, w.stop().measured(), 1e-9);
    assertEquals(2.0, w.stop().elapsedSeconds(), 1e-9);
  }
}
