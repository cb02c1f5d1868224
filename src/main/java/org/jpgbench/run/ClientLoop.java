package org.jpgbench.run;

import org.jpgbench.io.Transport;

/**
 * What a client asks of the event loop that carries it: the round's clock and -T, and the four ways
 * it waits (ready to advance, asleep until a time, waiting for its server, ended). The {@link
 * EventLoop} implements it; a client knows the loop only through it, so the loop's rounds,
 * deadlines and ready lists stay the loop's. It takes clients as {@link LoopEntry}s, the part of a
 * client the loop keeps, so that it knows nothing of their state machine.
 */
interface ClientLoop {
  /** The round's clock (monotonic µs), read once per round. */
  long now();

  /** Reads the clock again (after work that may have taken time), and returns it. */
  long refresh();

  /** Whether -T has run out (pgbench's timer_exceeded), as of this round. */
  boolean timeUp();

  /** -T's end (monotonic µs), 0 without -T. */
  long endTime();

  /** How the loop reaches the kernel (a -C client connects on it). */
  Transport transport();

  /**
   * Whether the client that just ended a transaction without waiting may start the next one at
   * once, as pgbench's client does, rather than yield to the loop's others.
   */
  boolean mayRunOn();

  /** Puts {@code c} on the list of clients to advance (once). */
  void ready(LoopEntry c);

  /** {@code c} waits until {@code micros} (monotonic µs). */
  void sleep(LoopEntry c, long micros);

  /** {@code c} waits for its server; its link wakes it. */
  void waitingForServer(LoopEntry c);

  /** {@code c} got its answer. */
  void answered(LoopEntry c);

  /** {@code c} has ended. */
  void ended(LoopEntry c);

  /** --reconnect: {@code c}'s attempt ended (called from the attempt's thread). */
  void handOver(LoopEntry c);
}
