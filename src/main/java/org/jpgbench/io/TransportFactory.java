package org.jpgbench.io;

import java.io.IOException;

/** Makes the transports of one kind, one per event loop, each on the loop's own thread. */
public interface TransportFactory {
  /** The transports' name ("io_uring", "epoll", "blocking"). */
  String name();

  /** Whether a loop on these transports multiplexes several connections (false: one per loop). */
  boolean multiplexes();

  /** A transport for a loop that will serve about {@code connections} connections. */
  Transport create(int connections) throws IOException;
}
