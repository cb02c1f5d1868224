package org.jpgbench.io.linux;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The Linux system calls the native transports make, through the Foreign Function &amp; Memory API.
 * Nearly all go through one C function, {@code syscall(2)}, bound twice: as an ordinary downcall
 * for the calls that may block (waiting in {@code io_uring_enter} or {@code epoll_pwait2}), and as
 * a {@code critical} one, which spares the thread-state transition, for the calls that never wait.
 * Binding a function costs start-up time (a stub is generated for it), so two bindings serve twenty
 * calls (and twice more without errno capture, for {@code io_uring_enter} on every wake-up);
 * epoll's {@code send}/{@code recv} are bound apart, on first use, because they read and write Java
 * arrays in place.
 *
 * <p>Every wrapper returns what the kernel returns: a non-negative result or {@code -errno} (the C
 * library's -1 and errno folded into one value), so callers test one number. The errno is captured
 * into a small buffer of the caller's ({@link Errno}), free of thread-local state.
 */
final class Sys {
  private Sys() {}

  // ---- system call numbers: x86-64 and AArch64 (io_uring's and epoll_pwait2's are shared) ----
  private static final boolean X86_64 = "amd64".equals(System.getProperty("os.arch"));

  /** Whether this machine's system call numbers are known here. */
  static final boolean SUPPORTED = X86_64 || "aarch64".equals(System.getProperty("os.arch"));

  static final long SYS_READ = X86_64 ? 0 : 63;
  static final long SYS_WRITE = X86_64 ? 1 : 64;
  static final long SYS_CLOSE = X86_64 ? 3 : 57;
  static final long SYS_MMAP = X86_64 ? 9 : 222;
  static final long SYS_MUNMAP = X86_64 ? 11 : 215;
  static final long SYS_FCNTL = X86_64 ? 72 : 25;
  static final long SYS_GETSOCKNAME = X86_64 ? 51 : 204;
  static final long SYS_GETPEERNAME = X86_64 ? 52 : 205;
  static final long SYS_EVENTFD2 = X86_64 ? 290 : 19;
  static final long SYS_EPOLL_CREATE1 = X86_64 ? 291 : 20;
  static final long SYS_EPOLL_CTL = X86_64 ? 233 : 21;
  static final long SYS_EPOLL_PWAIT = X86_64 ? 281 : 22;
  static final long SYS_EPOLL_PWAIT2 = 441;
  static final long SYS_IO_URING_SETUP = 425;
  static final long SYS_IO_URING_ENTER = 426;
  static final long SYS_IO_URING_REGISTER = 427;

  static final int EPERM = 1;
  static final int EINTR = 4;
  static final int EAGAIN = 11;
  static final int EBUSY = 16;
  static final int EINVAL = 22;
  static final int EPIPE = 32;
  static final int ENOSYS = 38;
  static final int ETIME = 62;
  static final int ECONNRESET = 104;
  static final int ENOBUFS = 105;
  static final int ECANCELED = 125;

  static final int PROT_READ = 1;
  static final int PROT_WRITE = 2;
  static final int MAP_SHARED = 0x01;
  static final int MAP_PRIVATE = 0x02;
  static final int MAP_ANONYMOUS = 0x20;
  static final int MAP_POPULATE = 0x8000;

  static final int F_GETFL = 3;
  static final int F_SETFL = 4;
  static final int O_NONBLOCK = 04000;
  static final int MSG_NOSIGNAL = 0x4000;
  static final int MSG_WAITALL = 0x100;
  static final int EFD_CLOEXEC = 02000000;
  static final int EFD_NONBLOCK = 04000;

  private static final Linker LINKER = Linker.nativeLinker();
  private static final MemoryLayout CAPTURE = Linker.Option.captureStateLayout();
  private static final VarHandle ERRNO =
      CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
  private static final Linker.Option ERRNO_OPTION = Linker.Option.captureCallState("errno");

  /** A caller's buffer for the errno of its last call; used by one thread at a time. */
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
    MemorySegment symbol =
        LINKER
            .defaultLookup()
            .find(name)
            .orElseThrow(() -> new UnsatisfiedLinkError("no " + name + " in the C library"));
    return LINKER.downcallHandle(symbol, d, options);
  }

  /** syscall(long number, ...): every argument as a long, as the C library reads them. */
  private static final FunctionDescriptor SYSCALL6 =
      FunctionDescriptor.of(
          JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);

  private static final class Syscall {
    static final MethodHandle HANDLE =
        bind("syscall", SYSCALL6, Linker.Option.firstVariadicArg(1), ERRNO_OPTION);
  }

  private static final class SyscallNow {
    static final MethodHandle HANDLE =
        bind(
            "syscall",
            SYSCALL6,
            Linker.Option.firstVariadicArg(1),
            ERRNO_OPTION,
            Linker.Option.critical(false));
  }

  /** The same two bindings without errno, for the one call made on every wake-up. */
  private static final class SyscallUnchecked {
    static final MethodHandle HANDLE = bind("syscall", SYSCALL6, Linker.Option.firstVariadicArg(1));
  }

  private static final class NowUnchecked {
    static final MethodHandle HANDLE =
        bind("syscall", SYSCALL6, Linker.Option.firstVariadicArg(1), Linker.Option.critical(false));
  }

  /** send(2) and recv(2) on heap arrays: epoll only. */
  private static final class Send {
    static final MethodHandle HANDLE =
        bind(
            "send",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT),
            ERRNO_OPTION,
            Linker.Option.critical(true));
  }

  private static final class Recv {
    static final MethodHandle HANDLE =
        bind(
            "recv",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT),
            ERRNO_OPTION,
            Linker.Option.critical(true));
  }

  private static long result(long r, Errno e) {
    return r == -1 ? -e.value() : r;
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
      return result((long) Syscall.HANDLE.invokeExact(e.segment, nr, a, b, c, d, f, g), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  /** A system call that returns at once (never waits): no thread-state transition. */
  static long now(Errno e, long nr, long a, long b, long c, long d, long f, long g) {
    try {
      return result((long) SyscallNow.HANDLE.invokeExact(e.segment, nr, a, b, c, d, f, g), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  /** As {@link #syscall}, returning -1 (not -errno) for a failure. */
  static long syscallUnchecked(long nr, long a, long b, long c, long d, long f, long g) {
    try {
      return (long) SyscallUnchecked.HANDLE.invokeExact(nr, a, b, c, d, f, g);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  /** As {@link #now}, returning -1 (not -errno) for a failure. */
  static long nowUnchecked(long nr, long a, long b, long c, long d, long f, long g) {
    try {
      return (long) NowUnchecked.HANDLE.invokeExact(nr, a, b, c, d, f, g);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  /** mmap; the address, or -errno. */
  static long mmap(Errno e, long length, int prot, int flags, int fd, long offset) {
    return now(e, SYS_MMAP, 0, length, prot, flags, fd, offset);
  }

  static int munmap(Errno e, long address, long length) {
    return (int) now(e, SYS_MUNMAP, address, length, 0, 0, 0, 0);
  }

  static int close(Errno e, int fd) {
    return (int) now(e, SYS_CLOSE, fd, 0, 0, 0, 0, 0);
  }

  static int fcntl(Errno e, int fd, int cmd, long arg) {
    return (int) now(e, SYS_FCNTL, fd, cmd, arg, 0, 0, 0);
  }

  static int eventfd(Errno e, int initval, int flags) {
    return (int) now(e, SYS_EVENTFD2, initval, flags, 0, 0, 0, 0);
  }

  /** write(2) of a native buffer, to a descriptor that does not block (an eventfd). */
  static long write(Errno e, int fd, MemorySegment buf, long n) {
    return now(e, SYS_WRITE, fd, buf.address(), n, 0, 0, 0);
  }

  static long read(Errno e, int fd, MemorySegment buf, long n) {
    return now(e, SYS_READ, fd, buf.address(), n, 0, 0, 0);
  }

  static int getsockname(Errno e, int fd, MemorySegment addr, MemorySegment len) {
    return (int) now(e, SYS_GETSOCKNAME, fd, addr.address(), len.address(), 0, 0, 0);
  }

  static int getpeername(Errno e, int fd, MemorySegment addr, MemorySegment len) {
    return (int) now(e, SYS_GETPEERNAME, fd, addr.address(), len.address(), 0, 0, 0);
  }

  static int epollCreate1(Errno e, int flags) {
    return (int) now(e, SYS_EPOLL_CREATE1, flags, 0, 0, 0, 0, 0);
  }

  static int epollCtl(Errno e, int epfd, int op, int fd, MemorySegment event) {
    return (int) now(e, SYS_EPOLL_CTL, epfd, op, fd, event.address(), 0, 0);
  }

  /** send(2) on a non-blocking socket; {@code buf} may be a heap segment. */
  static long send(Errno e, int fd, MemorySegment buf, long n, int flags) {
    try {
      return result((long) Send.HANDLE.invokeExact(e.segment, fd, buf, n, flags), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  /** recv(2) on a non-blocking socket; {@code buf} may be a heap segment. */
  static long recv(Errno e, int fd, MemorySegment buf, long n, int flags) {
    try {
      return result((long) Recv.HANDLE.invokeExact(e.segment, fd, buf, n, flags), e);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }
}
