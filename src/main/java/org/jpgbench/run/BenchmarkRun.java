package org.jpgbench.run;

import java.io.PrintStream;
import java.util.List;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.random.SeedPlan;
import org.jpgbench.script.Script;
import org.jpgbench.script.ScriptException;
import org.jpgbench.script.ScriptParser;
import org.jpgbench.script.TpccScripts;

/**
 * One benchmark run, in pgbench's order: the setup connection (banner, table info, vacuum), the
 * clients and their variables, log files and reports, then the {@link Execution}: the clients start
 * together, -T/-P/Ctrl-C are watched while they run, and the report and exit status come last.
 * Built complete from the options and what the caller supplies; {@link #execute()} runs it once and
 * leaves nothing behind (threads, descriptors), so that one process can run many.
 */
final class BenchmarkRun {
  private static final int DEFAULT_TRANSACTIONS = 10;

  private final Options o;
  private final List<Script> scripts;
  private final SymbolTable symbols;
  private final ConnectionFactory db;
  private final PrintStream out;
  private final PrintStream stdout;
  private final Console console;
  private final RunPlan plan;

  /** --group: the other processes of this benchmark; null when the run is alone. */
  private final Coordinator group;

  /** --metrics-listen: watches the run while it lasts; null when nothing does. */
  private final RunObserver observer;

  /**
   * @param out where pgbench's report goes
   * @param stdout where "--report-json=-" writes
   * @param detailed the summary returned holds all a JSON report holds, whatever the options ask
   * @param observer told of the run while it lasts, or null
   */
  BenchmarkRun(
      Options o,
      List<Script> scripts,
      SymbolTable symbols,
      ConnectionFactory db,
      PrintStream out,
      PrintStream stdout,
      Console console,
      Coordinator group,
      boolean detailed,
      RunObserver observer) {
    this.o = o;
    this.group = group;
    this.observer = observer;
    this.scripts = List.copyOf(scripts);
    this.symbols = symbols;
    this.db = db;
    this.out = out;
    this.stdout = stdout;
    this.console = console;
    this.plan = RunPlan.of(o, scripts.size() > 1, detailed);
  }

  RunResult execute() {
    if (!o.run().queryMode().simpleProtocol() && !checkParameterCounts()) {
      return RunResult.failed(1);
    }
    long nxacts =
        o.run().transactionsPerClient() > 0
            ? o.run().transactionsPerClient()
            : o.run().durationSeconds() > 0 ? 0 : DEFAULT_TRANSACTIONS;
    SetupConnection.Result setup =
        new SetupConnection(o, db, plan, console, out).run(nxacts, builtinTables());
    if (setup == null) {
      return RunResult.failed(1);
    }
    Execution execution = prepare(setup, nxacts);
    return execution == null ? RunResult.failed(1) : execution.run();
  }

  /**
   * The clients on their loops, the log files and the reports, all ready to start; null when a file
   * cannot be created (the error printed).
   */
  private Execution prepare(SetupConnection.Result setup, long nxacts) {
    SeedPlan seeds =
        SeedPlan.of(
            seed(),
            o.run().clients(),
            o.run().threads(),
            o.run().defines().containsKey("default_seed"));
    Script[] array = scripts.toArray(new Script[0]);
    Engine engine = setup.engine();
    boolean mux = engine.multiplexes();
    RunContext run =
        new RunContext(
            o,
            plan,
            array,
            SqlPlan.forScripts(array),
            symbols,
            db,
            engine.transports(),
            engine.jdbcOnly(),
            console,
            new RunClock(),
            nxacts,
            mux ? seeds.threads() : o.run().clients(),
            out == System.out ? null : out);
    Crew crew = new Crew(o, run, symbols, seeds, setup.scale(), mux);
    LogFiles logFiles = new LogFiles(o, console, seeds.threads());
    if (o.outputs().log() && !logFiles.open()) {
      return null;
    }
    ReportOutputs reports =
        ReportOutputs.open(o, plan, stdout, setup, crew.clients, array.length, console);
    if (reports == null) {
      logFiles.close();
      return null;
    }
    return new Execution(o, run, crew, logFiles, reports, setup, group, out, nxacts, observer);
  }

  /** The base seed: --random-seed/PGBENCH_RANDOM_SEED as the command line resolved it, or time. */
  private long seed() {
    return o.run().randomSeed() != null ? o.run().randomSeed() : System.nanoTime() / 1000;
  }

  /**
   * pgbench's check, before connecting, that under -M extended/prepared no SQL command has more
   * than 255 parameters.
   */
  private boolean checkParameterCounts() {
    try {
      ScriptParser.checkParameterCounts(scripts);
      return true;
    } catch (ScriptException e) {
      console.error(e.getMessage());
      return false;
    }
  }

  /**
   * Whose tables the builtin scripts use (the scale comes from pgbench_branches or the warehouses);
   * the options' checks keep the TPC-C-like scripts and pgbench's apart.
   */
  private SetupConnection.Tables builtinTables() {
    if (scripts.stream().anyMatch(s -> s.builtin() && TpccScripts.isTpcc(s.name()))) {
      return SetupConnection.Tables.TPCC;
    }
    return scripts.stream().anyMatch(Script::builtin)
        ? SetupConnection.Tables.PGBENCH
        : SetupConnection.Tables.NONE;
  }
}
