package org.jpgbench.telemetry;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.db.Session;
import org.jpgbench.db.Takeover;
import org.jpgbench.io.Channel;
import org.jpgbench.io.Receiver;
import org.jpgbench.io.Transport;
import org.jpgbench.io.TransportFactory;
import org.jpgbench.wire.BackendDecoder;
import org.jpgbench.wire.Frontend;
import org.jpgbench.wire.ResultRows;
import org.jpgbench.wire.ServerMessage;

/**
 * The monitoring session's prepared statements ({@link ServerQueries#prepare}) executed as Bind,
 * Execute and Sync on a transport of the monitor's own, of the kind the run's clients use
 * (io_uring, epoll, or the driver's blocking streams under TLS), serving this one connection on the
 * monitor's thread. Once the driver has connected the session and prepared the statements, it is
 * not used again until it closes the session: every sample is then the protocol code, event loop
 * and system calls that the clients keep compiled, with no row description asked for. Through the
 * driver's query path and the JDK's socket streams (run by the interpreter, ten samples a second),
 * the monitor's thread cost about 40% more (BENCHMARKS.md, "Choices and why").
 *
 * <p>Used by the thread that made it only (an io_uring transport takes requests from its creator
 * alone).
 */
final class WireStatements implements Receiver, BackendDecoder.Handler, AutoCloseable {
  /** How long a statement may take before the session is given up as lost. */
  static final long TIMEOUT_NANOS = 10_000_000_000L;

  private final Transport transport;
  private Channel channel;
  private final Frontend out = new Frontend();
  private final BackendDecoder in = new BackendDecoder();

  /** Each statement's rows of the current round trip (grown as needed, reused). */
  private final List<List<String[]>> results = new ArrayList<>();

  /** How many statements of the round trip have completed (the next rows are the next one's). */
  private int answered;

  private ServerMessage error;
  private boolean ready;
  private boolean waiting;
  private String lost;

  private WireStatements(Transport transport) {
    this.transport = transport;
  }

  /**
   * Takes over {@code session}'s stream on a transport from {@code transports}; null when the
   * driver's stream cannot be taken over or no transport can serve it (the monitor then executes
   * through the driver).
   */
  static WireStatements of(Session session, TransportFactory transports) {
    Takeover stream = Takeover.of(session);
    if (stream == null) {
      return null;
    }
    Transport t;
    try {
      t = transports.create(1);
    } catch (IOException | RuntimeException e) {
      return null;
    }
    WireStatements w = new WireStatements(t);
    try {
      w.channel = t.open(stream, w);
      return w;
    } catch (IOException | RuntimeException e) {
      t.close();
      return null;
    }
  }

  /**
   * Executes the prepared statement {@code name}.
   *
   * @param param its one parameter's text, or null when it takes none
   * @return its rows, each as its columns' text (null for NULL); the list is reused by the next
   *     execution
   * @throws SQLException as {@link #rows(ServerQueries.Execute...)}
   */
  List<String[]> rows(String name, String param) throws SQLException {
    roundTrip(new ServerQueries.Execute(name, param));
    return results.get(0);
  }

  /**
   * Executes {@code statements} in one round trip: each one's Bind and Execute, then one Sync, so
   * that the server's backend wakes once for all of them and runs them in one transaction (the
   * statistics views then read one snapshot).
   *
   * @return each statement's rows, in order, each row as its columns' text (null for NULL); the
   *     lists are reused by the next call
   * @throws SQLException when the server answered with an error (the statements after the failed
   *     one were not run; the session is usable still), or the session was lost or did not answer
   *     in {@link #TIMEOUT_NANOS} (SQLSTATE class 08)
   */
  List<List<String[]>> rows(ServerQueries.Execute... statements) throws SQLException {
    roundTrip(statements);
    return results.subList(0, statements.length);
  }

  private void roundTrip(ServerQueries.Execute... statements) throws SQLException {
    if (lost != null) {
      throw new SQLException(lost, "08006");
    }
    out.clear();
    for (ServerQueries.Execute e : statements) {
      out.beginBind(e.name(), e.param() == null ? 0 : 1);
      if (e.param() != null) {
        out.textParam(e.param());
      }
      out.endBind();
      out.execute();
    }
    out.sync();
    while (results.size() < statements.length) {
      results.add(new ArrayList<>());
    }
    for (List<String[]> r : results) {
      r.clear();
    }
    answered = 0;
    error = null;
    ready = false;
    channel.send(out.buffer(), 0, out.length());
    long deadline = System.nanoTime() + TIMEOUT_NANOS;
    waiting = true;
    try {
      while (!ready && lost == null) {
        if (System.nanoTime() - deadline >= 0) {
          lost =
              "the server did not answer the monitor's query in "
                  + TIMEOUT_NANOS / 1_000_000_000L
                  + " s";
          break;
        }
        transport.await(deadline);
      }
    } finally {
      waiting = false;
    }
    if (lost != null) {
      throw new SQLException(lost, "08006");
    }
    if (error != null) {
      throw new SQLException(error.message(), error.code());
    }
  }

  /** Stops serving the connection (left open for the driver to close) and frees the transport. */
  @Override
  public void close() {
    channel.close();
    transport.close();
  }

  @Override
  public void received(byte[] bytes, int offset, int length) {
    try {
      in.feed(bytes, offset, length, this);
    } catch (BackendDecoder.ProtocolException e) {
      lost = e.getMessage();
    }
  }

  @Override
  public void lost(String reason) {
    lost = reason == null ? "the connection was lost" : reason;
  }

  @Override
  public boolean awaitingData() {
    return waiting;
  }

  @Override
  public boolean wants(byte type) {
    return type == 'D' || type == 'E';
  }

  @Override
  public void message(byte type, byte[] body, int offset, int length) {
    switch (type) {
      case 'D' -> results.get(answered).add(ResultRows.values(body, offset));
      case 'C' -> answered++;
      case 'E' -> error = ServerMessage.parse(body, offset, length);
      case 'Z' -> ready = true;
      default -> {
        // BindComplete, a notice or a parameter's new value: nothing to keep
      }
    }
  }
}
