package org.jpgbench.io.linux;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;
import org.jpgbench.io.Channel;
import org.jpgbench.io.Receiver;

/**
 * One connection of a {@link UringTransport}: its descriptor, its place in the registered files,
 * its multishot receive and its send buffers (one send in flight, the bytes after it queued). Used
 * by the transport's thread only.
 */
final class UringSlot implements Channel {
  private final UringTransport t;

  final int index;
  int fd = -1;
  int generation;
  boolean open;
  Receiver receiver;
  boolean recvArmed;

  /** The buffer of the send in flight, and the buffer that collects what comes after it. */
  MemorySegment flight;

  MemorySegment queue;
  boolean sending;
  int flightLength;
  int flightDone;
  int queued;

  UringSlot(UringTransport transport, int index) {
    this.t = transport;
    this.index = index;
    this.flight = transport.arena.allocate(UringTransport.FIRST_SEND_BUFFER, 8);
    this.queue = transport.arena.allocate(UringTransport.FIRST_SEND_BUFFER, 8);
  }

  long userData(int op) {
    return ((long) generation << 32) | ((long) index << 8) | op;
  }

  @Override
  public void send(byte[] bytes, int offset, int length) {
    if (!open || length == 0) {
      return;
    }
    if (!sending) {
      flight = t.fit(flight, length, 0);
      MemorySegment.copy(bytes, offset, flight, JAVA_BYTE, 0, length);
      flightLength = length;
      flightDone = 0;
      submitSend();
    } else {
      queue = t.fit(queue, queued + length, queued);
      MemorySegment.copy(bytes, offset, queue, JAVA_BYTE, queued, length);
      queued += length;
    }
  }

  void submitSend() {
    sending = true;
    t.uring.send(
        sqeFd(),
        fixed(),
        flight.address() + flightDone,
        flightLength - flightDone,
        Sys.MSG_NOSIGNAL | Sys.MSG_WAITALL,
        userData(UringTransport.OP_SEND));
  }

  /** A send completed ({@code res} bytes or -errno); stale ones only free the buffer. */
  void sent(int res, boolean stale) {
    sending = false;
    if (stale || !open) {
      if (open && queued > 0) {
        startQueued();
      }
      return;
    }
    if (res < 0) {
      lose("send: " + Errors.name(-res));
      return;
    }
    flightDone += res;
    if (flightDone < flightLength) {
      submitSend();
    } else if (queued > 0) {
      startQueued();
    }
  }

  private void startQueued() {
    MemorySegment t = flight;
    flight = queue;
    queue = t;
    flightLength = queued;
    flightDone = 0;
    queued = 0;
    submitSend();
  }

  void armReceive() {
    recvArmed = true;
    t.uring.recvMultishot(
        sqeFd(), fixed(), UringTransport.BUFFER_GROUP, userData(UringTransport.OP_RECV));
  }

  int sqeFd() {
    return fixed() ? index : fd;
  }

  boolean fixed() {
    return t.fixedFiles && index < t.fixedCount;
  }

  void lose(String reason) {
    if (open) {
      Receiver r = receiver;
      detach();
      r.lost(reason);
    }
  }

  /** Stops delivering: the receive is cancelled, the registered file slot is cleared. */
  void detach() {
    if (!open) {
      return;
    }
    open = false;
    if (recvArmed) {
      t.uring.cancel(userData(UringTransport.OP_RECV), userData(UringTransport.OP_CANCEL));
    }
    queued = 0;
    if (fixed()) {
      t.updateFile(index, -1);
    }
    receiver = null;
  }

  @Override
  public void close() {
    detach();
  }
}
