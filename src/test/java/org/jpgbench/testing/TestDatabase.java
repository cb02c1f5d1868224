package org.jpgbench.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * A live database handed to an integration test by {@link PostgresExtension}: one per test class,
 * on one server per test run.
 *
 * @param socketDir the server's Unix-socket directory, or null when unknown (an external server)
 */
public record TestDatabase(String host, int port, String user, String name, String socketDir) {
  public TestDatabase(String host, int port, String user, String name) {
    this(host, port, user, name, null);
  }

  public String jdbcUrl() {
    return "jdbc:postgresql://" + host + ":" + port + "/" + name;
  }

  public Connection connect() throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", user);
    return DriverManager.getConnection(jdbcUrl(), p);
  }

  /**
   * A ConnectionFactory for this database (TCP, user, no password), honouring the query mode: the
   * product's {@link org.jpgbench.db.LibpqConnectionFactory} with an empty environment.
   */
  public org.jpgbench.db.ConnectionFactory connectionFactory() {
    org.jpgbench.config.OptionsBuilder b = org.jpgbench.config.Options.builder();
    b.host = host;
    b.port = Integer.toString(port);
    b.user = user;
    b.dbName = name;
    return org.jpgbench.db.LibpqConnectionFactory.create(b.build(), java.util.Map.of());
  }

  /** Connection arguments for the jpgbench command line: -h H -p P -U U, the database last. */
  public List<String> cliArgs(String... middle) {
    var args =
        new java.util.ArrayList<>(List.of("-h", host, "-p", Integer.toString(port), "-U", user));
    args.addAll(List.of(middle));
    args.add(name);
    return args;
  }
}
