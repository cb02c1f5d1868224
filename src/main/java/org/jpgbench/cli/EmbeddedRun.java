package org.jpgbench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.db.LibpqConnectionFactory;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.run.RunMode;
import org.jpgbench.run.RunObserver;
import org.jpgbench.script.Script;
import org.jpgbench.server.EmbeddedPostgres;

/**
 * --embedded: a throwaway PostgreSQL for one command. In benchmarking mode the pgbench tables are
 * created first (at -s, with the initialization options and any init hooks of the -f scripts), then
 * the benchmark runs. The server stops when the command ends, however it ends. Ctrl-C during the
 * initialization cancels the step as without --embedded (a second one exits through the server's
 * own shutdown hook); during the run it stops the clients and prints what ran, as always.
 */
final class EmbeddedRun {
  private EmbeddedRun() {}

  /** Environment variables that would point the connection away from the embedded server. */
  private static final List<String> CONNECTION_ENV =
      List.of(
          "PGHOST",
          "PGHOSTADDR",
          "PGPORT",
          "PGUSER",
          "PGDATABASE",
          "PGPASSWORD",
          "PGPASSFILE",
          "PGSERVICE",
          "PGSERVICEFILE",
          "PGSSLMODE",
          "PGREQUIRESSL",
          "PGTARGETSESSIONATTRS",
          "PGCHANNELBINDING",
          "PGGSSENCMODE");

  static int run(
      Options options,
      List<Script> scripts,
      SymbolTable symbols,
      Map<String, String> env,
      RunObserver observer,
      PrintStream out,
      PrintStream err) {
    EmbeddedPostgres pg;
    try {
      pg = EmbeddedPostgres.start(err);
    } catch (IOException e) {
      err.print(Diag.error(CliMessages.EMBEDDED_START_FAILED, e.getMessage()));
      return 1;
    }
    try (pg) {
      OptionsBuilder b = options.toBuilder();
      b.host = pg.host();
      b.port = Integer.toString(pg.port());
      b.user = pg.user();
      b.dbName = pg.database();
      Options connected = b.build();
      ConnectionFactory db = LibpqConnectionFactory.create(connected, embeddedEnv(env));
      if (connected.mode() == Options.Mode.INIT) {
        return InitInterrupt.run(connected, db, out, err, true);
      }
      OptionsBuilder init = InitInterrupt.before(connected);
      int status = InitInterrupt.run(init.build(), db, out, err, true);
      if (status != 0) {
        return status;
      }
      // -s was the initialization's: the run does not warn that it ignores it
      OptionsBuilder run = connected.toBuilder();
      run.scaleGiven = false;
      return RunMode.run(run.build(), scripts, symbols, db, null, observer, out, err);
    }
  }

  static Map<String, String> embeddedEnv(Map<String, String> env) {
    Map<String, String> copy = new HashMap<>(env);
    CONNECTION_ENV.forEach(copy::remove);
    return copy;
  }
}
