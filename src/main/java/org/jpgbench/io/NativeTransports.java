package org.jpgbench.io;

/**
 * The way to the transports that call the kernel directly (io_uring, epoll, through the Foreign
 * Function &amp; Memory API in {@code io.linux}): loaded by name only on Linux, so that elsewhere
 * this class says why they are not there instead of failing to load them.
 */
final class NativeTransports {
  private static final String PROVIDER = "org.jpgbench.io.linux.LinuxTransports";

  private NativeTransports() {}

  /** The provider, or null with the reason in {@code why[0]}. */
  static NativeProvider find(String[] why) {
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
