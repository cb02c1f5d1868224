package org.jpgbench.db;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Properties;
import javax.net.SocketFactory;
import org.newsclub.net.unix.AFUNIXSocketFactory;

/**
 * The JDBC driver's socket factory for jpgbench's connections (its {@code socketFactory} property):
 * TCP sockets, or Unix-domain sockets through junixsocket when {@link #UNIX_SOCKET} names a socket
 * file, each a {@link StartupSocket} that sends libpq's startup parameters ({@link #STARTUP}). The
 * driver makes one per connection, with the connection's properties.
 */
public final class StartupSocketFactory extends SocketFactory {
  /** The property holding {@link StartupPacket#encode()}. */
  static final String STARTUP = "jpgbench.startup";

  /** The property holding the Unix-domain socket's path, for a socket connection. */
  static final String UNIX_SOCKET = "jpgbench.unixSocket";

  private final StartupPacket startup;
  private final String unixSocket;

  /** Called by the driver with the connection's properties. */
  public StartupSocketFactory(Properties info) {
    this.startup = packet(info);
    this.unixSocket = info.getProperty(UNIX_SOCKET);
  }

  static StartupPacket packet(Properties info) {
    String s = info.getProperty(STARTUP);
    if (s == null) {
      throw new IllegalArgumentException("no startup parameters for jpgbench's socket factory");
    }
    return StartupPacket.decode(s);
  }

  @Override
  public Socket createSocket() throws IOException {
    Socket inner =
        unixSocket == null
            ? new Socket()
            : new AFUNIXSocketFactory.FactoryArg(unixSocket).createSocket();
    return new StartupSocket(inner, startup);
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port));
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
      throws IOException {
    return connected(
        new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port));
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return connected(
        new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
  }

  private Socket connected(InetSocketAddress to) throws IOException {
    return connected(to, null);
  }

  /** A new socket, bound to {@code from} when not null, connected to {@code to}. */
  private Socket connected(InetSocketAddress to, InetSocketAddress from) throws IOException {
    Socket s = createSocket();
    if (from != null) {
      s.bind(from);
    }
    s.connect(to);
    return s;
  }
}
