package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Installed under pgbench's name (the launcher passes JPGBENCH_PROGNAME=pgbench when it is run
 * through a link named pgbench): every message, --help, the hint, -V and the banner say pgbench, in
 * pgbench's shapes; run as jpgbench, they say jpgbench.
 */
@ExtendWith(PostgresExtension.class)
class ProgramNameTest {
  private static final Map<String, String> AS_PGBENCH = Map.of("JPGBENCH_PROGNAME", "pgbench");

  @TempDir Path dir;

  @Test
  void versionStartsAsPgbenchsDoes() {
    CliRun.Result r = CliRun.runEnv(AS_PGBENCH, "-V");
    assertEquals(0, r.status());
    assertTrue(r.out().matches("pgbench \\(PostgreSQL\\) 18\\.1 \\(jpgbench [^)]+\\)\n"), r.out());
    assertEquals("", r.err());
    CliRun.Result j = CliRun.run("-V");
    assertTrue(j.out().startsWith("jpgbench (PostgreSQL) 18 compatible, jpgbench "), j.out());
  }

  @Test
  void helpAndHintsNamePgbench() {
    CliRun.Result help = CliRun.runEnv(AS_PGBENCH, "--help");
    assertTrue(
        help.out().startsWith("pgbench is a benchmarking tool for PostgreSQL.\n"), help.out());
    assertTrue(help.out().contains("Usage:\n  pgbench [OPTION]... [DBNAME]\n"), help.out());
    CliRun.Result bad = CliRun.runEnv(AS_PGBENCH, "--frobnicate");
    bad.assertError(
        "pgbench: unrecognized option '--frobnicate'\n"
            + "pgbench: hint: Try \"pgbench --help\" for more information.\n");
    CliRun.Result range = CliRun.runEnv(AS_PGBENCH, "-c", "0");
    range.assertError("pgbench: error: -c/--clients must be in range 1..2147483647\n");
  }

  @Test
  void aRunAndItsAbortSayPgbench(TestDatabase db) throws Exception {
    Path f = dir.resolve("bad.sql");
    Files.writeString(f, "select 1/0;\n");
    List<String> args = new ArrayList<>(db.cliArgs("-n", "-t", "1", "-f", f.toString()));
    CliRun.Result r = CliRun.runEnv(AS_PGBENCH, args.toArray(new String[0]));
    assertEquals(2, r.status(), r.err());
    assertTrue(r.out().matches("(?s)pgbench \\(18\\.1(, server [0-9.]+)?\\)\n.*"), r.out());
    assertTrue(
        r.err()
            .contains(
                "pgbench: error: client 0 script 0 aborted in command 0 query 0: "
                    + "ERROR:  division by zero\n"),
        r.err());
    assertTrue(
        r.err()
            .endsWith("pgbench: error: Run was aborted; the above results are " + "incomplete.\n"),
        r.err());
    assertFalse(r.err().contains("jpgbench"), r.err());
    CliRun.Result j = CliRun.run(args.toArray(new String[0]));
    assertTrue(j.out().startsWith("jpgbench ("), j.out());
    assertTrue(j.err().contains("jpgbench: error: client 0 script 0 aborted"), j.err());
  }

  @Test
  void mergeAnswersHelpAndNamesTheProgram() {
    for (String flag : new String[] {"--help", "-?"}) {
      CliRun.Result r = CliRun.runEnv(AS_PGBENCH, "merge", flag);
      assertEquals(0, r.status(), r.err());
      assertEquals("", r.err());
      assertTrue(r.out().contains("Usage:\n  pgbench merge [OPTION]... FILE...\n"), r.out());
      assertTrue(r.out().contains("--report-json=FILE"), r.out());
    }
    CliRun.Result none = CliRun.runEnv(AS_PGBENCH, "merge");
    none.assertError(
        "pgbench: error: merge: no input file given\nUsage: pgbench merge "
            + "[--percentile[=LIST]] [--report-json=FILE] [--report-html=FILE] FILE...\n");
  }
}
