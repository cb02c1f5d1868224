package org.jpgbench.run;

/**
 * A client as its event loop keeps it: the loop's bookkeeping (its place among the loop's {@link
 * Deadlines}, on the ready list, among those waiting for their server) and the one thing the loop
 * asks of it, to advance. {@link ClientLoop} takes clients as this, so that the loop's interface
 * knows nothing of the state machine; {@link Client} is the one kind there is.
 */
abstract class LoopEntry {
  /** Position in the loop's {@link Deadlines} (-1: not there) and the time it is due (µs). */
  int heapIndex = -1;

  long wakeAt;

  /** On the loop's list of clients to advance. */
  boolean queued;

  /** Counted by the loop as waiting for its server. */
  boolean waitingForServer;

  /**
   * Runs the client until it must wait for its server or a time, or has ended, or yields to the
   * loop's other clients.
   */
  abstract void advance();

  /** Whether the client has ended (the loop no longer advances it). */
  abstract boolean hasEnded();
}
