package org.jpgbench.io.linux;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
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
 * The event loop's transport on io_uring: each connection has one multishot receive armed for its
 * whole life, filled from a shared ring of provided buffers, and one send at a time in flight (more
 * bytes queue behind it); the sockets are registered files. Everything a round of the loop queued
 * goes to the kernel with the next wait, so the system calls do not grow with the number of clients
 * that sent and received: {@code io_uring_enter} submits the sends, waits for the first completion
 * (or the deadline), and the completions that are there are handled in one pass. (A send usually
 * completes as it is submitted, so that wait often ends at once and the next round waits for the
 * answers; waiting for more completions than the sends in flight would save that second call, but
 * with deferred task running a send that must wait for room in the socket is retried only when the
 * waiting thread is woken, which that wait never does: the 4 MB query of HostileInputTest hung.)
 * Another thread wakes the loop through an eventfd that is always being read.
 */
final class UringTransport implements Transport {
  static final int OP_SEND = 1;
  static final int OP_RECV = 2;
  private static final int OP_WAKE = 3;
  static final int OP_CANCEL = 4;
  static final int BUFFER_GROUP = 1;

  /** Provided receive buffers: a select-only answer takes 60 bytes, a large result many. */
  private static final int BUFFER_SIZE = 8 * 1024;

  static final int FIRST_SEND_BUFFER = 4 * 1024;

  final Arena arena;
  final IoUring uring;
  private final BufferRing buffers;
  final boolean fixedFiles;
  final int fixedCount;
  private final Sys.Errno errno;
  private final int wakeFd;
  private final MemorySegment wakeRead;
  private final MemorySegment wakeWrite;
  private final Sys.Errno wakeErrno;
  private final MemorySegment filesUpdate;
  private final byte[] scratch = new byte[BUFFER_SIZE];
  private UringSlot[] slots = new UringSlot[0];

  /** Connections whose receive ended and must be armed again (ENOBUFS, or a multishot's end). */
  private UringSlot[] rearm = new UringSlot[4];

  private int rearmCount;
  private boolean recycled;
  private final Object wakeLock = new Object();
  private boolean closed;

  private UringTransport(
      Arena arena,
      IoUring uring,
      BufferRing buffers,
      int fixedCount,
      Sys.Errno errno,
      int wakeFd,
      MemorySegment filesUpdate) {
    this.arena = arena;
    this.uring = uring;
    this.buffers = buffers;
    this.fixedFiles = fixedCount > 0;
    this.fixedCount = fixedCount;
    this.errno = errno;
    this.wakeFd = wakeFd;
    this.wakeRead = arena.allocate(8, 8);
    this.wakeWrite = arena.allocate(8, 8);
    this.wakeWrite.set(JAVA_LONG, 0, 1L);
    this.wakeErrno = new Sys.Errno(arena);
    this.filesUpdate = filesUpdate;
    armWake();
  }

  /**
   * A transport for a loop of {@code connections} connections.
   *
   * @throws IoUring.Unavailable when io_uring is refused or too old here
   */
  static UringTransport create(int connections) throws IoUring.Unavailable {
    Arena setup = Arena.ofShared(); // the wake-up buffers are used by other threads too
    IoUring uring = null;
    BufferRing buffers = null;
    try {
      int capacity = Math.max(4, connections * 2);
      int sq = Integer.highestOneBit(Math.max(64, capacity * 4) - 1) << 1;
      uring = IoUring.open(sq, sq * 4, setup);
      int nbuf = Integer.highestOneBit(Math.max(64, connections * 4) - 1) << 1;
      buffers = BufferRing.register(uring, BUFFER_GROUP, nbuf, BUFFER_SIZE, setup);
      Sys.Errno errno = new Sys.Errno(setup);
      int wake = Sys.eventfd(errno, 0, Sys.EFD_CLOEXEC | Sys.EFD_NONBLOCK);
      if (wake < 0) {
        throw new IoUring.Unavailable("eventfd: " + Errors.name(-wake));
      }
      // a sparse table of registered files, one entry per possible connection
      MemorySegment table = setup.allocate(JAVA_INT, capacity);
      table.fill((byte) -1);
      int fixed =
          uring.register(IoUring.REGISTER_FILES, table.address(), capacity) == 0 ? capacity : 0;
      MemorySegment update = setup.allocate(24, 8);
      return new UringTransport(setup, uring, buffers, fixed, errno, wake, update);
    } catch (IoUring.Unavailable | RuntimeException e) {
      if (uring != null) {
        uring.close();
      }
      if (buffers != null) {
        buffers.close();
      }
      setup.close();
      throw e;
    }
  }

  @Override
  public String name() {
    return "io_uring";
  }

  @Override
  public Channel open(Connected socket, Receiver receiver) throws IOException {
    if (!socket.plain()) {
      throw new IOException("io_uring serves plain sockets only (no TLS or GSS encryption)");
    }
    int fd = SocketDescriptor.of(socket.socket());
    UringSlot s = freeSlot();
    s.fd = fd;
    s.generation++;
    s.receiver = receiver;
    s.open = true;
    s.queued = 0;
    if (s.fixed()) {
      updateFile(s.index, fd);
    }
    s.armReceive();
    return s;
  }

  private UringSlot freeSlot() {
    for (UringSlot s : slots) {
      if (!s.open && !s.recvArmed) {
        return s;
      }
    }
    int n = slots.length;
    slots = Arrays.copyOf(slots, n == 0 ? 4 : n * 2);
    for (int i = n; i < slots.length; i++) {
      slots[i] = new UringSlot(this, i);
    }
    return slots[n];
  }

  void updateFile(int index, int fd) {
    MemorySegment one = filesUpdate.asSlice(16, 4);
    one.set(JAVA_INT, 0, fd);
    filesUpdate.set(JAVA_INT, 0, index);
    filesUpdate.set(JAVA_INT, 4, 0);
    filesUpdate.set(JAVA_LONG, 8, one.address());
    uring.register(IoUring.REGISTER_FILES_UPDATE, filesUpdate.address(), 1);
  }

  private void armWake() {
    uring.read(wakeFd, wakeRead.address(), 8, OP_WAKE);
  }

  MemorySegment fit(MemorySegment buf, long need, int keep) {
    if (buf.byteSize() >= need) {
      return buf;
    }
    MemorySegment bigger = arena.allocate(Math.max(need, buf.byteSize() * 2), 8);
    if (keep > 0) {
      MemorySegment.copy(buf, 0, bigger, 0, keep);
    }
    return bigger;
  }

  @Override
  public void await(long deadlineNanos) {
    for (int i = 0; i < rearmCount; i++) {
      UringSlot s = rearm[i];
      if (s.open && !s.recvArmed) {
        s.armReceive();
      }
    }
    rearmCount = 0;
    boolean idle = uring.cqHead() == uring.cqTail();
    int waitFor;
    long timeout;
    if (deadlineNanos == Long.MAX_VALUE) { // no deadline: the clock need not be read
      waitFor = idle ? 1 : 0;
      timeout = -1;
    } else {
      long wait = deadlineNanos - System.nanoTime();
      waitFor = idle && wait > 0 ? 1 : 0;
      timeout = waitFor == 0 ? -1 : wait;
    }
    int r = uring.enter(waitFor, timeout);
    if (r < 0) {
      throw new IllegalStateException("io_uring_enter: " + Errors.name(-r));
    }
    drain();
  }

  private void drain() {
    int head = uring.cqHead();
    int tail;
    while ((tail = uring.cqTail()) != head) {
      for (; head != tail; head++) {
        dispatch(uring.cqeUserData(head), uring.cqeRes(head), uring.cqeFlags(head));
      }
      uring.cqAdvance(head);
    }
    if (recycled) {
      buffers.publish();
      recycled = false;
    }
  }

  private void dispatch(long userData, int res, int flags) {
    int op = (int) (userData & 0xff);
    if (op == OP_WAKE) {
      armWake();
      return;
    }
    if (op == OP_CANCEL) {
      return;
    }
    UringSlot s = slots[(int) (userData >>> 8) & 0xffffff];
    boolean stale = (int) (userData >>> 32) != s.generation;
    if (op == OP_SEND) {
      s.sent(res, stale);
      return;
    }
    // OP_RECV
    boolean more = (flags & IoUring.CQE_F_MORE) != 0;
    if (!more && !stale) {
      s.recvArmed = false;
    }
    if ((flags & IoUring.CQE_F_BUFFER) != 0) {
      int id = flags >>> IoUring.CQE_BUFFER_SHIFT;
      if (res > 0 && !stale && s.open) {
        MemorySegment.copy(buffers.all(), JAVA_BYTE, buffers.offset(id), scratch, 0, res);
      }
      buffers.recycle(id);
      recycled = true;
    }
    if (stale || !s.open) {
      return;
    }
    if (res > 0) {
      s.receiver.received(scratch, 0, res);
      if (!more && s.open) {
        queueRearm(s);
      }
    } else if (res == 0) {
      s.lose("server closed the connection");
    } else if (-res == Sys.ENOBUFS) {
      queueRearm(s);
    } else if (-res != Sys.ECANCELED) {
      s.lose("recv: " + Errors.name(-res));
    }
  }

  private void queueRearm(UringSlot s) {
    if (rearmCount == rearm.length) {
      rearm = Arrays.copyOf(rearm, rearmCount * 2);
    }
    rearm[rearmCount++] = s;
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
    for (UringSlot s : slots) {
      s.detach();
    }
    uring.close();
    buffers.close();
    synchronized (wakeLock) {
      closed = true; // a late wakeup must not write to a descriptor number reused meanwhile
      Sys.close(errno, wakeFd);
    }
    arena.close();
  }
}
