package org.jpgbench.io.linux;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.jpgbench.io.Channel;
import org.jpgbench.io.Connected;
import org.jpgbench.io.Receiver;
import org.jpgbench.io.Transport;

/**
 * The event loop's transport where io_uring is refused (a seccomp profile such as Docker's default,
 * {@code kernel.io_uring_disabled}): pgbench's own model on epoll. Sockets are non-blocking; a send
 * is written at once and, when the socket buffer is full, the rest waits for the socket to become
 * writable; the loop waits in {@code epoll_pwait2} (microsecond timeouts), then reads each readable
 * socket once. An eventfd in the set lets another thread wake the loop.
 */
final class EpollTransport implements Transport {
  private static final int EPOLLIN = 0x001;
  private static final int EPOLLOUT = 0x004;
  private static final int EPOLLERR = 0x008;
  private static final int EPOLLHUP = 0x010;
  private static final int EPOLL_CTL_ADD = 1;
  private static final int EPOLL_CTL_DEL = 2;
  private static final int EPOLL_CTL_MOD = 3;
  private static final int EPOLL_CLOEXEC = 02000000;

  /** struct epoll_event is packed on x86-64 (12 bytes), naturally aligned elsewhere (16). */
  private static final int EVENT_SIZE = "amd64".equals(System.getProperty("os.arch")) ? 12 : 16;

  private static final int DATA_OFFSET = EVENT_SIZE == 12 ? 4 : 8;
  private static final long WAKE = -1L;
  private static final int READ_SIZE = 16 * 1024;

  private final Arena arena = Arena.ofShared();
  private final Sys.Errno errno = new Sys.Errno(arena);
  private final int epfd;
  private final int wakeFd;
  private final MemorySegment events;
  private final int maxEvents;
  private final MemorySegment event = arena.allocate(16, 8);
  private final MemorySegment timespec = arena.allocate(16, 8);
  private final MemorySegment wakeWrite = arena.allocate(8, 8);
  private final MemorySegment wakeRead = arena.allocate(8, 8);
  private final Sys.Errno wakeErrno = new Sys.Errno(arena);
  private final byte[] in = new byte[READ_SIZE];
  private final MemorySegment inSegment = MemorySegment.ofArray(in);
  private final Object wakeLock = new Object();
  private boolean closed;
  private boolean pwait2 = true;
  private Slot[] slots = new Slot[0];

  private final class Slot implements Channel {
    final int index;
    int fd = -1;
    int generation;
    boolean open;
    Receiver receiver;
    int savedFlags;

    /** Bytes the socket did not take yet, waiting for it to become writable. */
    byte[] pending = new byte[0];

    int pendingLength;

    Slot(int index) {
      this.index = index;
    }

    long data() {
      return ((long) generation << 32) | index;
    }

    @Override
    public void send(byte[] bytes, int offset, int length) {
      if (!open || length == 0) {
        return;
      }
      if (pendingLength > 0) {
        append(bytes, offset, length);
        return;
      }
      long n =
          Sys.send(
              errno,
              fd,
              MemorySegment.ofArray(bytes).asSlice(offset, length),
              length,
              Sys.MSG_NOSIGNAL);
      if (n == length) {
        return;
      }
      if (n < 0 && -n != Sys.EAGAIN && -n != Sys.EINTR) {
        lose("send: " + Errors.name((int) -n));
        return;
      }
      int done = (int) Math.max(n, 0);
      append(bytes, offset + done, length - done);
      control(EPOLL_CTL_MOD, fd, EPOLLIN | EPOLLOUT, data());
    }

    private void append(byte[] bytes, int offset, int length) {
      if (pendingLength + length > pending.length) {
        pending = Arrays.copyOf(pending, Math.max(pending.length * 2, pendingLength + length));
      }
      System.arraycopy(bytes, offset, pending, pendingLength, length);
      pendingLength += length;
    }

    void writable() {
      long n =
          Sys.send(
              errno,
              fd,
              MemorySegment.ofArray(pending).asSlice(0, pendingLength),
              pendingLength,
              Sys.MSG_NOSIGNAL);
      if (n < 0) {
        if (-n != Sys.EAGAIN && -n != Sys.EINTR) {
          lose("send: " + Errors.name((int) -n));
        }
        return;
      }
      System.arraycopy(pending, (int) n, pending, 0, pendingLength - (int) n);
      pendingLength -= (int) n;
      if (pendingLength == 0) {
        control(EPOLL_CTL_MOD, fd, EPOLLIN, data());
      }
    }

    void readable() {
      long n = Sys.recv(errno, fd, inSegment, in.length, 0);
      if (n > 0) {
        receiver.received(in, 0, (int) n);
      } else if (n == 0) {
        lose("server closed the connection");
      } else if (-n != Sys.EAGAIN && -n != Sys.EINTR) {
        lose("recv: " + Errors.name((int) -n));
      }
    }

    void lose(String reason) {
      if (open) {
        Receiver r = receiver;
        close();
        r.lost(reason);
      }
    }

    @Override
    public void close() {
      if (!open) {
        return;
      }
      open = false;
      control(EPOLL_CTL_DEL, fd, 0, 0);
      Sys.fcntl(errno, fd, Sys.F_SETFL, savedFlags); // the driver closes it as it opened it
      pendingLength = 0;
      receiver = null;
      fd = -1;
    }
  }

  private EpollTransport(int epfd, int wakeFd, int maxEvents) {
    this.epfd = epfd;
    this.wakeFd = wakeFd;
    this.maxEvents = maxEvents;
    this.events = arena.allocate((long) EVENT_SIZE * maxEvents, 8);
    wakeWrite.set(JAVA_LONG, 0, 1L);
    control(EPOLL_CTL_ADD, wakeFd, EPOLLIN, WAKE);
  }

  /** A transport for a loop of {@code connections} connections. */
  static EpollTransport create(int connections) throws IOException {
    try (Arena a = Arena.ofConfined()) {
      Sys.Errno e = new Sys.Errno(a);
      int ep = Sys.epollCreate1(e, EPOLL_CLOEXEC);
      if (ep < 0) {
        throw new IOException("epoll_create1: " + Errors.name(-ep));
      }
      int wake = Sys.eventfd(e, 0, Sys.EFD_CLOEXEC | Sys.EFD_NONBLOCK);
      if (wake < 0) {
        Sys.close(e, ep);
        throw new IOException("eventfd: " + Errors.name(-wake));
      }
      return new EpollTransport(ep, wake, Math.max(16, connections + 1));
    }
  }

  private void control(int op, int fd, int mask, long data) {
    event.set(JAVA_INT, 0, mask);
    event.set(JAVA_LONG.withByteAlignment(4), DATA_OFFSET, data);
    Sys.epollCtl(errno, epfd, op, fd, event);
  }

  @Override
  public String name() {
    return "epoll";
  }

  @Override
  public Channel open(Connected socket, Receiver receiver) throws IOException {
    if (!socket.plain()) {
      throw new IOException("epoll serves plain sockets only (no TLS or GSS encryption)");
    }
    int fd = SocketDescriptor.of(socket.socket());
    Slot s = null;
    for (Slot x : slots) {
      if (!x.open) {
        s = x;
        break;
      }
    }
    if (s == null) {
      int n = slots.length;
      slots = Arrays.copyOf(slots, n == 0 ? 4 : n * 2);
      for (int i = n; i < slots.length; i++) {
        slots[i] = new Slot(i);
      }
      s = slots[n];
    }
    int flags = Sys.fcntl(errno, fd, Sys.F_GETFL, 0);
    if (flags < 0 || Sys.fcntl(errno, fd, Sys.F_SETFL, flags | Sys.O_NONBLOCK) < 0) {
      throw new IOException("fcntl: " + Errors.name(-Math.min(flags, 0)));
    }
    s.savedFlags = flags;
    s.fd = fd;
    s.generation++;
    s.receiver = receiver;
    s.open = true;
    s.pendingLength = 0;
    control(EPOLL_CTL_ADD, fd, EPOLLIN, s.data());
    return s;
  }

  @Override
  public void await(long deadlineNanos) {
    long wait =
        deadlineNanos == Long.MAX_VALUE ? 0 : Math.max(0, deadlineNanos - System.nanoTime());
    long n;
    if (pwait2) {
      long ts = 0;
      if (deadlineNanos != Long.MAX_VALUE) {
        timespec.set(JAVA_LONG, 0, wait / 1_000_000_000L);
        timespec.set(JAVA_LONG, 8, wait % 1_000_000_000L);
        ts = timespec.address();
      }
      n = Sys.syscall(errno, Sys.SYS_EPOLL_PWAIT2, epfd, events.address(), maxEvents, ts, 0, 0);
      if (n == -Sys.ENOSYS) {
        pwait2 = false; // Linux before 5.11: millisecond timeouts
      }
    } else {
      n = -Sys.ENOSYS;
    }
    if (!pwait2) {
      long ms = deadlineNanos == Long.MAX_VALUE ? -1 : (wait + 999_999) / 1_000_000;
      n = Sys.syscall(errno, Sys.SYS_EPOLL_PWAIT, epfd, events.address(), maxEvents, ms, 0, 0);
    }
    if (n < 0) {
      if (-n == Sys.EINTR) {
        return;
      }
      throw new IllegalStateException("epoll_wait: " + Errors.name((int) -n));
    }
    for (int i = 0; i < n; i++) {
      long at = (long) i * EVENT_SIZE;
      int mask = events.get(JAVA_INT, at);
      long data = events.get(JAVA_LONG.withByteAlignment(4), at + DATA_OFFSET);
      if (data == WAKE) {
        Sys.read(errno, wakeFd, wakeRead, 8);
        continue;
      }
      Slot s = slots[(int) data];
      if (!s.open || (int) (data >>> 32) != s.generation) {
        continue;
      }
      if ((mask & EPOLLOUT) != 0) {
        s.writable();
      }
      if (s.open && (mask & (EPOLLIN | EPOLLERR | EPOLLHUP)) != 0) {
        s.readable();
      }
    }
  }

  @Override
  public void wakeup() {
    synchronized (wakeLock) {
      if (!closed) {
        Sys.write(wakeErrno, wakeFd, wakeWrite, 8);
      }
    }
  }

  @Override
  public void close() {
    for (Slot s : slots) {
      s.close();
    }
    Sys.close(errno, epfd);
    synchronized (wakeLock) {
      closed = true;
      Sys.close(errno, wakeFd);
    }
    arena.close();
  }
}
