package org.jpgbench.db;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Opens connections the way libpq would for the given -h/-p/-U/dbname and the PG* environment
 * (PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD, PGPASSFILE/~/.pgpass, PGSSLMODE, PGOPTIONS,
 * PGAPPNAME); a host that starts with '/' is a Unix-socket directory.
 *
 * <p>Implemented by {@link LibpqConnectionFactory}; the tests hand the engine factories of their
 * own to break connections on purpose.
 */
public interface ConnectionFactory {
  /** A new connection in the given query mode (driver settings per mode); autocommit on. */
  Connection open(org.jpgbench.config.QueryMode mode) throws SQLException;

  /**
   * A session for a benchmark client that speaks the protocol itself on the driver's stream: by
   * default a JDBC connection ({@link #open}); {@link LibpqConnectionFactory} opens it below the
   * JDBC API, for about half the driver's work per connection.
   */
  default Session openSession(org.jpgbench.config.QueryMode mode) throws SQLException {
    return Session.of(open(mode));
  }

  /**
   * Where --server-stats' monitoring session connects: the server --server-stats-conninfo names,
   * else the run's own target.
   */
  default ConnectionFactory serverStats() {
    return this;
  }

  /** The application_name the run's connections give the server (pgbench's unless set). */
  default String applicationName() {
    return "pgbench";
  }

  /** "host:port" or the socket path, and the database, for messages; never a password. */
  String describe();

  String database();
}
