package org.jpgbench.io;

/** One connection served by a {@link Transport}; used by the transport's thread only. */
public interface Channel {
  /**
   * Queues bytes to be sent, in order, after those queued before; they are copied, so the caller
   * may reuse its buffer at once. Sending goes on while data is received, so that neither side's
   * socket buffers can fill up and block the other.
   */
  void send(byte[] bytes, int offset, int length);

  /**
   * Stops serving the connection: nothing more is delivered for it, unsent bytes are dropped. The
   * socket itself is left open for its owner (the driver) to close.
   */
  void close();
}
