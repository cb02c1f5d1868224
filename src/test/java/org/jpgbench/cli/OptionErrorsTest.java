package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Errors reported while the options are read, before any script or connection is needed. Expected
 * texts come from pgbench 15 (same wording in 17/18), with the program named jpgbench.
 */
class OptionErrorsTest {
  private static final String HINT =
      "jpgbench: hint: Try \"jpgbench --help\" for more information.\n";

  private static void error(String expected, String... args) {
    CliRun.run(args).assertError("jpgbench: error: " + expected + "\n");
  }

  @Test
  void getoptErrorsCarryTheHint() {
    CliRun.run("--bad-option").assertError("jpgbench: unrecognized option '--bad-option'\n" + HINT);
    CliRun.run("-h", "home", "-p", "5432", "-U", "calvin", "--debug", "--bad-option")
        .assertError("jpgbench: unrecognized option '--bad-option'\n" + HINT);
    CliRun.run("-x").assertError("jpgbench: invalid option -- 'x'\n" + HINT);
    CliRun.run("-c").assertError("jpgbench: option requires an argument -- 'c'\n" + HINT);
    CliRun.run("-d").assertError("jpgbench: option requires an argument -- 'd'\n" + HINT);
    CliRun.run("--client").assertError("jpgbench: option '--client' requires an argument\n" + HINT);
    CliRun.run("--conn=3")
        .assertError("jpgbench: option '--connect' doesn't allow an argument\n" + HINT);
    CliRun.run("--show-script")
        .assertError("jpgbench: option '--show-script' requires an argument\n" + HINT);
  }

  @Test
  void optionsBeforeAGetoptErrorAreCheckedFirst() {
    error("-c/--clients must be in range 1..2147483647", "-c", "0", "--bad-option");
    CliRun.run("-c", "3", "--bad-option")
        .assertError("jpgbench: unrecognized option '--bad-option'\n" + HINT);
  }

  @Test
  void integerOptions() {
    error("invalid value \"eleven\" for option -j/--jobs", "-j", "eleven");
    error("-j/--jobs must be in range 1..2147483647", "-j", "0");
    error("-j/--jobs must be in range 1..2147483647", "-j2147483648");
    error("invalid value \"two\" for option -s/--scale", "-i", "-s", "two");
    error("-s/--scale must be in range 1..2147483647", "-s", "0");
    error("invalid value \"zil\" for option -t/--transactions", "-t", "zil");
    error("-t/--transactions must be in range 1..2147483647", "-t", "0");
    error("-T/--time must be in range 1..2147483647", "-T", "0");
    error("-F/--fillfactor must be in range 10..100", "-i", "-F", "101");
    error("-F/--fillfactor must be in range 10..100", "-iF9");
    error("-P/--progress must be in range 1..2147483647", "--progress=0");
    error("--aggregate-interval must be in range 1..2147483647", "--aggregate-interval=-3");
    error("--aggregate-interval must be in range 1..2147483647", "--aggregate-interval=0");
    error("--partitions must be in range 0..2147483647", "-i", "--partitions", "-1");
    error("--init-jobs must be in range 1..2147483647", "-i", "--init-jobs=0");
    error("invalid value \"1x\" for option -c/--clients", "--cli=1x");
  }

  @Test
  void otherValueChecks() {
    error("invalid rate limit: \"0\"", "-R", "0");
    error("invalid rate limit: \"x\"", "--rate=x");
    error("invalid latency limit: \"0.0\"", "--latency-limit=0.0");
    error("invalid latency limit: \"-1\"", "-L-1");
    error("invalid sampling rate: \"0\"", "--sampling-rate=0");
    error("invalid sampling rate: \"1.5\"", "--sampling-rate=1.5");
    error("invalid query mode (-M): \"no-such-mode\"", "-M", "no-such-mode");
    error("invalid query mode (-M): \"Simple\"", "-MSimple");
    error("invalid variable definition: \"foobla\"", "--define", "foobla");
    error("invalid variable definition: \"=x\"", "-D", "=x");
    error("invalid variable definition: \"a=\"", "-D", "a=");
    error("option: invalid variable name: \"1a\"", "-D", "1a=b");
    error(
        "invalid partition method, expecting \"range\" or \"hash\", got: \"foo\"",
        "--partition-method=foo");
    error("invalid number of maximum tries: \"-1\"", "--max-tries=-1");
  }

  @Test
  void randomSeed() {
    CliRun.run("--random-seed=abc")
        .assertError(
            "jpgbench: error: unrecognized random seed option \"abc\"\n"
                + "jpgbench: detail: Expecting an unsigned integer, \"time\" or \"rand\".\n"
                + "jpgbench: error: error while setting random seed from --random-seed option\n");
    CliRun.runEnv(Map.of("PGBENCH_RANDOM_SEED", "x"), "-n")
        .assertError(
            "jpgbench: error: unrecognized random seed option \"x\"\n"
                + "jpgbench: detail: Expecting an unsigned integer, \"time\" or \"rand\".\n"
                + "jpgbench: error: error while setting random seed from PGBENCH_RANDOM_SEED"
                + " environment variable\n");
  }

  @Test
  void randomSeedIsAnnouncedBeforeLaterErrors() {
    // pgbench 15: PGBENCH_RANDOM_SEED=7 pgbench --random-seed=5 -t 0
    CliRun.Result r =
        CliRun.runEnv(Map.of("PGBENCH_RANDOM_SEED", "7"), "--random-seed=5", "-t", "0");
    assertEquals(1, r.status());
    assertEquals(
        "jpgbench: setting random seed to 7\n"
            + "jpgbench: setting random seed to 5\n"
            + "jpgbench: error: -t/--transactions must be in range 1..2147483647\n",
        r.err());
  }

  @Test
  void initSteps() {
    error("no initialization steps specified", "-i", "-I", "");
    CliRun.run("-i", "-I", "dtx")
        .assertError(
            "jpgbench: error: unrecognized initialization step \"x\"\n"
                + "jpgbench: detail: Allowed step characters are: \"dtgGvpfcUMSk\".\n");
    // checked when met, in any mode
    CliRun.run("-I", "dtgq", "-i")
        .assertError(
            "jpgbench: error: unrecognized initialization step \"q\"\n"
                + "jpgbench: detail: Allowed step characters are: \"dtgGvpfcUMSk\".\n");
  }

  @Test
  void percentileList() {
    CliRun.run("--percentile=50,abc")
        .assertError(
            "jpgbench: error: invalid value \"50,abc\" for option --percentile\n"
                + "jpgbench: detail: Expecting a comma-separated list of numbers greater than 0 and"
                + " at most 100.\n");
    CliRun.run("--percentile=0").assertNoStackTrace();
    assertEquals(1, CliRun.run("--percentile=0").status());
    assertEquals(1, CliRun.run("--percentile=100.1").status());
    assertEquals(1, CliRun.run("--percentile=50,,90").status());
  }

  @Test
  void missingScriptFile() {
    error("could not open file \"no-such-file\": No such file or directory", "-f", "no-such-file");
    error("could not open file \"no\": No such file or directory", "-f", "no@1");
    error("could not open file \"\": No such file or directory", "-f", "@3");
    error("could not read file \"/\": Is a directory", "-f", "/");
  }

  @Test
  void weights() {
    error("invalid weight specification: @one", "--builtin=select-only@one");
    error("invalid weight specification: @", "-b", "se@");
    error("invalid weight specification: @3 ", "-b", "se@3 ");
    error("invalid weight specification: @99999999999999999999", "-b", "se@99999999999999999999");
    error("weight specification out of range (0 .. 2147483647): -1", "-b", "select-only@-1");
    error("weight specification out of range (0 .. 2147483647): 2147483648", "-b", "se@2147483648");
    error("invalid weight specification: @x", "-f", "no-such-file@x");
  }
}
