package org.jpgbench.io.linux;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * A ring of provided buffers (io_uring's {@code IORING_REGISTER_PBUF_RING}, Linux 5.19+): the
 * buffers multishot receives fill. The kernel takes a buffer for each receive completion and names
 * it in the completion; the loop copies the bytes out and gives the buffer back with {@link
 * #recycle}, publishing the returns once per wake-up ({@link #publish}).
 */
final class BufferRing implements AutoCloseable {
  private static final VarHandle SHORT = JAVA_SHORT.varHandle();
  private static final int ENTRY = 16;

  /** Offset of the ring's tail: the reserved field of entry 0. */
  private static final long TAIL = 14;

  final int group;
  final int bufferSize;
  private final int entries;
  private final int mask;
  private final long ringAddress;
  private final long ringLength;
  private final MemorySegment ring;
  private final MemorySegment buffers;
  private final Sys.Errno errno;
  private short tail;

  private BufferRing(
      int group,
      int entries,
      int bufferSize,
      long ringAddress,
      long ringLength,
      MemorySegment buffers,
      Sys.Errno errno) {
    this.group = group;
    this.entries = entries;
    this.mask = entries - 1;
    this.bufferSize = bufferSize;
    this.ringAddress = ringAddress;
    this.ringLength = ringLength;
    this.ring = MemorySegment.ofAddress(ringAddress).reinterpret(ringLength);
    this.buffers = buffers;
    this.errno = errno;
  }

  /**
   * Registers a ring of {@code entries} (a power of two) buffers of {@code bufferSize} bytes with
   * {@code uring} as buffer group {@code group}, every buffer handed to the kernel.
   */
  static BufferRing register(IoUring uring, int group, int entries, int bufferSize, Arena arena)
      throws IoUring.Unavailable {
    Sys.Errno errno = new Sys.Errno(arena);
    long length = Math.max(4096, (long) entries * ENTRY);
    long address =
        Sys.mmap(
            errno,
            length,
            Sys.PROT_READ | Sys.PROT_WRITE,
            Sys.MAP_PRIVATE | Sys.MAP_ANONYMOUS,
            -1,
            0);
    if (address < 0) {
      throw new IoUring.Unavailable("mmap of a buffer ring: " + Errors.name((int) -address));
    }
    MemorySegment reg = arena.allocate(40, 8);
    reg.set(JAVA_LONG, 0, address);
    reg.set(JAVA_INT, 8, entries);
    reg.set(JAVA_SHORT, 12, (short) group);
    int r = uring.register(IoUring.REGISTER_PBUF_RING, reg.address(), 1);
    if (r < 0) {
      Sys.munmap(errno, address, length);
      throw new IoUring.Unavailable("io_uring buffer ring: " + Errors.name(-r));
    }
    MemorySegment buffers = arena.allocate((long) entries * bufferSize, 64);
    BufferRing b = new BufferRing(group, entries, bufferSize, address, length, buffers, errno);
    for (int i = 0; i < entries; i++) {
      b.recycle(i);
    }
    b.publish();
    return b;
  }

  /** The bytes of buffer {@code id}. */
  MemorySegment buffer(int id) {
    return buffers.asSlice((long) id * bufferSize, bufferSize);
  }

  /** Offset of buffer {@code id} in {@link #all}. */
  long offset(int id) {
    return (long) id * bufferSize;
  }

  /** Every buffer, one after the other. */
  MemorySegment all() {
    return buffers;
  }

  /** Gives buffer {@code id} back (visible to the kernel after {@link #publish}). */
  void recycle(int id) {
    long at = (long) (tail & mask) * ENTRY;
    ring.set(JAVA_LONG, at, buffers.address() + (long) id * bufferSize);
    ring.set(JAVA_INT, at + 8, bufferSize);
    ring.set(JAVA_SHORT, at + 12, (short) id);
    tail++;
  }

  /** Publishes the buffers recycled since the last call. */
  void publish() {
    SHORT.setRelease(ring, TAIL, tail);
  }

  int entries() {
    return entries;
  }

  @Override
  public void close() {
    Sys.munmap(errno, ringAddress, ringLength);
  }
}
