package org.jpgbench.server;

import java.io.PrintStream;

/**
 * A throwaway PostgreSQL: bundled binaries extracted once to a per-user cache, initdb (trust,
 * --no-sync), started on 127.0.0.1 with a free port and fsync off, stopped by {@link #close} and by a
 * shutdown hook (success, error, Ctrl-C). CONTRACT (skeleton): the server work owns the body.
 */
public final class EmbeddedPostgres implements AutoCloseable {
  /** Starts a fresh cluster; progress messages (if any) go to {@code log}. */
  public static EmbeddedPostgres start(PrintStream log) throws java.io.IOException {
    throw new UnsupportedOperationException("server package: not yet implemented");
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    throw new UnsupportedOperationException();
  }

  public String user() {
    return "postgres";
  }

  public String database() {
    return "postgres";
  }

  @Override
  public void close() {}
}
