package org.jpgbench.db;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.net.Socket;
import java.sql.Connection;
import javax.net.ssl.SSLSocket;
import org.jpgbench.io.Connected;
import org.postgresql.core.PGStream;
import org.postgresql.core.QueryExecutor;
import org.postgresql.core.QueryExecutorBase;

/**
 * Takes over the message stream of a connection the PostgreSQL JDBC driver opened and
 * authenticated: its socket, and blocking reads and writes through the driver's own stream (which
 * handles TLS and GSS encryption and holds whatever the driver read ahead). The driver exposes the
 * stream only to its own classes, so one field is read reflectively; a driver version without it
 * gets null: the run then uses JDBC, and --server-stats' monitor the driver's own queries.
 */
public final class Takeover implements Connected {
  private static final Field PG_STREAM = field(QueryExecutorBase.class, "pgStream");

  /** The stream's buffered input, for what it holds without a read (null: ask the stream). */
  private static final Field PG_INPUT = field(PGStream.class, "pgInput");

  private final PGStream stream;

  /** The driver's buffered input under {@link #stream}, or null when it cannot be reached. */
  private final InputStream input;

  /** Body bytes of the message {@link #read} is in the middle of. */
  private int bodyLeft;

  private Takeover(PGStream stream) {
    this.stream = stream;
    InputStream in = null;
    try {
      in = PG_INPUT == null ? null : (InputStream) PG_INPUT.get(stream);
    } catch (ReflectiveOperationException | RuntimeException e) {
      in = null;
    }
    this.input = in;
  }

  private static Field field(Class<?> owner, String name) {
    try {
      Field f = owner.getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** Whether this driver version lets its stream be taken over. */
  public static boolean supported() {
    return PG_STREAM != null;
  }

  /**
   * The stream of an idle connection, or null when this driver version does not allow it. The
   * session's client encoding does not matter: requests carry the script's bytes as they are.
   */
  public static Takeover of(Connection con) {
    return of(Session.of(con));
  }

  /** As {@link #of(Connection)}, for a session (null when it has no executor to take over). */
  public static Takeover of(Session session) {
    QueryExecutor qe = session.executor();
    if (PG_STREAM == null) {
      return null;
    }
    if (!(qe instanceof QueryExecutorBase)) {
      return null;
    }
    try {
      PGStream s = (PGStream) PG_STREAM.get(qe);
      if (s == null || s.isClosed()) {
        return null;
      }
      return new Takeover(s);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** The real socket (TCP, Unix-domain, or TLS), not the driver's view of it. */
  @Override
  public Socket socket() {
    return StartupSocket.unwrap(stream.getSocket());
  }

  @Override
  public boolean plain() {
    return !(stream.getSocket() instanceof SSLSocket) && !stream.isGssEncrypted();
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    stream.send(bytes, offset, length);
    stream.flush();
  }

  /** Message by message through the driver's stream: a header, then the body as it fits. */
  @Override
  public int read(byte[] into, int offset, int length) throws IOException {
    int n = 0;
    if (bodyLeft == 0) {
      if (length < 5) {
        throw new IllegalArgumentException("read needs room for a message header");
      }
      int type = stream.receiveChar();
      int len = stream.receiveInteger4();
      into[offset] = (byte) type;
      into[offset + 1] = (byte) (len >>> 24);
      into[offset + 2] = (byte) (len >>> 16);
      into[offset + 3] = (byte) (len >>> 8);
      into[offset + 4] = (byte) len;
      bodyLeft = Math.max(0, len - 4);
      n = 5;
    }
    int k = Math.min(bodyLeft, length - n);
    if (k > 0) {
      stream.receive(into, offset + n, k);
      bodyLeft -= k;
      n += k;
    }
    return n;
  }

  /**
   * What the driver's buffer holds, or the socket has ready, without reading. Not the driver's
   * {@code hasMessagePending}: where nothing is there it peeks with a 1 ms timeout, which waits,
   * throws a SocketTimeoutException, and leaves the socket non-blocking. Asked once as each
   * connection starts, that wait held -C runs to 0.8 times native pgbench's tps (now 0.96).
   */
  @Override
  public boolean buffered() throws IOException {
    if (bodyLeft > 0) {
      return true;
    }
    return input != null ? input.available() > 0 : stream.hasMessagePending();
  }
}
