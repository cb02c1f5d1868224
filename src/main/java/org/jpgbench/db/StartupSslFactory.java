package org.jpgbench.db;

import java.io.IOException;
import java.net.Socket;
import java.util.Properties;
import javax.net.ssl.SSLSocket;
import org.postgresql.ssl.LibPQFactory;
import org.postgresql.util.PSQLException;

/**
 * The JDBC driver's TLS socket factory for jpgbench's connections (its {@code sslfactory}
 * property): the driver's own libpq-compatible factory (sslmode, sslrootcert, sslcert, sslkey,
 * host-name checks), whose sockets are wrapped in a {@link StartupSslSocket}, so that the
 * StartupMessage sent over TLS carries libpq's parameters too.
 */
public final class StartupSslFactory extends LibPQFactory {
  private final StartupPacket startup;

  /** Called by the driver with the connection's properties. */
  public StartupSslFactory(Properties info) throws PSQLException {
    super(info);
    this.startup = StartupSocketFactory.packet(info);
  }

  @Override
  public Socket createSocket(Socket socket, String host, int port, boolean autoClose)
      throws IOException {
    return new StartupSslSocket(
        (SSLSocket) super.createSocket(socket, host, port, autoClose), startup);
  }
}
