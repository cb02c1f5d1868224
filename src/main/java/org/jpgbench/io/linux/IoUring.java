package org.jpgbench.io.linux;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * One io_uring instance (Linux 6.1+), without liburing: the rings are created with {@code
 * io_uring_setup}, mapped into this process and read and written in place; {@link #enter} submits
 * what was queued and waits for completions in one system call. Set up for a single thread (the
 * event loop that owns it): {@code SINGLE_ISSUER} and {@code DEFER_TASKRUN}, so that the kernel
 * runs completion work only when that thread enters, and batches it.
 *
 * <p>Submission entries (64 bytes) are written field by field at their offsets in the kernel's
 * array; the submission array is the identity (entry i at index i), set once. The ring indexes
 * follow the kernel's memory-ordering contract: our own index is written with release semantics
 * after the entries it publishes, the kernel's is read with acquire semantics before the entries it
 * published.
 */
final class IoUring implements AutoCloseable {
  // ---- opcodes, flags and offsets of <linux/io_uring.h> ----
  static final byte OP_READ = 22;
  static final byte OP_SEND = 26;
  static final byte OP_RECV = 27;
  static final byte OP_ASYNC_CANCEL = 14;

  static final byte SQE_FIXED_FILE = 1;
  static final byte SQE_BUFFER_SELECT = 1 << 5;
  static final short RECV_MULTISHOT = 1 << 1;

  static final int CQE_F_BUFFER = 1;
  static final int CQE_F_MORE = 1 << 1;
  static final int CQE_BUFFER_SHIFT = 16;

  static final int SETUP_CQSIZE = 1 << 3;
  static final int SETUP_CLAMP = 1 << 4;
  static final int SETUP_SUBMIT_ALL = 1 << 7;
  static final int SETUP_COOP_TASKRUN = 1 << 8;
  static final int SETUP_SINGLE_ISSUER = 1 << 12;
  static final int SETUP_DEFER_TASKRUN = 1 << 13;

  static final int FEAT_SINGLE_MMAP = 1;
  static final int FEAT_NODROP = 1 << 1;
  static final int FEAT_EXT_ARG = 1 << 8;

  static final int ENTER_GETEVENTS = 1;
  static final int ENTER_EXT_ARG = 1 << 3;

  static final int REGISTER_FILES = 2;
  static final int REGISTER_FILES_UPDATE = 6;
  static final int REGISTER_PBUF_RING = 22;

  private static final long OFF_SQ_RING = 0L;
  private static final long OFF_SQES = 0x10000000L;
  private static final int SQE_SIZE = 64;
  private static final int CQE_SIZE = 16;
  private static final int PARAMS_SIZE = 120;
  private static final int SQ_OFF = 40;
  private static final int CQ_OFF = 80;

  private static final VarHandle INT = JAVA_INT.varHandle();

  final int fd;
  private final Sys.Errno errno;
  private final long ringAddress;
  private final long ringLength;
  private final long sqesAddress;
  private final long sqesLength;
  private final MemorySegment ring;
  private final MemorySegment sqes;
  private final int sqHeadOff;
  private final int sqTailOff;
  private final int sqMask;
  final int sqEntries;
  private final int cqHeadOff;
  private final int cqTailOff;
  private final int cqMask;
  private final int cqesOff;

  /** Our copy of the submission tail (entries prepared), and what the kernel was told. */
  private int sqTail;

  private int sqSubmitted;

  /** The enter argument for timed waits: io_uring_getevents_arg then a __kernel_timespec. */
  private final MemorySegment waitArg;

  /** Why a ring could not be set up (io_uring disabled, refused by a seccomp profile, too old). */
  static final class Unavailable extends Exception {
    private static final long serialVersionUID = 1L;

    Unavailable(String message) {
      super(message, null, false, false);
    }
  }

  private IoUring(
      int fd,
      Sys.Errno errno,
      long ringAddress,
      long ringLength,
      long sqesAddress,
      long sqesLength,
      MemorySegment params,
      Arena arena) {
    this.fd = fd;
    this.errno = errno;
    this.ringAddress = ringAddress;
    this.ringLength = ringLength;
    this.sqesAddress = sqesAddress;
    this.sqesLength = sqesLength;
    this.ring = MemorySegment.ofAddress(ringAddress).reinterpret(ringLength);
    this.sqes = MemorySegment.ofAddress(sqesAddress).reinterpret(sqesLength);
    sqHeadOff = params.get(JAVA_INT, SQ_OFF);
    sqTailOff = params.get(JAVA_INT, SQ_OFF + 4);
    sqMask = ring.get(JAVA_INT, params.get(JAVA_INT, SQ_OFF + 8));
    sqEntries = ring.get(JAVA_INT, params.get(JAVA_INT, SQ_OFF + 12));
    int sqArrayOff = params.get(JAVA_INT, SQ_OFF + 24);
    cqHeadOff = params.get(JAVA_INT, CQ_OFF);
    cqTailOff = params.get(JAVA_INT, CQ_OFF + 4);
    cqMask = ring.get(JAVA_INT, params.get(JAVA_INT, CQ_OFF + 8));
    cqesOff = params.get(JAVA_INT, CQ_OFF + 20);
    for (int i = 0; i < sqEntries; i++) {
      ring.set(JAVA_INT, sqArrayOff + 4L * i, i);
    }
    sqTail = (int) INT.getAcquire(ring, (long) sqTailOff);
    sqSubmitted = sqTail;
    waitArg = arena.allocate(40, 8);
    waitArg.set(JAVA_LONG, 16, waitArg.address() + 24); // ts points at the timespec that follows
  }

  /**
   * Creates a ring of at least {@code entries} submission entries and {@code cqEntries} completion
   * entries.
   *
   * @throws Unavailable when the kernel refuses io_uring or lacks what this class needs
   */
  static IoUring open(int entries, int cqEntries, Arena arena) throws Unavailable {
    Sys.Errno errno = new Sys.Errno(arena);
    MemorySegment params = arena.allocate(PARAMS_SIZE, 8);
    int flags =
        SETUP_SINGLE_ISSUER | SETUP_DEFER_TASKRUN | SETUP_CQSIZE | SETUP_CLAMP | SETUP_SUBMIT_ALL;
    params.set(JAVA_INT, 4, cqEntries);
    params.set(JAVA_INT, 8, flags);
    long fd = Sys.syscall(errno, Sys.SYS_IO_URING_SETUP, entries, params.address(), 0, 0, 0, 0);
    if (fd < 0) {
      throw new Unavailable("io_uring_setup: " + Errors.name((int) -fd));
    }
    int features = params.get(JAVA_INT, 20);
    int need = FEAT_SINGLE_MMAP | FEAT_NODROP | FEAT_EXT_ARG;
    if ((features & need) != need) {
      Sys.close(errno, (int) fd);
      throw new Unavailable("io_uring lacks features 0x" + Integer.toHexString(need & ~features));
    }
    int sqEntries = params.get(JAVA_INT, 0);
    int cqActual = params.get(JAVA_INT, 4);
    long sqRing = params.get(JAVA_INT, SQ_OFF + 24) + 4L * sqEntries;
    long cqRing = params.get(JAVA_INT, CQ_OFF + 20) + (long) CQE_SIZE * cqActual;
    long ringLength = Math.max(sqRing, cqRing);
    long ring =
        Sys.mmap(
            errno,
            ringLength,
            Sys.PROT_READ | Sys.PROT_WRITE,
            Sys.MAP_SHARED | Sys.MAP_POPULATE,
            (int) fd,
            OFF_SQ_RING);
    if (ring < 0) {
      Sys.close(errno, (int) fd);
      throw new Unavailable("mmap of the io_uring rings: " + Errors.name((int) -ring));
    }
    long sqesLength = (long) SQE_SIZE * sqEntries;
    long sqes =
        Sys.mmap(
            errno,
            sqesLength,
            Sys.PROT_READ | Sys.PROT_WRITE,
            Sys.MAP_SHARED | Sys.MAP_POPULATE,
            (int) fd,
            OFF_SQES);
    if (sqes < 0) {
      Sys.munmap(errno, ring, ringLength);
      Sys.close(errno, (int) fd);
      throw new Unavailable("mmap of the io_uring entries: " + Errors.name((int) -sqes));
    }
    return new IoUring((int) fd, errno, ring, ringLength, sqes, sqesLength, params, arena);
  }

  // ------------------------------------------------------------------ submissions

  /** Free submission entries; {@link #submit} makes room when there is none. */
  int sqSpace() {
    int head = (int) INT.getAcquire(ring, (long) sqHeadOff);
    return sqEntries - (sqTail - head);
  }

  /**
   * The entry being composed, as eight little-endian words, then stored into the kernel's array
   * word by word: compact code for the compiler, and no field-sized accesses.
   */
  private final long[] sqe = new long[8];

  /** Word 0 of an entry: opcode (byte 0), flags (1), ioprio (2-3), fd (4-7). */
  private static long head(byte opcode, int flags, int ioprio, int fd) {
    return (opcode & 0xffL)
        | (flags & 0xffL) << 8
        | (ioprio & 0xffffL) << 16
        | (fd & 0xffffffffL) << 32;
  }

  /** Publishes the composed entry as the next one (making room first when the ring is full). */
  private void put() {
    if (sqSpace() == 0) {
      submit();
    }
    long at = (long) (sqTail & sqMask) * SQE_SIZE;
    for (int i = 0; i < 8; i++) {
      sqes.set(JAVA_LONG, at + 8L * i, sqe[i]);
      sqe[i] = 0;
    }
    sqTail++;
  }

  /** send(fd, addr, len, flags); {@code fixed}: fd is an index of the registered files. */
  void send(int fd, boolean fixed, long addr, int len, int msgFlags, long userData) {
    sqe[0] = head(OP_SEND, fixed ? SQE_FIXED_FILE : 0, 0, fd);
    sqe[2] = addr;
    sqe[3] = (len & 0xffffffffL) | (long) msgFlags << 32;
    sqe[4] = userData;
    put();
  }

  /** A multishot recv into buffers of group {@code bgid}, until it ends or fails. */
  void recvMultishot(int fd, boolean fixed, int bgid, long userData) {
    sqe[0] = head(OP_RECV, SQE_BUFFER_SELECT | (fixed ? SQE_FIXED_FILE : 0), RECV_MULTISHOT, fd);
    sqe[4] = userData;
    sqe[5] = bgid & 0xffffL;
    put();
  }

  /** read(fd, addr, len) at the file's position (an eventfd). */
  void read(int fd, long addr, int len, long userData) {
    sqe[0] = head(OP_READ, 0, 0, fd);
    sqe[1] = -1L;
    sqe[2] = addr;
    sqe[3] = len & 0xffffffffL;
    sqe[4] = userData;
    put();
  }

  /** Cancels the request whose user data is {@code target}; completes with {@code userData}. */
  void cancel(long target, long userData) {
    sqe[0] = head(OP_ASYNC_CANCEL, 0, 0, -1);
    sqe[2] = target;
    sqe[4] = userData;
    put();
  }

  /** Entries prepared and not yet submitted. */
  int unsubmitted() {
    return sqTail - sqSubmitted;
  }

  /** Submits what was prepared without waiting (and runs deferred completion work). */
  void submit() {
    enter(0, -1);
  }

  /**
   * Publishes the prepared entries, submits them and waits for at least {@code minComplete}
   * completions or until {@code timeoutNanos} passed (-1: no limit; 0 with minComplete 0: do not
   * wait). A timeout or a signal ends the wait early; both are normal.
   *
   * @return -errno for a failure that is not a timeout, an interruption or a full ring, else 0
   */
  int enter(int minComplete, long timeoutNanos) {
    int toSubmit = sqTail - sqSubmitted;
    INT.setRelease(ring, (long) sqTailOff, sqTail);
    int flags = ENTER_GETEVENTS;
    long arg = 0;
    long argSize = 0;
    if (minComplete > 0 && timeoutNanos >= 0) {
      flags |= ENTER_EXT_ARG;
      waitArg.set(JAVA_LONG, 24, timeoutNanos / 1_000_000_000L);
      waitArg.set(JAVA_LONG, 32, timeoutNanos % 1_000_000_000L);
      arg = waitArg.address();
      argSize = 24;
    }
    // Without errno: a failure is nearly always benign (the wait timed out or a signal came),
    // and the next call happens at once anyway; only a run of failures is looked at closely.
    boolean checked = failures >= CHECK_AFTER_FAILURES;
    long r =
        checked
            ? Sys.syscall(
                errno, Sys.SYS_IO_URING_ENTER, fd, toSubmit, minComplete, flags, arg, argSize)
            : minComplete == 0
                ? Sys.nowUnchecked(Sys.SYS_IO_URING_ENTER, fd, toSubmit, 0, flags, arg, argSize)
                : Sys.syscallUnchecked(
                    Sys.SYS_IO_URING_ENTER, fd, toSubmit, minComplete, flags, arg, argSize);
    if (r >= 0) {
      sqSubmitted += (int) r; // the entries the kernel consumed; any others go with the next call
      failures = 0;
      return 0;
    }
    if (!checked) {
      failures++;
      return 0;
    }
    failures = 0;
    int e = (int) -r;
    if (e == Sys.ETIME || e == Sys.EINTR || e == Sys.EBUSY || e == Sys.EAGAIN) {
      return 0; // nothing was consumed: a timeout, a signal, or completions to reap first
    }
    return (int) r;
  }

  /** Failed enters in a row after which the next one captures errno to tell what fails. */
  private static final int CHECK_AFTER_FAILURES = 8;

  private int failures;

  // ------------------------------------------------------------------ completions

  /** The completion queue's head (ours) and tail (the kernel's). */
  int cqHead() {
    return (int) INT.get(ring, (long) cqHeadOff);
  }

  int cqTail() {
    return (int) INT.getAcquire(ring, (long) cqTailOff);
  }

  long cqeUserData(int index) {
    return ring.get(JAVA_LONG, cqesOff + (long) (index & cqMask) * CQE_SIZE);
  }

  int cqeRes(int index) {
    return ring.get(JAVA_INT, cqesOff + (long) (index & cqMask) * CQE_SIZE + 8);
  }

  int cqeFlags(int index) {
    return ring.get(JAVA_INT, cqesOff + (long) (index & cqMask) * CQE_SIZE + 12);
  }

  /** Hands the completion entries up to {@code head} back to the kernel. */
  void cqAdvance(int head) {
    INT.setRelease(ring, (long) cqHeadOff, head);
  }

  // ------------------------------------------------------------------ registration

  /** io_uring_register; 0 or -errno. */
  int register(int opcode, long arg, int count) {
    return (int) Sys.syscall(errno, Sys.SYS_IO_URING_REGISTER, fd, opcode, arg, count, 0, 0);
  }

  @Override
  public void close() {
    Sys.munmap(errno, sqesAddress, sqesLength);
    Sys.munmap(errno, ringAddress, ringLength);
    Sys.close(errno, fd);
  }
}
