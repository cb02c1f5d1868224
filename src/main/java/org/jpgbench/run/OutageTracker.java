package org.jpgbench.run;

import java.util.ArrayList;
import java.util.List;
import org.jpgbench.report.Outage;
import org.jpgbench.report.Outages;

/**
 * --reconnect: the windows during which at least one client was disconnected, for the whole run and
 * every loop. A window opens when a client loses its connection while none is lost, and closes when
 * the last lost client is connected again (or gives up). Its time to recover runs from its first
 * lost connection to the first transaction that a client lost in it completes after reconnecting. A
 * window where a client gave up (its cap ran out, or the run ended first) is "ongoing": not every
 * client came back. Called by the loops only when connections are lost or regained, so one lock is
 * enough; {@link #reconnecting} and {@link #backCount} are read without it. Clients are known by
 * the number of the window they were last lost in (0: none yet).
 */
final class OutageTracker {
  private final RunControl control;
  private final List<Window> closed = new ArrayList<>();
  private Window open;
  private int down;
  private int windows;

  /** Clients without a connection now, for -P. */
  private volatile int reconnecting;

  /** Counts the reconnections: a loop that sees it change retries its waiting clients at once. */
  private volatile long backCount;

  /** One window being tracked; times are the run clock's (monotonic µs). */
  private static final class Window {
    final int number;
    final long from;
    long to;
    int clients;
    long failed;
    long recovered = -1;
    boolean ongoing;

    Window(int number, long from) {
      this.number = number;
      this.from = from;
    }
  }

  OutageTracker(RunControl control) {
    this.control = control;
  }

  /**
   * A client last lost in window {@code window} lost its connection at {@code now}; {@code
   * failedTransaction}: the transaction it was running is counted as failed. Returns the window it
   * is lost in now.
   */
  synchronized int lost(int window, long now, boolean failedTransaction) {
    if (open == null) {
      open = new Window(++windows, now);
    }
    down++;
    reconnecting = down;
    if (window != open.number) {
      open.clients++;
    }
    if (failedTransaction) {
      open.failed++;
    }
    return open.number;
  }

  /** A lost client is connected again at {@code now}; the other waiting clients try at once. */
  void back(long now) {
    synchronized (this) {
      leave(now);
      backCount++;
    }
    control.wakeLoops();
  }

  /** A lost client stopped trying (its cap ran out, or the run ended) at {@code now}. */
  synchronized void gaveUp(long now) {
    if (open != null) {
      open.ongoing = true;
    }
    leave(now);
  }

  private void leave(long now) {
    down--;
    reconnecting = down;
    if (down == 0 && open != null) {
      open.to = now;
      closed.add(open);
      open = null;
    }
  }

  /** A client lost in window {@code window} completed a transaction at {@code now}. */
  synchronized void recovered(int window, long now) {
    Window w = open != null && open.number == window ? open : find(window);
    if (w != null && w.recovered < 0) {
      w.recovered = now - w.from;
    }
  }

  private Window find(int number) {
    for (int i = closed.size() - 1; i >= 0; i--) {
      if (closed.get(i).number == number) {
        return closed.get(i);
      }
    }
    return null;
  }

  int reconnecting() {
    return reconnecting;
  }

  /** How many outages began so far. */
  synchronized int windows() {
    return windows;
  }

  long backCount() {
    return backCount;
  }

  /**
   * The outages of the run that ended at {@code end} (a window still open ends there, marked as
   * ongoing), with epoch times.
   */
  synchronized Outages finish(long benchStart, long end, long epochShift) {
    List<Outage> out = new ArrayList<>();
    List<Window> all = new ArrayList<>(closed);
    if (open != null) {
      open.to = end;
      open.ongoing = true;
      all.add(open);
    }
    for (Window w : all) {
      out.add(
          new Outage(
              w.from + epochShift, w.to + epochShift, w.clients, w.failed, w.recovered, w.ongoing));
    }
    return new Outages(benchStart + epochShift, out);
  }
}
