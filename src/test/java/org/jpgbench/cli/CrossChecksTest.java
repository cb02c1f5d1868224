package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.jpgbench.config.Options;
import org.junit.jupiter.api.Test;

/** pgbench main()'s checks after the option loop; texts from pgbench 15 (same in 17/18). */
class CrossChecksTest {
  private static void error(String expected, String... args) {
    CliRun.run(args).assertError("jpgbench: error: " + expected + "\n");
  }

  /** Options as the reader and cross checks produce them (init mode: no script needed). */
  private static Options initOptions(String... args) throws CliExit {
    List<String> operands = new ArrayList<>();
    ParseState st =
        new OptionsReader(new ScriptLoader(null, System.in), java.util.Map.of(), System.err)
            .read(args, operands);
    return CrossChecks.apply(
        st,
        operands,
        s -> {
          throw new AssertionError("no default script in init mode");
        });
  }

  @Test
  void initModeRejectsBenchmarkingOptions() {
    String msg = "some of the specified options cannot be used in initialization (-i) mode";
    error(msg, "-i", "-n", "-t", "3");
    error(msg, "-c", "2", "-i");
    error(msg, "-i", "--log-prefix=x");
    error(msg, "-i", "--report-html=x.html"); // -i writes a JSON report of its own (InitReport)
    error(msg, "-i", "--percentile");
  }

  @Test
  void initModeChecks() {
    error(
        "--partition-method requires greater than zero --partitions",
        "-i",
        "--partition-method=hash");
    CliRun.run("-i", "a", "b")
        .assertError(
            "jpgbench: error: too many command-line arguments (first is \"b\")\n"
                + "jpgbench: hint: Try \"jpgbench --help\" for more information.\n");
    CliRun.run("-i", "-d", "bar", "foo")
        .assertError(
            "jpgbench: error: too many command-line arguments (first is \"foo\")\n"
                + "jpgbench: hint: Try \"jpgbench --help\" for more information.\n");
  }

  @Test
  void initModeOptionValues() throws CliExit {
    Options o =
        initOptions(
            "-iq",
            "-s",
            "5",
            "-F90",
            "--partitions=3",
            "--unlogged",
            "--tablespace=ts",
            "--index-tablespace",
            "its",
            "--init-jobs=4",
            "db",
            "-h",
            "/tmp");
    assertEquals(Options.Mode.INIT, o.mode());
    assertEquals("dtgvp", o.init().initSteps());
    assertEquals(true, o.init().quiet());
    assertEquals(5, o.init().scale());
    assertEquals(true, o.init().scaleGiven());
    assertEquals(90, o.init().fillfactor());
    assertEquals(3, o.init().partitions());
    assertEquals(Options.PartitionMethod.RANGE, o.init().partitionMethod());
    assertEquals(true, o.init().unloggedTables());
    assertEquals("ts", o.init().tablespace());
    assertEquals("its", o.init().indexTablespace());
    assertEquals(4, o.init().initJobs());
    assertEquals("db", o.connection().dbName());
    assertEquals("/tmp", o.connection().host());
  }

  @Test
  void initStepAdjustments() throws CliExit {
    assertEquals("dtg p", initOptions("-i", "-n").init().initSteps());
    assertEquals("dtgvpf", initOptions("-i", "--foreign-keys").init().initSteps());
    assertEquals("dtfg", initOptions("-i", "-I", "dtfg", "--foreign-keys").init().initSteps());
    assertEquals("dtcM S p", initOptions("-i", "-IdtcMvSvp", "-n").init().initSteps());
    assertEquals(
        Options.PartitionMethod.HASH,
        initOptions("-i", "--partitions=2", "--partition-method=HASH").init().partitionMethod());
  }

  @Test
  void initModeAcceptsScriptFilesForHooks(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path f = dir.resolve("hooks.sql");
    java.nio.file.Files.writeString(f, "-- comment only\n");
    Options o = initOptions("-i", "-f", f + "@2");
    assertEquals(List.of(new Options.ScriptSpec(false, f.toString(), 2)), o.run().scripts());
    assertEquals(List.of("-- comment only\n"), o.run().scriptTexts());
  }

  @Test
  void benchmarkingModeRejectsInitializationOptions() {
    String msg = "some of the specified options cannot be used in benchmarking mode";
    error(msg, "-I", "dtg");
    error(msg, "--unlogged-tables");
    error(msg, "--tablespace=x");
    error(msg, "-S", "-F", "90");
    error(msg, "-q");
    error(msg, "--init-jobs=2");
  }

  @Test
  void benchmarkingChecks() {
    error(
        "specify either a number of transactions (-t) or a duration (-T), not both",
        "-P",
        "1",
        "--progress-timestamp",
        "-l",
        "--sampling-rate=0.001",
        "-T",
        "10",
        "-t",
        "1000");
    error(
        "log sampling (--sampling-rate) is allowed only when logging transactions (-l)",
        "--sampling-rate=0.1");
    error(
        "log sampling (--sampling-rate) and aggregation (--aggregate-interval) cannot be used"
            + " at the same time",
        "-l",
        "--sampling-rate=0.1",
        "--aggregate-interval=3");
    error(
        "log aggregation is allowed only when actually logging transactions",
        "--aggregate-interval=3");
    error(
        "log file prefix (--log-prefix) is allowed only when logging transactions (-l)",
        "--log-prefix=x");
    error(
        "number of seconds for aggregation (3) must not be higher than test duration (1)",
        "-l",
        "-T",
        "1",
        "--aggregate-interval=3");
    error(
        "duration (10) must be a multiple of aggregation interval (3)",
        "-l",
        "-T",
        "10",
        "--aggregate-interval=3");
    error("--progress-timestamp is allowed only under --progress", "--progress-timestamp");
    error(
        "an unlimited number of transaction tries can only be used with --latency-limit or a"
            + " duration (-T)",
        "--max-tries",
        "0");
    error(
        "an unlimited number of transaction tries can only be used with --latency-limit or a"
            + " duration (-T)",
        "--max-tries=x");
    CliRun.run("-n", "-S", "-t", "1", "conformance", "extra")
        .assertError(
            "jpgbench: error: too many command-line arguments (first is \"extra\")\n"
                + "jpgbench: hint: Try \"jpgbench --help\" for more information.\n");
    CliRun.run("foo", "--", "-x")
        .assertError(
            "jpgbench: error: too many command-line arguments (first is \"-x\")\n"
                + "jpgbench: hint: Try \"jpgbench --help\" for more information.\n");
  }

  @Test
  void embeddedRefusesConnectionOptions() {
    error(
        "--embedded cannot be used with -h/--host, -p/--port, -U/--username or a database name",
        "-i",
        "--embedded",
        "-h",
        "localhost");
    error(
        "--embedded cannot be used with -h/--host, -p/--port, -U/--username or a database name",
        "-i",
        "--embedded",
        "somedb");
  }
}
