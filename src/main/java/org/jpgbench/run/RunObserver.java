package org.jpgbench.run;

/**
 * Watches a run from outside while it lasts (--metrics-listen's endpoint): the run tells it when
 * the clients are about to go, then that it ended. The run knows nothing of what the observer does
 * with it; the observer never slows the clients (it reads what the run keeps anyway, from its own
 * threads, through {@link LiveRun}).
 */
public interface RunObserver {
  /**
   * The clients are about to go, on the run's thread.
   *
   * @param run what may be read of the run from any thread, until {@link #ended} and after
   */
  void started(LiveRun run);

  /** The run ended (its report printed, or it ended without one), on the run's thread. */
  void ended();
}
