package org.jpgbench.io.linux;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.io.FileDescriptor;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
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
 */
final class SocketDescriptor {
  private static final short AF_INET = 2;
  private static final short AF_INET6 = 10;

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
    try (Arena arena = Arena.ofConfined();
        DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
      Sys.Errno errno = new Sys.Errno(arena);
      MemorySegment addr = arena.allocate(128, 8);
      MemorySegment len = arena.allocate(JAVA_INT);
      for (Path p : fds) {
        int fd;
        try {
          fd = Integer.parseInt(p.getFileName().toString());
        } catch (NumberFormatException e) {
          continue;
        }
        len.set(JAVA_INT, 0, 128);
        if (Sys.getsockname(errno, fd, addr, len) < 0 || port(addr) != localPort) {
          continue;
        }
        len.set(JAVA_INT, 0, 128);
        if (Sys.getpeername(errno, fd, addr, len) < 0
            || port(addr) != peerPort
            || !sameAddress(addr, peerBytes)) {
          continue;
        }
        return fd;
      }
    }
    throw new IOException("no descriptor matches the socket " + socket);
  }

  /** The port of a sockaddr_in or sockaddr_in6, -1 for another family. */
  private static int port(MemorySegment addr) {
    short family = addr.get(JAVA_SHORT, 0);
    if (family != AF_INET && family != AF_INET6) {
      return -1;
    }
    short p = addr.get(JAVA_SHORT.withOrder(ByteOrder.BIG_ENDIAN), 2);
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
