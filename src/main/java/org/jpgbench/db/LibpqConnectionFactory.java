package org.jpgbench.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import org.jpgbench.config.Options;

/** libpq-compatible connection settings. CONTRACT (skeleton): the db work owns the body. */
public final class LibpqConnectionFactory implements ConnectionFactory {
  /** @param env the process environment (PG* variables), passed in so tests can set it */
  public static LibpqConnectionFactory create(Options options, Map<String, String> env) {
    throw new UnsupportedOperationException("db package: not yet implemented");
  }

  @Override
  public Connection open(Options.QueryMode mode) throws SQLException {
    throw new UnsupportedOperationException("db package: not yet implemented");
  }

  @Override
  public String describe() {
    return "";
  }

  @Override
  public String database() {
    return "";
  }
}
