package org.jpgbench.io.linux;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The Linux system calls the native transports make, bound through the Foreign Function &amp; Memory
 * API to the C library. Every wrapper returns what the kernel returns: a non-negative result, or
 * {@code -errno} (the C library's -1 and errno folded into one value, as the raw system calls
 * report them), so callers test one number. The errno is captured into a small per-caller buffer
 * ({@link Errno}), which keeps the wrappers free of thread-local state.
 *
 * <p>Two kinds of binding: calls that may block (waiting in {@code io_uring_enter} or {@code
 * epoll_pwait2}) are ordinary downcalls; calls that never block here ({@code send}/{@code recv} on
 * non-blocking sockets, {@code io_uring_enter} that only submits) are {@code critical}, which
 * spares the thread-state transition and lets them read and write Java arrays in place.
 */
final class Sys {
  private Sys() {}

  static final long SYS_IO_URING_SETUP = 425;
  static final long SYS_IO_URING_ENTER = 426;
  static final long SYS_IO_URING_REGISTER = 427;
  static final long SYS_EPOLL_PWAIT2 = 441;

  static final int EINTR = 4;
  static final int EAGAIN = 11;
  static final int EBUSY = 16;
  static final int EINVAL = 22;
  static final int EPIPE = 32;
  static final int ENOSYS = 38;
  static final int ETIME = 62;
  static final int ENOBUFS = 105;
  static final int ECONNRESET = 104;
  static final int ECANCELED = 125;
  static final int EPERM = 1;

  static final int PROT_READ = 1;
  static final int PROT_WRITE = 2;
  static final int MAP_SHARED = 0x01;
  static final int MAP_PRIVATE = 0x02;
  static final int MAP_ANONYMOUS = 0x20;
  static final int MAP_POPULATE = 0x8000;
  static final long MAP_FAILED = -1L;

  static final int F_GETFL = 3;
  static final int F_SETFL = 4;
  static final int O_NONBLOCK = 04000;
  static final int MSG_NOSIGNAL = 0x4000;
  static final int MSG_WAITALL = 0x100;
  static final int SHUT_RDWR = 2;
  static final int EFD_CLOEXEC = 02000000;
  static final int EFD_NONBLOCK = 04000;

  private static final Linker LINKER = Linker.nativeLinker();
  private static final SymbolLookup LIBC = LINKER.defaultLookup();
  private static final MemoryLayout CAPTURE = Linker.Option.captureStateLayout();
  private static final VarHandle ERRNO =
      CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
  private static final Linker.Option ERRNO_OPTION = Linker.Option.captureCallState("errno");

  /** A caller's buffer for the errno of its last call; confined to one thread at a time. */
  static final class Errno {
    final MemorySegment segment;

    Errno(Arena arena) {
      segment = arena.allocate(CAPTURE);
    }

    int value() {
      return (int) ERRNO.get(segment, 0L);
    }
  }

  private static MethodHandle bind(String name, FunctionDescriptor d, Linker.Option... options) {
    MemorySegment symbol = LIBC.find(name)
        .orElseThrow(() -> new UnsatisfiedLinkError("no " + name + " in the C library"));
    return LINKER.downcallHandle(symbol, d, options);
  }

  // syscall(long number, ...): every argument as a long, as the C library reads them
  private static final FunctionDescriptor SYSCALL6 = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG,
      JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SYSCALL =
      bind("syscall", SYSCALL6, Linker.Option.firstVariadicArg(1), ERRNO_OPTION);
  private static final MethodHandle SYSCALL_CRITICAL = bind("syscall", SYSCALL6,
      Linker.Option.firstVariadicArg(1), ERRNO_OPTION, Linker.Option.critical(false));
  private static final MethodHandle MMAP = bind("mmap", FunctionDescriptor.of(ADDRESS, ADDRESS,
      JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG), ERRNO_OPTION);
  private static final MethodHandle MUNMAP =
      bind("munmap", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG), ERRNO_OPTION);
  private static final MethodHandle CLOSE =
      bind("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT), ERRNO_OPTION);
  private static final MethodHandle FCNTL = bind("fcntl",
      FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG),
      Linker.Option.firstVariadicArg(2), ERRNO_OPTION);
  private static final MethodHandle EVENTFD =
      bind("eventfd", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT), ERRNO_OPTION);
  private static final MethodHandle WRITE = bind("write",
      FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG), ERRNO_OPTION);
  private static final MethodHandle READ = bind("read",
      FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG), ERRNO_OPTION);
  private static final MethodHandle SEND = bind("send",
      FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), ERRNO_OPTION,
      Linker.Option.critical(true));
  private static final MethodHandle RECV = bind("recv",
      FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), ERRNO_OPTION,
      Linker.Option.critical(true));
  private static final MethodHandle SHUTDOWN =
      bind("shutdown", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT), ERRNO_OPTION);
  private static final MethodHandle GETSOCKNAME = bind("getsockname",
      FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS), ERRNO_OPTION);
  private static final MethodHandle GETPEERNAME = bind("getpeername",
      FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS), ERRNO_OPTION);
  private static final MethodHandle EPOLL_CREATE1 =
      bind("epoll_create1", FunctionDescriptor.of(JAVA_INT, JAVA_INT), ERRNO_OPTION);
  private static final MethodHandle EPOLL_CTL = bind("epoll_ctl",
      FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS), ERRNO_OPTION);

  private static long result(long r, Errno e) {
    return r < 0 ? -e.value() : r;
  }

  private static RuntimeException unexpected(Throwable t) {
    if (t instanceof RuntimeException r) {
      return r;
    }
    if (t instanceof Error err) {
      throw err;
    }
    return new IllegalStateException(t);
  }

  /** A system call that may block the thread (up to six arguments). */
  static long syscall(Errno e, long nr, long a, long b, long c, long d, long f, long g) {
    try {
      return result((long) SYSCALL.invokeExact(e.segment, nr, a, b, c, d, f, g), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  /** A system call that returns at once (never waits): no thread-state transition. */
  static long syscallNow(Errno e, long nr, long a, long b, long c, long d, long f, long g) {
    try {
      return result((long) SYSCALL_CRITICAL.invokeExact(e.segment, nr, a, b, c, d, f, g), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  /** mmap; the address, or -errno. */
  static long mmap(Errno e, long length, int prot, int flags, int fd, long offset) {
    try {
      MemorySegment m = (MemorySegment) MMAP.invokeExact(e.segment, MemorySegment.NULL, length,
          prot, flags, fd, offset);
      return m.address() == MAP_FAILED ? -e.value() : m.address();
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  static int munmap(Errno e, long address, long length) {
    try {
      return (int) result((int) MUNMAP.invokeExact(e.segment, MemorySegment.ofAddress(address),
          length), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  static int close(Errno e, int fd) {
    try {
      return (int) result((int) CLOSE.invokeExact(e.segment, fd), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  static int fcntl(Errno e, int fd, int cmd, long arg) {
    try {
      return (int) result((int) FCNTL.invokeExact(e.segment, fd, cmd, arg), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  static int eventfd(Errno e, int initval, int flags) {
    try {
      return (int) result((int) EVENTFD.invokeExact(e.segment, initval, flags), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  static long write(Errno e, int fd, MemorySegment buf, long n) {
    try {
      return result((long) WRITE.invokeExact(e.segment, fd, buf, n), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  static long read(Errno e, int fd, MemorySegment buf, long n) {
    try {
      return result((long) READ.invokeExact(e.segment, fd, buf, n), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  /** send(2) on a non-blocking socket; {@code buf} may be a heap segment. */
  static long send(Errno e, int fd, MemorySegment buf, long n, int flags) {
    try {
      return result((long) SEND.invokeExact(e.segment, fd, buf, n, flags), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  /** recv(2) on a non-blocking socket; {@code buf} may be a heap segment. */
  static long recv(Errno e, int fd, MemorySegment buf, long n, int flags) {
    try {
      return result((long) RECV.invokeExact(e.segment, fd, buf, n, flags), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  static int shutdown(Errno e, int fd, int how) {
    try {
      return (int) result((int) SHUTDOWN.invokeExact(e.segment, fd, how), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  static int getsockname(Errno e, int fd, MemorySegment addr, MemorySegment len) {
    try {
      return (int) result((int) GETSOCKNAME.invokeExact(e.segment, fd, addr, len), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  static int getpeername(Errno e, int fd, MemorySegment addr, MemorySegment len) {
    try {
      return (int) result((int) GETPEERNAME.invokeExact(e.segment, fd, addr, len), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  static int epollCreate1(Errno e, int flags) {
    try {
      return (int) result((int) EPOLL_CREATE1.invokeExact(e.segment, flags), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  static int epollCtl(Errno e, int epfd, int op, int fd, MemorySegment event) {
    try {
      return (int) result((int) EPOLL_CTL.invokeExact(e.segment, epfd, op, fd, event), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }
}
