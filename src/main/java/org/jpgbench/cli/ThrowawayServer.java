package org.jpgbench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.db.LibpqConnectionFactory;
import org.jpgbench.server.EmbeddedPostgres;

/**
 * A throwaway PostgreSQL for an experiment (sweep --embedded, ab --embedded): started with the
 * settings asked for, its pgbench tables created at -s, then the options and connections that reach
 * it. Closed (the server stopped and removed) with the experiment, however it ends.
 *
 * @param server the running server
 * @param options the experiment's options, pointed at it
 * @param db connections to it
 */
record ThrowawayServer(EmbeddedPostgres server, Options options, ConnectionFactory db)
    implements AutoCloseable {

  /**
   * Starts one and, when the experiment benchmarks, initializes it; null when that failed (the
   * error printed).
   *
   * @param settings server settings (postgresql.conf names) beside the embedded server's own
   * @param binDir the server programs' directory, or null for the embedded server's own
   */
  static ThrowawayServer start(
      Options options,
      Map<String, String> settings,
      String binDir,
      Map<String, String> env,
      PrintStream out,
      PrintStream err) {
    EmbeddedPostgres pg;
    try {
      EmbeddedPostgres.Builder b = EmbeddedPostgres.builder();
      settings.forEach(b::setting);
      if (binDir != null) {
        b.binDir(java.nio.file.Path.of(binDir));
      }
      pg = b.start(err);
    } catch (IOException | RuntimeException e) {
      err.print(Diag.error(CliMessages.EMBEDDED_START_FAILED, e.getMessage()));
      return null;
    }
    OptionsBuilder b = options.toBuilder();
    b.host = pg.host();
    b.port = Integer.toString(pg.port());
    b.user = pg.user();
    b.dbName = pg.database();
    b.embedded = false; // the experiment's runs connect to it as to any server
    Options connected = b.build();
    ConnectionFactory db =
        LibpqConnectionFactory.create(connected, EmbeddedRun.embeddedEnv(env), err);
    if (connected.mode() == Options.Mode.INIT) {
      return new ThrowawayServer(pg, connected, db); // the experiment's runs initialize it
    }
    OptionsBuilder init = InitInterrupt.before(connected);
    if (InitInterrupt.run(init.build(), db, out, err, true) != 0) {
      pg.close();
      return null;
    }
    return new ThrowawayServer(pg, connected, db);
  }

  /** --a-set's and --b-set's NAME=VALUE[,...]: postgresql.conf settings, in order. */
  static Map<String, String> settings(String list, String option) throws CliExit {
    Map<String, String> out = new LinkedHashMap<>();
    for (String part : list.split(",", -1)) {
      int eq = part.indexOf('=');
      if (eq <= 0 || eq == part.length() - 1) {
        throw CliExit.error(CliMessages.INVALID_VALUE, list, option);
      }
      out.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
    }
    return out;
  }

  @Override
  public void close() {
    server.close();
  }
}
