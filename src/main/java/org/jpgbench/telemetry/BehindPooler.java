package org.jpgbench.telemetry;

import java.sql.SQLException;

/**
 * The monitoring session reached the server through a connection pooler: the server process that
 * answers is not the one the connection's BackendKeyData named (PgBouncer makes up its own keys).
 * Its statements would each run on whichever server connection the pooler lends, and the clients'
 * process IDs name no server process, so the server is not sampled that way.
 */
public final class BehindPooler extends SQLException {
  private static final long serialVersionUID = 1L;

  /**
   * @param conninfoGiven whether the session was opened with --server-stats-conninfo's settings
   */
  public BehindPooler(boolean conninfoGiven) {
    super(
        conninfoGiven
            ? "--server-stats-conninfo names a connection pooler, not the server (its server"
                + " process is not the one the connection was told); name the server itself"
            : "the run goes through a connection pooler (the server process that answers is not"
                + " the one the connection was told), so the server was not sampled; pass"
                + " --server-stats-conninfo=CONNSTR naming the server itself",
        "08000");
  }
}
