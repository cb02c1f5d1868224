package org.jpgbench.experiment;

import java.io.PrintStream;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.log.PgLog;
import org.jpgbench.run.RunMode;

/**
 * One side of an A/B experiment ({@link AbExperiment}, {@link AbInit}).
 *
 * @param label as the reports name it (--label-a, --label-b)
 * @param shown its connection string as reports show it (no password)
 * @param db where its runs connect
 */
public record AbSide(String label, String shown, ConnectionFactory db) {
  /**
   * Whether both sides can be reached, before the first run; the first that cannot is said on
   * {@code err} in pgbench's words, with which side it is.
   */
  static boolean reachable(Options options, PrintStream err, AbSide... sides) {
    for (AbSide s : sides) {
      String problem = RunMode.unreachable(options, s.db());
      if (problem != null) {
        err.println(PgLog.error(problem));
        err.println(PgLog.detail("side " + s.label() + " (" + s.shown() + ") cannot be reached"));
        return false;
      }
    }
    return true;
  }
}
