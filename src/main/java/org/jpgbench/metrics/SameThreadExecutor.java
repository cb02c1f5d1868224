package org.jpgbench.metrics;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs each task on the thread that hands it over. Given to the HTTP server, a scrape is served on
 * the JDK server's own dispatcher thread, the one that saw the request arrive: no second thread is
 * woken for it and handed the exchange (a scrape then waits for the one before it, as with one
 * worker thread). After {@link #shutdown} it refuses new tasks; a task already running ends on its
 * caller's thread, which the server's stop waits for.
 */
final class SameThreadExecutor extends AbstractExecutorService {
  private volatile boolean shutdown;

  @Override
  public void execute(Runnable task) {
    if (shutdown) {
      throw new RejectedExecutionException("the metrics endpoint is closed");
    }
    task.run();
  }

  @Override
  public void shutdown() {
    shutdown = true;
  }

  @Override
  public List<Runnable> shutdownNow() {
    shutdown = true;
    return List.of(); // nothing is ever queued
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  @Override
  public boolean isTerminated() {
    return shutdown;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return shutdown;
  }
}
