package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;

/** The per-step times of the closing "done in" line, in the order the steps ran. */
final class InitTimings {
  static final String HOOKS = "init hooks";

  private final List<String> labels = new ArrayList<>();
  private final List<Double> seconds = new ArrayList<>();

  /**
   * Records one step; hooks that run back to back (after one step, before the next) share an entry.
   */
  void add(String label, double secs) {
    int last = labels.size() - 1;
    if (label.equals(HOOKS) && last >= 0 && labels.get(last).equals(HOOKS)) {
      seconds.set(last, seconds.get(last) + secs);
      return;
    }
    labels.add(label);
    seconds.add(secs);
  }

  /** pgbench's {@code done in %.2f s (%s).}, the total being the sum of the steps. */
  String doneLine() {
    double total = 0;
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < labels.size(); i++) {
      if (i > 0) {
        b.append(", ");
      }
      b.append(InitMessages.stepTiming(labels.get(i), seconds.get(i)));
      total += seconds.get(i);
    }
    return InitMessages.doneLine(total, b.toString());
  }
}
