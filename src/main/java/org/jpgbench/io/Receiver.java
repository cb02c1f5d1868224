package org.jpgbench.io;

/** Where a {@link Channel} delivers, on the transport's thread. */
public interface Receiver {
  /** Bytes arrived; valid only during the call. */
  void received(byte[] bytes, int offset, int length);

  /**
   * The connection is gone: the server closed it, or sending or receiving failed. Nothing more is
   * delivered for it.
   *
   * @param reason what the system said, for --debug
   */
  void lost(String reason);

  /**
   * Whether the connection's owner waits for bytes now. Native transports always receive; the
   * blocking transport reads only while this is true.
   */
  boolean awaitingData();
}
