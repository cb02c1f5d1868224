package org.jpgbench.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import org.jpgbench.server.EmbeddedPostgres;

/**
 * The PostgreSQL server of a test run: an embedded one started for this JVM, or the external server
 * named by JPGBENCH_TEST_PGHOST / JPGBENCH_TEST_PGPORT (and JPGBENCH_TEST_PGUSER, default
 * postgres). Closed (embedded: stopped) when JUnit closes its root store at the end of the run.
 */
final class TestServer implements AutoCloseable {
  final String host;
  final int port;
  final String user;

  /** The Unix-socket directory, or null when unknown (external server). */
  final String socketDir;

  /** null for an external server. */
  final EmbeddedPostgres embedded;

  private TestServer(
      String host, int port, String user, String socketDir, EmbeddedPostgres embedded) {
    this.host = host;
    this.port = port;
    this.user = user;
    this.socketDir = socketDir;
    this.embedded = embedded;
  }

  static TestServer start(Map<String, String> env) throws Exception {
    String host = env.get("JPGBENCH_TEST_PGHOST");
    String port = env.get("JPGBENCH_TEST_PGPORT");
    if (host != null && !host.isEmpty() || port != null && !port.isEmpty()) {
      return new TestServer(
          host == null || host.isEmpty() ? "127.0.0.1" : host,
          port == null || port.isEmpty() ? 5432 : Integer.parseInt(port),
          env.getOrDefault("JPGBENCH_TEST_PGUSER", "postgres"),
          null,
          null);
    }
    EmbeddedPostgres pg = EmbeddedPostgres.start(System.err);
    return new TestServer(pg.host(), pg.port(), pg.user(), pg.socketDirectory(), pg);
  }

  boolean isEmbedded() {
    return embedded != null;
  }

  Connection admin() throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", user);
    return DriverManager.getConnection("jdbc:postgresql://" + host + ":" + port + "/postgres", p);
  }

  /** Creates (after dropping a leftover of the same name) a database for one test class. */
  synchronized TestDatabase createDatabase(String name) throws SQLException {
    try (Connection c = admin();
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name);
      s.execute("CREATE DATABASE " + name);
    }
    return new TestDatabase(host, port, user, name, socketDir);
  }

  synchronized void dropDatabase(String name) throws SQLException {
    try (Connection c = admin();
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }
  }

  @Override
  public void close() {
    if (embedded != null) {
      embedded.close();
    }
  }
}
