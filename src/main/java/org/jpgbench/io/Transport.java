package org.jpgbench.io;

import java.io.IOException;

/**
 * How one event loop's connections reach the kernel: it sends their requests, delivers what arrives
 * on them, and makes the loop's one wait. A transport belongs to the thread that created it; only
 * {@link #wakeup} may be called from another thread.
 */
public interface Transport extends AutoCloseable {
  /** Its name, as --debug and the JSON report show it: "io_uring", "epoll" or "blocking". */
  String name();

  /**
   * Starts serving a connection that the driver opened and authenticated: from now on what arrives
   * on it goes to {@code receiver}, and {@link Channel#send} writes to it.
   *
   * @throws IOException when this transport cannot serve that socket (e.g. TLS on a native
   *     transport); the connection is left as it was
   */
  Channel open(Connected socket, Receiver receiver) throws IOException;

  /**
   * Sends what was queued, then waits until something arrives or a connection fails (delivering it
   * to its receivers), until {@link #wakeup}, or until {@code deadlineNanos} ({@link
   * System#nanoTime} time; {@link Long#MAX_VALUE}: no deadline; a time already past: do not wait,
   * only deliver what is there).
   */
  void await(long deadlineNanos);

  /** Ends a wait of the owning thread early; callable from any thread. */
  void wakeup();

  /** Releases the transport; its channels must be closed first. */
  @Override
  void close();
}
