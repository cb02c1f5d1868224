package org.jpgbench.run;

import java.io.PrintStream;
import java.util.List;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.script.Script;

/** Benchmarking mode, the package's entry point: one {@link BenchmarkRun} and its streams. */
public final class RunMode {
  private RunMode() {}

  /**
   * Runs the benchmark and prints pgbench's report to out (errors and progress to err; the report
   * to err too when --report-json=- puts the JSON on out).
   *
   * @param scripts parsed, with weights; variables resolved against {@code symbols}
   * @return 0 success, 1 setup failure (e.g. cannot connect), 2 some client aborted, 130 the run
   *     was stopped by Ctrl-C (the report of what ran is printed)
   */
  public static int run(
      Options options,
      List<Script> scripts,
      SymbolTable symbols,
      ConnectionFactory db,
      PrintStream out,
      PrintStream err) {
    return run(options, scripts, symbols, db, null, null, out, err);
  }

  /**
   * As {@link #run(Options, List, SymbolTable, ConnectionFactory, PrintStream, PrintStream)}, as
   * one member of a group of processes (--group).
   *
   * @param group the other members, or null when the run is alone
   * @param observer watches the run while it lasts (--metrics-listen), or null
   */
  public static int run(
      Options options,
      List<Script> scripts,
      SymbolTable symbols,
      ConnectionFactory db,
      Coordinator group,
      RunObserver observer,
      PrintStream out,
      PrintStream err) {
    Console console = new Console(err, options.debug());
    // jpgbench: with --report-json=- stdout carries the JSON alone; the text goes to stderr
    PrintStream text = "-".equals(options.outputs().reportJson()) ? err : out;
    return new BenchmarkRun(
            options, scripts, symbols, db, text, out, console, group, false, observer)
        .execute()
        .status();
  }

  /**
   * One benchmark as a piece of a larger experiment: as {@link #run(Options, List, SymbolTable,
   * ConnectionFactory, PrintStream, PrintStream)}, returning beside the status a summary that holds
   * everything a JSON report holds (server, series, histograms), whatever reports the options ask
   * for. Every call is a run of its own: nothing is left over from the one before.
   *
   * @param out where pgbench's report goes (and "--report-json=-")
   */
  public static RunResult benchmark(
      Options options,
      List<Script> scripts,
      SymbolTable symbols,
      ConnectionFactory db,
      PrintStream out,
      PrintStream err) {
    Console console = new Console(err, options.debug());
    return new BenchmarkRun(options, scripts, symbols, db, out, out, console, null, true, null)
        .execute();
  }

  /**
   * The pgbench tables as a run would find them: "scale N, partitions: none" or "scale N,
   * partitions: METHOD x N" ("warehouses N" for the TPC-C-like scripts); null when they cannot be
   * read, the reason then printed to {@code err} as a run would print it. For a check made once
   * before an experiment's first run.
   */
  public static String tables(Options options, ConnectionFactory db, java.io.PrintStream err) {
    Console console = new Console(err, false);
    try (org.jpgbench.db.Session s = db.openSession(options.run().queryMode())) {
      boolean tpcc =
          options.run().scripts().stream()
              .anyMatch(x -> x.builtin() && org.jpgbench.script.TpccScripts.isTpcc(x.nameOrPath()));
      if (tpcc) {
        int w = TpccCounts.warehouses(s, console, db.database());
        return w < 0 ? null : "warehouses " + w;
      }
      Preflight.TableInfo t = Preflight.tableInfo(s, console, false, db.database());
      return "scale "
          + t.scale()
          + ", partitions: "
          + (t.partitionMethod() == null ? "none" : t.partitionMethod() + " x " + t.partitions());
    } catch (java.sql.SQLException e) {
      console.error(PgError.connectionMessage(e));
      return null;
    } catch (Preflight.SetupFailed e) {
      return null;
    }
  }

  /**
   * Whether the server answers: one session opened and closed as the clients' are.
   *
   * @return null when it does, else the connection error as pgbench words it
   */
  public static String unreachable(Options options, ConnectionFactory db) {
    try (org.jpgbench.db.Session s = db.openSession(options.run().queryMode())) {
      return null;
    } catch (java.sql.SQLException e) {
      return PgError.connectionMessage(e);
    }
  }
}
