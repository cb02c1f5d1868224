package org.jpgbench.io;

import java.io.IOException;
import java.net.Socket;

/**
 * A connection as the driver left it after authentication: its socket (whose descriptor the native
 * transports take over when it carries plain bytes) and blocking reads and writes through the
 * driver's own streams (which also handle TLS and GSS encryption).
 */
public interface Connected {
  /** The socket; a TLS socket when the connection is encrypted with TLS. */
  Socket socket();

  /** Whether the bytes on {@link #socket} are the protocol's own (no TLS, no GSS encryption). */
  boolean plain();

  /** Writes through the driver's stream and flushes. */
  void write(byte[] bytes, int offset, int length) throws IOException;

  /**
   * Reads at least one byte through the driver's stream, blocking until some are there.
   *
   * @return the number of bytes read, or -1 at the end of the stream
   */
  int read(byte[] into, int offset, int length) throws IOException;

  /** Whether {@link #read} has bytes it can return without blocking (buffered by the driver). */
  boolean buffered() throws IOException;
}
