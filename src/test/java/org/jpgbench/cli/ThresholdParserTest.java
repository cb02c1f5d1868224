package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpgbench.config.Threshold;
import org.jpgbench.config.Threshold.Comparison;
import org.jpgbench.config.Threshold.Metric;
import org.junit.jupiter.api.Test;

class ThresholdParserTest {
  @Test
  void readsEveryKindOfThresholdInItsUnit() throws CliExit {
    List<Threshold> t =
        ThresholdParser.parse("p99<=10ms, p99.9 < 2s,avg<500us,tps>=5000,failed<=0.1%,retried<1%");
    assertEquals(6, t.size());
    assertEquals(new Threshold("p99<=10ms", Metric.PERCENTILE, 99, Comparison.LE, 10), t.get(0));
    assertEquals(new Threshold("p99.9<2s", Metric.PERCENTILE, 99.9, Comparison.LT, 2000), t.get(1));
    assertEquals(Metric.LATENCY_AVERAGE, t.get(2).metric());
    assertEquals(0.5, t.get(2).limit(), 1e-12);
    assertEquals(new Threshold("tps>=5000", Metric.TPS, 0, Comparison.GE, 5000), t.get(3));
    assertEquals(new Threshold("failed<=0.1%", Metric.FAILED, 0, Comparison.LE, 0.1), t.get(4));
    assertEquals(Metric.RETRIED, t.get(5).metric());
    assertEquals(
        List.of(Metric.FAILED),
        ThresholdParser.parse("failed<=0").stream().map(Threshold::metric).toList());
  }

  @Test
  void comparisonsHoldAsTheirOperatorsSay() {
    assertTrue(Comparison.LE.holds(10, 10));
    assertTrue(!Comparison.LT.holds(10, 10));
    assertTrue(Comparison.GE.holds(10, 10));
    assertTrue(!Comparison.GT.holds(10, 10));
    assertTrue(!Comparison.LE.holds(Double.NaN, 10));
  }

  @Test
  void badThresholdsAreRefusedWithPgbenchsWording() {
    String[][] cases = {
      {"p99<=10xs", "A latency's unit is us, ms (the default) or s."},
      {"p0<=10ms", "A percentile must be greater than 0 and at most 100."},
      {"p101<=10ms", "A percentile must be greater than 0 and at most 100."},
      {"tps>=5000ms", "tps is a plain number of transactions per second."},
      {"nopm>=5/min", "Expecting thresholds like"},
      {"nopm>=5k", "nopm is a plain number of new orders per minute."},
      {"failed<=5", "failed, skipped and retried are percentages of all transactions, e.g. 0.1%."},
      {
        "speed>=5",
        "A threshold measures pNN (a latency percentile), avg, tps, nopm (-b tpcc), failed,"
            + " skipped or retried."
      },
      {"p99=10ms", "Expecting thresholds like"},
      {"", "Expecting thresholds like"},
      {"tps>=1,", "Expecting thresholds like"},
    };
    for (String[] c : cases) {
      CliExit e = assertThrows(CliExit.class, () -> ThresholdParser.parse(c[0]), c[0]);
      assertTrue(
          e.stderr.startsWith("jpgbench: error: invalid value \"" + c[0] + "\" for option --slo\n"),
          e.stderr);
      assertTrue(e.stderr.contains("detail: " + c[1]), e.stderr);
      assertEquals(1, e.status);
    }
  }
}
