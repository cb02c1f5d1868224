package org.jpgbench.io;

import java.io.IOException;

/**
 * The native transports' factories, implemented by {@code org.jpgbench.io.linux.LinuxTransports}
 * (compiled for JDK 22) and found by {@link NativeTransports}.
 */
public interface NativeProvider {
  /** io_uring transports; an IOException with the kernel's reason when io_uring is refused. */
  TransportFactory uring() throws IOException;

  /** epoll transports. */
  TransportFactory epoll() throws IOException;
}
