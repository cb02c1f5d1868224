package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HelpAndVersionTest {
  @Test
  void helpAsFirstArgument() {
    for (String flag : List.of("--help", "-?")) {
      CliRun.Result r = CliRun.run(flag, "--bad-option");
      assertEquals(0, r.status());
      assertEquals("", r.err());
      assertEquals(HelpText.text(), r.out());
    }
  }

  @Test
  void helpHasPgbenchSectionsAndEnding() {
    String help = HelpText.text();
    for (String line :
        List.of(
            "jpgbench is a benchmarking tool for PostgreSQL.",
            "Usage:",
            "Initialization options:",
            "Options to select what to run:",
            "Benchmarking options:",
            "Common options:",
            "jpgbench options:",
            "Report bugs to <",
            "jpgbench home page: <",
            "  -c, --client=NUM         number of concurrent database clients (default: 1)",
            "  --continue-on-error      continue running after an SQL error",
            "  -d, --dbname=DBNAME      database name to connect to",
            "  --debug                  print debugging output",
            "  --embedded ",
            "  --init-jobs=NUM ",
            "  --percentile[=LIST] ",
            "  --report-json=FILE ",
            "  --report-html=FILE ",
            "  --hdr-log=FILE ",
            "  --server-stats-conninfo=CONNSTR ",
            "Commands (each has its own --help):",
            "  jpgbench sweep --clients=LIST",
            "  jpgbench ab --a=CONNINFO --b=CONNINFO",
            "  jpgbench compare BASE.json... --vs NEW.json...",
            "  jpgbench merge FILE...",
            "  sweep  ",
            "  ab  ",
            "  compare  ",
            "  merge  ")) {
      assertTrue(help.contains("\n" + line) || help.startsWith(line), () -> "missing: " + line);
    }
  }

  @Test
  void helpExplainsEveryInitStepOnItsOwnLine() {
    String help = HelpText.text();
    assertTrue(help.contains("-I, --init-steps=[dtgGvpfcUMSk]+ (default \"dtgvp\")"));
    for (char step : InitSteps.ALL_STEPS.toCharArray()) {
      Pattern line = Pattern.compile("(?m)^ {27}" + step + ": \\S");
      assertTrue(line.matcher(help).find(), () -> "no help line for step " + step);
    }
    assertTrue(help.contains("COPY FREEZE"));
  }

  @Test
  void versionAsFirstArgument() {
    for (String flag : List.of("-V", "--version")) {
      CliRun.Result r = CliRun.run(flag);
      assertEquals(0, r.status());
      assertEquals("", r.err());
      assertTrue(
          r.out().matches("jpgbench \\(PostgreSQL\\) 18 compatible, jpgbench \\S+\n"), r.out());
    }
  }

  @Test
  void helpAndVersionLaterAreErrorsAsInPgbench() {
    String hint = "jpgbench: hint: Try \"jpgbench --help\" for more information.\n";
    CliRun.run("-n", "-V").assertError("jpgbench: invalid option -- 'V'\n" + hint);
    CliRun.run("-n", "-?").assertError("jpgbench: invalid option -- '?'\n" + hint);
    CliRun.run("-n", "--help").assertError("jpgbench: unrecognized option '--help'\n" + hint);
    CliRun.run("--he").assertError("jpgbench: unrecognized option '--he'\n" + hint);
  }

  @Test
  void mergeDispatchesToTheReportCommand() {
    // not a database name: option parsing would complain about the extra argument
    CliRun.Result r = CliRun.run("merge", "no-such-report-1.json", "no-such-report-2.json");
    assertTrue(r.status() != 0);
    assertTrue(!r.err().contains("too many command-line arguments"), r.err());
    r.assertNoStackTrace();
  }
}
