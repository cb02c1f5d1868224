package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.jpgbench.config.Options;
import org.junit.jupiter.api.Test;

/** --group and its companions: read, checked together, refused alone. */
class GroupOptionsTest {
  private static Options options(String... args) throws CliExit {
    java.util.List<String> operands = new java.util.ArrayList<>();
    ScriptLoader loader =
        new ScriptLoader(
            new org.jpgbench.expr.SymbolTable(), new java.io.ByteArrayInputStream(new byte[0]));
    ParseState st = new OptionsReader(loader, java.util.Map.of(), System.err).read(args, operands);
    return CrossChecks.apply(
        st,
        operands,
        s -> {
          throw new AssertionError("the tests give -S");
        });
  }

  private static void error(String expected, String... args) {
    CliRun.run(args).assertError("jpgbench: error: " + expected + "\n");
  }

  @Test
  void theGroupNeedsItsSizeAndTheCompanionsNeedTheGroup() {
    error("--group needs --group-size", "--group=g");
    error("--group-size needs --group", "--group-size=3");
    error("--group-conninfo needs --group", "--group-conninfo=dbname=x");
    error("--group-keep needs --group", "--group-keep");
    error("--group-timeout needs --group", "--group-timeout=5");
    error("invalid value \"\" for option --group", "--group=");
    error("--group-size must be in range 1..10000", "--group=g", "--group-size=0");
    error("--group-size must be in range 1..10000", "--group=g", "--group-size=10001");
    error("invalid value \"x\" for option --group-timeout", "--group=g", "--group-timeout=x");
    error("--group cannot be used with --embedded", "--embedded", "--group=g", "--group-size=2");
  }

  @Test
  void theOptionsLandInTheGroupRecordForInitAndRun() throws Exception {
    Options run =
        options(
            "--group=east",
            "--group-size=4",
            "--group-conninfo=host=coord dbname=c",
            "--group-timeout=30",
            "--group-keep",
            "-S",
            "-T",
            "5");
    assertEquals(new Options.Group("east", 4, "host=coord dbname=c", 30, true), run.group());
    Options init = options("-i", "--group=east", "--group-size=4");
    assertEquals(new Options.Group("east", 4, null, 120, false), init.group());
    assertNull(options("-S", "-T", "5").group());
  }
}
