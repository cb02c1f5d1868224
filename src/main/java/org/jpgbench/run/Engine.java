package org.jpgbench.run;

import java.io.IOException;
import java.util.List;
import org.jpgbench.db.Session;
import org.jpgbench.db.Takeover;
import org.jpgbench.io.TransportFactory;
import org.jpgbench.io.Transports;

/**
 * How this run's clients reach the server, decided once on the setup connection: the protocol
 * spoken on the driver's stream ("wire", or "jdbc" when the stream cannot be taken over) and the
 * transport under it (io_uring, else epoll, else blocking streams; TLS and GSS connections and JDBC
 * always block, one client per thread).
 */
record Engine(TransportFactory transports, boolean jdbcOnly, List<String> passedOver) {
  /** Whether a loop drives several clients (else each client has a thread of its own). */
  boolean multiplexes() {
    return transports.multiplexes() && !jdbcOnly;
  }

  String path() {
    return jdbcOnly ? "jdbc" : "wire";
  }

  /**
   * Chooses for the connections that {@code setup} stands for; null (error printed) when the
   * transport asked for cannot be had.
   */
  static Engine choose(Session setup, String kind, Console console) {
    return choose(kind.equals("jdbc") ? null : Takeover.of(setup), kind, console);
  }

  /**
   * As {@link #choose(Session, String, Console)} for the setup session's stream, null where it
   * cannot be taken over (or --transport=jdbc asked not to): the JDBC path, with a warning unless
   * it was asked for.
   */
  static Engine choose(Takeover stream, String kind, Console console) {
    if (stream == null) {
      if (!kind.equals("jdbc")) {
        console.warning(Messages.NO_TAKEOVER);
      }
      Engine e = new Engine(Transports.blocking(), true, List.of());
      e.debug(console);
      return e;
    }
    Transports.Choice choice;
    try {
      choice = Transports.choose(kind, stream.plain());
    } catch (IOException e) {
      console.error(Messages.f(Messages.TRANSPORT_UNAVAILABLE, e.getMessage()));
      return null;
    }
    Engine e = new Engine(choice.factory(), false, choice.passedOver());
    e.debug(console);
    return e;
  }

  private void debug(Console console) {
    if (console.debugEnabled) {
      console.debug(Messages.f(Messages.DEBUG_TRANSPORT, transports.name(), path()));
      for (String why : passedOver) {
        console.debug(Messages.f(Messages.DEBUG_PASSED_OVER, why));
      }
    }
  }
}
