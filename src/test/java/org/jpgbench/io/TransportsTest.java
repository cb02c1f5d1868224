package org.jpgbench.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How the transport is chosen when the kernel refuses one: io_uring refused (Docker's default
 * seccomp profile, kernel.io_uring_disabled) falls back to epoll, both refused to the blocking
 * streams, each with its reason for --debug; a kind asked for that is refused is an error. The
 * refusing kernel is a provider whose io_uring answers as such a kernel does; its epoll is this
 * machine's.
 */
class TransportsTest {
  private static final String EPERM = "io_uring_setup: EPERM, operation not permitted (1)";

  /** This machine's native transports, io_uring refused; epoll too when {@code epoll} is false. */
  private static NativeProvider refusing(boolean epoll) {
    String[] why = new String[1];
    NativeProvider real = NativeTransports.find(why);
    assertNotNull(real, "the native transports are here: " + why[0]);
    return new NativeProvider() {
      @Override
      public TransportFactory uring() throws IOException {
        throw new IOException(EPERM);
      }

      @Override
      public TransportFactory epoll() throws IOException {
        if (!epoll) {
          throw new IOException("epoll_create1: EPERM, operation not permitted (1)");
        }
        return real.epoll();
      }
    };
  }

  @Test
  void autoFallsBackToEpollWhereIoUringIsRefused() throws IOException {
    Transports.Choice c = Transports.choose("auto", refusing(true), null);
    assertEquals("epoll", c.factory().name());
    assertEquals(List.of("io_uring: " + EPERM), c.passedOver());
  }

  @Test
  void autoFallsBackToBlockingStreamsWhereBothAreRefused() throws IOException {
    Transports.Choice c = Transports.choose("auto", refusing(false), null);
    assertEquals("blocking", c.factory().name());
    assertEquals(2, c.passedOver().size(), c.passedOver().toString());
  }

  @Test
  void autoTakesBlockingStreamsWithoutNativeTransports() throws IOException {
    Transports.Choice c = Transports.choose("auto", null, "not Linux");
    assertEquals("blocking", c.factory().name());
    assertEquals(List.of("io_uring, epoll: not Linux"), c.passedOver());
  }

  @Test
  void aKindAskedForThatIsRefusedIsAnError() {
    IOException e =
        assertThrows(IOException.class, () -> Transports.choose("io_uring", refusing(true), null));
    assertEquals(EPERM, e.getMessage());
    e = assertThrows(IOException.class, () -> Transports.choose("epoll", null, "not Linux"));
    assertEquals("epoll is not available: not Linux", e.getMessage());
  }

  @Test
  void blockingAndJdbcNeedNoNativeTransport() throws IOException {
    for (String kind : List.of("blocking", "jdbc")) {
      assertEquals("blocking", Transports.choose(kind, false).factory().name(), kind);
    }
  }
}
