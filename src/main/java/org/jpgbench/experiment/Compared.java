package org.jpgbench.experiment;

import java.util.Map;

/**
 * Comparisons as their CSV presents them: compare's (of runs, or of two sweeps point by point),
 * ab's per point, ab -i's.
 *
 * @param points each point's comparison by its label; one entry, labelled "", when there are no
 *     points
 */
record Compared(Map<String, Comparison> points) {
  Compared {
    points = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(points));
  }

  /** One comparison, of no point. */
  static Compared single(Comparison c) {
    return new Compared(Map.of("", c));
  }
}
