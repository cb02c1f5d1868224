package org.jpgbench.run;

import java.io.FileOutputStream;
import java.io.IOException;
import org.jpgbench.config.Options;
import org.jpgbench.report.AggregateLog;
import org.jpgbench.report.AsciiSink;
import org.jpgbench.report.LogColumns;
import org.jpgbench.report.TransactionLog;

/**
 * -l: pgbench's log files, one per pgbench thread ({@code pgbench_log.PID} for the first, {@code
 * pgbench_log.PID.N} for the others, or --log-prefix's), opened before the clients start (a file
 * that cannot be opened ends the run before it starts) and handed to the pgbench threads as
 * per-transaction or --aggregate-interval logs once the benchmark's start is known.
 */
final class LogFiles {
  /** The buffer of each log file: flushed when full and at the end. */
  private static final int BUFFER_BYTES = 64 * 1024;

  private final Options o;
  private final Console console;
  private final FileOutputStream[] files;

  LogFiles(Options o, Console console, int threads) {
    this.o = o;
    this.console = console;
    this.files = new FileOutputStream[threads];
  }

  /** Opens every file; false (after pgbench's message, the others closed) when one fails. */
  boolean open() {
    String prefix = o.outputs().logPrefix() != null ? o.outputs().logPrefix() : "pgbench_log";
    long pid = ProcessHandle.current().pid();
    for (int t = 0; t < files.length; t++) {
      String path = t == 0 ? prefix + "." + pid : prefix + "." + pid + "." + t;
      try {
        files[t] = new FileOutputStream(path);
      } catch (IOException e) {
        console.error(Messages.f(Messages.OPEN_LOG, path, reason(e)));
        close();
        return false;
      }
    }
    return true;
  }

  /** The system's reason, as strerror() gives it ("No such file or directory"). */
  private static String reason(IOException e) {
    String m = e.getMessage();
    int paren = m == null ? -1 : m.lastIndexOf(" (");
    return paren >= 0 && m.endsWith(")")
        ? m.substring(paren + 2, m.length() - 1)
        : String.valueOf(m);
  }

  /** Gives each thread's group its log, with the columns the options ask for. */
  void attach(PgbenchThread[] threads, long startEpochMicros) {
    LogColumns columns =
        new LogColumns(
            o.run().rate() > 0,
            o.run().latencyLimitMicros() > 0,
            o.run().maxTries() != 1,
            o.run().failuresDetailed(),
            o.run().continueOnError(),
            o.run().reconnect());
    for (int t = 0; t < threads.length; t++) {
      AsciiSink sink = new AsciiSink(files[t], BUFFER_BYTES);
      if (o.outputs().aggregateInterval() > 0) {
        threads[t].setLogs(
            null,
            new AggregateLog(sink, startEpochMicros, o.outputs().aggregateInterval(), columns));
      } else {
        threads[t].setLogs(new TransactionLog(sink, columns), null);
      }
    }
  }

  /** Closes the files no group took over (the run did not start). */
  void close() {
    for (FileOutputStream f : files) {
      if (f != null) {
        try {
          f.close();
        } catch (IOException ignored) {
          // nothing was written
        }
      }
    }
  }
}
