package org.jpgbench.io;

/**
 * The way to the transports that call the kernel directly (io_uring, epoll). They use the Foreign
 * Function &amp; Memory API, final since JDK 22, and are compiled separately for it ({@code
 * src/main/java22}); on an older JDK, or off Linux, they are not there and this class says so
 * instead of failing to load them.
 */
final class NativeTransports {
  private static final String PROVIDER = "org.jpgbench.io.linux.LinuxTransports";

  private NativeTransports() {}

  /** The provider, or null with the reason in {@code why[0]}. */
  static NativeProvider find(String[] why) {
    if (Runtime.version().feature() < 22) {
      why[0] = "the FFM API needs JDK 22 or newer (this is " + Runtime.version().feature() + ")";
      return null;
    }
    if (!System.getProperty("os.name", "").equals("Linux")) {
      why[0] = "not Linux";
      return null;
    }
    try {
      return (NativeProvider) Class.forName(PROVIDER).getConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      why[0] = "native transports unavailable: " + e;
      return null;
    }
  }
}
