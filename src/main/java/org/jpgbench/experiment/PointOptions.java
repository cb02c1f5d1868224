package org.jpgbench.experiment;

import java.util.ArrayList;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;

/** The run options of one point of an experiment, derived from the command line's. */
final class PointOptions {
  private PointOptions() {}

  /**
   * The options of one run of point {@code p}: its -c (-j capped at it, as pgbench requires -c >=
   * -j) and -R, for {@code seconds} when not 0 (else as the options say), without the experiment's
   * own reports and thresholds (the experiment reports and checks them itself).
   */
  static Options of(Options options, SweepPlan.Point p, long seconds) {
    OptionsBuilder b = options.toBuilder();
    if (p.clients() > 0) {
      b.clients = p.clients();
      b.threads = Math.min(options.run().threads(), p.clients());
    }
    if (p.rate() > 0) {
      b.rate = p.rate();
    }
    if (seconds > 0) {
      b.durationSeconds = seconds;
      b.transactionsPerClient = 0;
    }
    // the experiment used -s already (sweep --init): no run warns that it ignores it
    b.scaleGiven = false;
    b.reportJson = null;
    b.reportHtml = null;
    b.thresholds = new ArrayList<>();
    return b.build();
  }
}
