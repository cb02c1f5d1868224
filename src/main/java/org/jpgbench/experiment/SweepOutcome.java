package org.jpgbench.experiment;

import java.util.List;
import org.jpgbench.config.Threshold;

/**
 * What a sweep came to, as its formats present it.
 *
 * @param plan the points and repeats asked for
 * @param points each point's result, in the plan's order (some never run when interrupted)
 * @param slo the --slo thresholds, empty when none
 * @param interrupted whether Ctrl-C cut the sweep short
 */
record SweepOutcome(
    SweepPlan plan, List<PointResult> points, List<Threshold> slo, boolean interrupted) {
  SweepOutcome {
    points = List.copyOf(points);
    slo = List.copyOf(slo);
  }

  /** The point of highest tps within the SLO, or null (none given, or none meets it). */
  PointResult best() {
    return slo.isEmpty() ? null : PointResult.best(points, slo);
  }
}
