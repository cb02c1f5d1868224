package org.jpgbench.telemetry;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.db.Session;
import org.jpgbench.db.Takeover;
import org.jpgbench.wire.BackendDecoder;
import org.jpgbench.wire.Frontend;
import org.jpgbench.wire.ResultRows;
import org.jpgbench.wire.ServerMessage;

/**
 * The activity sample ({@link ServerQueries#activity}, prepared on the session) sent as Bind,
 * Execute and Sync on the monitoring session's own stream, taken over from the driver as the run's
 * clients take theirs: the statement's row description is never asked for again, and the messages
 * are built and decoded by the protocol code the clients keep compiled. Through the driver's query
 * path (its executor, result handlers and row objects, run by the interpreter at ten samples a
 * second) the monitor's thread cost about a quarter more (BENCHMARKS.md, session 19).
 *
 * <p>The driver's other queries on the same session (the counters at each interval's end) stay the
 * driver's: a sample reads the server's answer to its end (ReadyForQuery), so the driver finds the
 * session as it left it.
 */
final class WireSample implements BackendDecoder.Handler {
  private final Takeover stream;
  private final Frontend out = new Frontend();
  private final BackendDecoder in = new BackendDecoder();
  private final byte[] chunk = new byte[8192];
  private final List<String[]> rows = new ArrayList<>();
  private ServerMessage error;
  private boolean ready;

  private WireSample(Takeover stream) {
    this.stream = stream;
  }

  /**
   * Samples on {@code session}'s stream, or null when this driver's stream cannot be taken over
   * (the monitor then samples through the driver).
   */
  static WireSample of(Session session) {
    Takeover t = Takeover.of(session);
    return t == null ? null : new WireSample(t);
  }

  /**
   * One sample: the activity statement's rows for the backends {@code pids} (an int[]'s text).
   *
   * @return its rows, each as its columns' text (null for NULL); the list is reused by the next
   *     sample
   * @throws SQLException when the server answered with an error (the session is usable still), or
   *     the session was lost (SQLSTATE class 08)
   */
  List<String[]> rows(String pids) throws SQLException {
    out.clear();
    out.beginBind(ServerQueries.ACTIVITY_STATEMENT, 1);
    out.textParam(pids);
    out.endBind();
    out.execute();
    out.sync();
    rows.clear();
    error = null;
    ready = false;
    try {
      stream.write(out.buffer(), 0, out.length());
      while (!ready) {
        int n = stream.read(chunk, 0, chunk.length);
        if (n < 0) {
          throw new IOException("the server closed the connection");
        }
        in.feed(chunk, 0, n, this);
      }
    } catch (IOException | BackendDecoder.ProtocolException e) {
      in.reset();
      throw new SQLException(e.getMessage(), "08006", e);
    }
    if (error != null) {
      throw new SQLException(error.message(), error.code());
    }
    return rows;
  }

  @Override
  public boolean wants(byte type) {
    return type == 'D' || type == 'E';
  }

  @Override
  public void message(byte type, byte[] body, int offset, int length) {
    switch (type) {
      case 'D' -> rows.add(ResultRows.values(body, offset));
      case 'E' -> error = ServerMessage.parse(body, offset, length);
      case 'Z' -> ready = true;
      default -> {
        // BindComplete, CommandComplete, a notice or a parameter's new value: nothing to keep
      }
    }
  }
}
