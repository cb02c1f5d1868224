package org.jpgbench.init;

import java.io.PrintStream;
import org.jpgbench.config.Options;
import org.jpgbench.log.PgLog;

/** What every step needs: the options, the connections, stderr, and facts about the server. */
final class InitContext {
  final Options options;
  final Jobs jobs;
  final PrintStream err;
  final boolean terminal;

  InitContext(Options options, Jobs jobs, PrintStream err, boolean terminal) {
    this.options = options;
    this.jobs = jobs;
    this.err = err;
    this.terminal = terminal;
  }

  InitConnection main() {
    return jobs.main();
  }

  int serverVersion() {
    return jobs.main().serverVersion;
  }

  /** pgbench uses COPY ... FREEZE from PostgreSQL 14 on (where it also sets the visibility map). */
  boolean serverFreezes() {
    return serverVersion() >= 140000;
  }

  int scale() {
    return options.init().scale();
  }

  Options.PartitionMethod partitionMethod() {
    if (options.init().partitions() <= 0) {
      return Options.PartitionMethod.NONE;
    }
    return options.init().partitionMethod() == Options.PartitionMethod.NONE
        ? Options.PartitionMethod.RANGE
        : options.init().partitionMethod();
  }

  int initJobs() {
    return Math.max(1, options.init().initJobs());
  }

  void debug(String msg) {
    if (options.debug()) {
      err.println(PgLog.debug(msg));
    }
  }

  void note(String msg) {
    err.println(msg);
  }
}
