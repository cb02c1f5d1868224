package org.jpgbench.run;

import org.jpgbench.report.IntervalListener;

/**
 * Watches a run from outside while it lasts (--metrics-listen's endpoint): the run tells it when
 * the clients are about to go, then of every interval it closes, then that it ended. The run knows
 * nothing of what the observer does with it; the observer never slows the clients (it reads what
 * the run keeps anyway, from its own threads).
 */
public interface RunObserver {
  /**
   * The clients are about to go, on the run's thread.
   *
   * @param run what may be read of the run from any thread until {@link #ended}
   * @return told of every interval the run closes (on the progress thread, every -P period, else
   *     every second)
   */
  IntervalListener started(LiveRun run);

  /** The run ended (its report printed, or it ended without one), on the run's thread. */
  void ended();
}
