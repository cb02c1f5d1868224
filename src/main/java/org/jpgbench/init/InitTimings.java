package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;

/** The per-step times of the closing "done in" line, in the order the steps ran. */
final class InitTimings {
  static final String HOOKS = "init hooks";

  /**
   * One entry of the line.
   *
   * @param letter the step's -I letter, or null for hooks
   */
  record Entry(String label, String letter, double seconds) {}

  private final List<Entry> entries = new ArrayList<>();

  /** Records one step. */
  void add(InitStep step, double secs) {
    entries.add(new Entry(step.label, String.valueOf(step.letter), secs));
  }

  /** Records hooks; hooks that run back to back (after one step, before the next) share one. */
  void addHooks(double secs) {
    int last = entries.size() - 1;
    if (last >= 0 && entries.get(last).letter() == null) {
      entries.set(last, new Entry(HOOKS, null, entries.get(last).seconds() + secs));
      return;
    }
    entries.add(new Entry(HOOKS, null, secs));
  }

  List<Entry> entries() {
    return List.copyOf(entries);
  }

  /** The sum of the steps' seconds, which the closing line gives as the total. */
  double total() {
    return entries.stream().mapToDouble(Entry::seconds).sum();
  }

  /** pgbench's {@code done in %.2f s (%s).}, the total being the sum of the steps. */
  String doneLine() {
    StringBuilder b = new StringBuilder();
    for (Entry e : entries) {
      if (!b.isEmpty()) {
        b.append(", ");
      }
      b.append(InitMessages.stepTiming(e.label(), e.seconds()));
    }
    return InitMessages.doneLine(total(), b.toString());
  }
}
