package org.jpgbench.io;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;

/**
 * The transport of last resort: blocking reads and writes through the driver's streams, for
 * connections a native transport cannot serve (TLS, GSS encryption, a JDK without the FFM API). It
 * serves one connection at a time, so a loop on it drives one client, as a thread per connection
 * does: {@link #await} blocks in a read while the client waits for a result, and parks until the
 * deadline otherwise.
 *
 * <p>Writes go out at once on the loop's thread, except when a client writes more than {@link
 * #INLINE_LIMIT} bytes without reading (a large pipeline): then a writer thread sends them while
 * the loop keeps reading, so that a server blocked on a full socket buffer can always go on.
 */
public final class BlockingTransport implements Transport {
  /** Bytes written without an intervening read before writes move to the writer thread. */
  static final int INLINE_LIMIT = 64 * 1024;

  private static final int READ_SIZE = 16 * 1024;

  private final Thread owner = Thread.currentThread();
  private final byte[] in = new byte[READ_SIZE];
  private Open open;

  private final class Open implements Channel {
    final Connected socket;
    final Receiver receiver;

    /** Bytes written since the receiver last waited for data. */
    long unread;

    Writer writer;
    boolean closed;

    Open(Connected socket, Receiver receiver) {
      this.socket = socket;
      this.receiver = receiver;
    }

    @Override
    public void send(byte[] bytes, int offset, int length) {
      if (closed) {
        return;
      }
      unread += length;
      if (writer == null && unread <= INLINE_LIMIT) {
        try {
          socket.write(bytes, offset, length);
        } catch (IOException e) {
          lose(e.getMessage());
        }
        return;
      }
      if (writer == null) {
        writer = new Writer(socket);
      }
      writer.queue(bytes, offset, length);
    }

    void lose(String reason) {
      if (!closed) {
        closed = true;
        if (writer != null) {
          writer.stop();
        }
        receiver.lost(reason);
      }
    }

    @Override
    public void close() {
      closed = true;
      if (writer != null) {
        writer.stop();
      }
      if (open == this) {
        open = null;
      }
    }
  }

  /** Sends queued bytes on a thread of its own, in order. */
  private static final class Writer implements Runnable {
    private final Connected socket;
    private final ArrayDeque<byte[]> queue = new ArrayDeque<>();
    private boolean stopped;
    private final Thread thread;

    Writer(Connected socket) {
      this.socket = socket;
      thread = new Thread(this, "jpgbench-writer");
      thread.setDaemon(true);
      thread.start();
    }

    synchronized void queue(byte[] bytes, int offset, int length) {
      byte[] copy = new byte[length];
      System.arraycopy(bytes, offset, copy, 0, length);
      queue.add(copy);
      notifyAll();
    }

    synchronized void stop() {
      stopped = true;
      notifyAll();
    }

    @Override
    public void run() {
      while (true) {
        byte[] next;
        synchronized (this) {
          while (queue.isEmpty() && !stopped) {
            try {
              wait();
            } catch (InterruptedException e) {
              return;
            }
          }
          if (stopped) {
            return;
          }
          next = queue.poll();
        }
        try {
          socket.write(next, 0, next.length);
        } catch (IOException e) {
          synchronized (this) {
            stopped = true;
          }
          // the loop's read sees the broken connection too
          return;
        }
      }
    }
  }

  @Override
  public String name() {
    return "blocking";
  }

  @Override
  public Channel open(Connected socket, Receiver receiver) {
    if (open != null) {
      throw new IllegalStateException("the blocking transport serves one connection at a time");
    }
    open = new Open(socket, receiver);
    return open;
  }

  @Override
  public void await(long deadlineNanos) {
    Open o = open;
    if (o != null && !o.closed && o.receiver.awaitingData()) {
      o.unread = 0;
      try {
        do { // one read, then whatever the driver has buffered already
          int n = o.socket.read(in, 0, in.length);
          if (n < 0) {
            o.lose("end of stream");
            return;
          }
          o.receiver.received(in, 0, n);
        } while (!o.closed && o.receiver.awaitingData() && o.socket.buffered());
      } catch (IOException e) {
        o.lose(e.getMessage() == null ? e.toString() : e.getMessage());
      }
      return;
    }
    long wait = deadlineNanos - System.nanoTime();
    if (wait > 0) {
      LockSupport.parkNanos(this, wait);
    }
  }

  @Override
  public void wakeup() {
    LockSupport.unpark(owner);
  }

  @Override
  public void close() {
    if (open != null) {
      open.close();
    }
  }
}
