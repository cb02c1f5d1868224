package org.jpgbench.io.linux;

import java.io.IOException;
import org.jpgbench.io.NativeProvider;
import org.jpgbench.io.Transport;
import org.jpgbench.io.TransportFactory;

/**
 * The native transports, as {@code org.jpgbench.io.NativeTransports} finds them. Each factory is
 * probed once when it is asked for (a small ring or epoll set is created and closed), so that a
 * kernel or seccomp profile that refuses it is known before any client connects.
 */
public final class LinuxTransports implements NativeProvider {
  public LinuxTransports() {}

  private static void supported() throws IOException {
    if (!Sys.SUPPORTED) {
      throw new IOException("no system call numbers for " + System.getProperty("os.arch"));
    }
  }

  @Override
  public TransportFactory uring() throws IOException {
    supported();
    try {
      UringTransport.create(1).close();
    } catch (IoUring.Unavailable e) {
      throw new IOException(e.getMessage());
    }
    return new TransportFactory() {
      @Override
      public String name() {
        return "io_uring";
      }

      @Override
      public boolean multiplexes() {
        return true;
      }

      @Override
      public Transport create(int connections) throws IOException {
        try {
          return UringTransport.create(connections);
        } catch (IoUring.Unavailable e) {
          throw new IOException(e.getMessage());
        }
      }
    };
  }

  @Override
  public TransportFactory epoll() throws IOException {
    supported();
    EpollTransport.create(1).close();
    return new TransportFactory() {
      @Override
      public String name() {
        return "epoll";
      }

      @Override
      public boolean multiplexes() {
        return true;
      }

      @Override
      public Transport create(int connections) throws IOException {
        return EpollTransport.create(connections);
      }
    };
  }
}
