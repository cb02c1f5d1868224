package org.jpgbench.io;

import java.io.IOException;
import java.util.List;

/**
 * Chooses the run's transport once: io_uring where the kernel allows it, else epoll, else the
 * blocking streams, unless a kind is asked for ({@code --transport}). The reasons a better kind was
 * not taken are kept for --debug.
 */
public final class Transports {
  /**
   * The kinds --transport names. "jdbc" is the blocking streams with the queries through the JDBC
   * driver instead of the run's own protocol code (the run decides that: {@code run.Engine}).
   */
  public static final List<String> KINDS = List.of("auto", "io_uring", "epoll", "blocking", "jdbc");

  private Transports() {}

  /** The chosen factory and why the ones before it were passed over. */
  public record Choice(TransportFactory factory, List<String> passedOver) {}

  /**
   * @param kind one of {@link #KINDS}
   * @param plain whether the run's connections carry plain bytes (no TLS or GSS encryption): only
   *     then can a native transport serve them
   * @throws IOException when the kind asked for cannot be had here
   */
  public static Choice choose(String kind, boolean plain) throws IOException {
    if (kind.equals("blocking") || kind.equals("jdbc")) {
      return new Choice(blocking(), List.of());
    }
    String[] why = new String[1];
    NativeProvider p = plain ? NativeTransports.find(why) : null;
    return choose(kind, p, plain ? why[0] : "the connections are encrypted (TLS or GSS)");
  }

  /**
   * As {@link #choose(String, boolean)} with the native transports of {@code p} (null: none, for
   * the reason {@code why}).
   */
  static Choice choose(String kind, NativeProvider p, String why) throws IOException {
    java.util.ArrayList<String> passed = new java.util.ArrayList<>();
    if (p == null) {
      if (!kind.equals("auto")) {
        throw new IOException(kind + " is not available: " + why);
      }
      passed.add("io_uring, epoll: " + why);
      return new Choice(blocking(), passed);
    }
    if (kind.equals("auto") || kind.equals("io_uring")) {
      try {
        return new Choice(p.uring(), passed);
      } catch (IOException e) {
        if (kind.equals("io_uring")) {
          throw e;
        }
        passed.add("io_uring: " + e.getMessage());
      }
    }
    try {
      return new Choice(p.epoll(), passed);
    } catch (IOException e) {
      if (kind.equals("epoll")) {
        throw e;
      }
      passed.add("epoll: " + e.getMessage());
      return new Choice(blocking(), passed);
    }
  }

  /** Blocking transports: one connection per loop. */
  public static TransportFactory blocking() {
    return new TransportFactory() {
      @Override
      public String name() {
        return "blocking";
      }

      @Override
      public boolean multiplexes() {
        return false;
      }

      @Override
      public Transport create(int connections) {
        return new BlockingTransport();
      }
    };
  }
}
