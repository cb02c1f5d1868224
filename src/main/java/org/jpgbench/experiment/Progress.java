package org.jpgbench.experiment;

import java.util.Locale;

/**
 * Where a long experiment stands: a line as each run starts, with the time since the experiment
 * began and an estimate of what is left (the runs to come at the pace of those done; at first the
 * runs' -T). A sweep of 7 points × 3 repeats × 60 s is 21 minutes; without this nothing showed
 * until the first run ended.
 */
final class Progress {
  private final long start = System.nanoTime();
  private final int total;
  private final long secondsPerRun;
  private int done;

  /**
   * @param total the runs the experiment makes at most (warm-ups not counted)
   * @param secondsPerRun a run's -T (and its warm-up), 0 when unknown (-t)
   */
  Progress(int total, long secondsPerRun) {
    this.total = total;
    this.secondsPerRun = secondsPerRun;
  }

  /** "clients 4: run 2/3 starts (run 5 of 21; 4:12 elapsed, about 12:30 left)". */
  String starting(String what) {
    double elapsed = (System.nanoTime() - start) / 1e9;
    int left = total - done;
    double perRun = done > 0 ? elapsed / done : secondsPerRun;
    String estimate = perRun > 0 ? ", about " + clock(perRun * left) + " left" : "";
    return String.format(
        Locale.ROOT,
        "%s starts (run %d of %d; %s elapsed%s)",
        what,
        done + 1,
        total,
        clock(elapsed),
        estimate);
  }

  /** A run ended (measured or failed). */
  void finished() {
    done++;
  }

  /** "0:07", "12:30", "1:02:03". */
  static String clock(double seconds) {
    long s = Math.round(seconds);
    return s >= 3600
        ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
        : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
  }
}
