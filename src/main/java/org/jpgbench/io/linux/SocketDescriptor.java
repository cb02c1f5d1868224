package org.jpgbench.io.linux;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.io.FileDescriptor;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteOrder;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.newsclub.net.unix.AFSocket;
import org.newsclub.net.unix.FileDescriptorCast;

/**
 * Finds the operating-system descriptor of a connected {@link Socket}, which the JDK does not
 * expose. A Unix-domain socket comes from junixsocket, which hands out its descriptor. For a TCP
 * socket the process's open descriptors ({@code /proc/self/fd}) are matched against the socket's
 * two endpoints with {@code getsockname}/{@code getpeername}: a connected TCP socket is the only
 * one with its local and remote address and port, so the match is exact, and it needs no access to
 * the JDK's internals.
 *
 * <p>The kernel gives a new socket the lowest free descriptor, so while a run opens its connections
 * each one's is next to the one found before: the descriptors around that one are tried first (a
 * few system calls), and only when none matches is the whole table listed. Without that, opening
 * {@code -c 128} connections asked the kernel about every open descriptor for each of them.
 */
final class SocketDescriptor {
  private static final short AF_INET = 2;
  private static final short AF_INET6 = 10;
  private static final ValueLayout.OfShort NET_SHORT = JAVA_SHORT.withOrder(ByteOrder.BIG_ENDIAN);

  /** How far from the last descriptor found the probe looks before listing the table. */
  private static final int NEAR = 8;

  /** The descriptor found last (any thread): where the next search starts. */
  private static volatile int lastFound = -1;

  private SocketDescriptor() {}

  /** The descriptor of {@code socket}; an IOException when it cannot be found. */
  static int of(Socket socket) throws IOException {
    if (socket instanceof AFSocket<?> unix) {
      FileDescriptor fd = unix.getFileDescriptor();
      Integer n = FileDescriptorCast.using(fd).as(Integer.class);
      if (n == null || n < 0) {
        throw new IOException("no descriptor for the Unix-domain socket");
      }
      return n;
    }
    InetAddress peer = socket.getInetAddress();
    int localPort = socket.getLocalPort();
    int peerPort = socket.getPort();
    if (peer == null || localPort <= 0 || peerPort <= 0) {
      throw new IOException("the socket is not connected");
    }
    byte[] peerBytes = peer.getAddress();
    try (Arena arena = Arena.ofConfined()) {
      Probe probe = new Probe(arena, localPort, peerPort, peerBytes);
      int fd = probe.near(lastFound);
      if (fd < 0) {
        fd = probe.everyDescriptor();
      }
      if (fd < 0) {
        throw new IOException("no descriptor matches the socket " + socket);
      }
      lastFound = fd;
      return fd;
    }
  }

  /** Asks the kernel whether a descriptor is the socket with the two endpoints sought. */
  private static final class Probe {
    private final Sys.Errno errno;
    private final MemorySegment addr;
    private final MemorySegment len;
    private final int localPort;
    private final int peerPort;
    private final byte[] peerBytes;

    Probe(Arena arena, int localPort, int peerPort, byte[] peerBytes) {
      this.errno = new Sys.Errno(arena);
      this.addr = arena.allocate(128, 8);
      this.len = arena.allocate(JAVA_INT);
      this.localPort = localPort;
      this.peerPort = peerPort;
      this.peerBytes = peerBytes;
    }

    /**
     * The matching descriptor among the few around {@code last} (itself first: with -C each new
     * connection takes the number its predecessor freed), else -1.
     */
    int near(int last) {
      if (last < 0) {
        return -1;
      }
      if (matches(last)) {
        return last;
      }
      for (int d = 1; d <= NEAR; d++) {
        if (matches(last + d)) {
          return last + d;
        }
        if (last - d >= 0 && matches(last - d)) {
          return last - d;
        }
      }
      return -1;
    }

    /** The matching descriptor among all the process has open ({@code /proc/self/fd}), else -1. */
    int everyDescriptor() throws IOException {
      try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
        for (Path p : fds) {
          int fd;
          try {
            fd = Integer.parseInt(p.getFileName().toString());
          } catch (NumberFormatException e) {
            continue;
          }
          if (matches(fd)) {
            return fd;
          }
        }
      }
      return -1;
    }

    private boolean matches(int fd) {
      len.set(JAVA_INT, 0, 128);
      if (Sys.getsockname(errno, fd, addr, len) < 0 || port(addr) != localPort) {
        return false;
      }
      len.set(JAVA_INT, 0, 128);
      return Sys.getpeername(errno, fd, addr, len) >= 0
          && port(addr) == peerPort
          && sameAddress(addr, peerBytes);
    }
  }

  /** The port of a sockaddr_in or sockaddr_in6, -1 for another family. */
  private static int port(MemorySegment addr) {
    short family = addr.get(JAVA_SHORT, 0);
    if (family != AF_INET && family != AF_INET6) {
      return -1;
    }
    short p = addr.get(NET_SHORT, 2);
    return p & 0xffff;
  }

  /** Whether the sockaddr holds {@code ip} (IPv4, IPv6, or IPv4 mapped into IPv6). */
  private static boolean sameAddress(MemorySegment addr, byte[] ip) {
    short family = addr.get(JAVA_SHORT, 0);
    if (family == AF_INET) {
      return ip.length == 4 && matches(addr, 4, ip, 0, 4);
    }
    if (ip.length == 16) {
      return matches(addr, 8, ip, 0, 16);
    }
    // an IPv4 peer on a dual-stack socket: ::ffff:a.b.c.d
    for (int i = 0; i < 10; i++) {
      if (addr.get(JAVA_BYTE, 8 + i) != 0) {
        return false;
      }
    }
    return addr.get(JAVA_BYTE, 18) == (byte) 0xff
        && addr.get(JAVA_BYTE, 19) == (byte) 0xff
        && matches(addr, 20, ip, 0, 4);
  }

  private static boolean matches(MemorySegment addr, long at, byte[] ip, int from, int n) {
    for (int i = 0; i < n; i++) {
      if (addr.get(JAVA_BYTE, at + i) != ip[from + i]) {
        return false;
      }
    }
    return true;
  }
}
