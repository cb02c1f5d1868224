package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs of hostile size or shape through the whole command line: pgbench's message and exit
 * status, never a StackOverflowError, an OutOfMemoryError or a stack trace.
 */
@ExtendWith(PostgresExtension.class)
class HostileInputTest {
  @TempDir Path dir;

  private Path script(String text) throws Exception {
    Path p = dir.resolve("s.sql");
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  private static String exhausted(Path file, String line, int caret) {
    return "jpgbench: error: "
        + file
        + ":1: memory exhausted in command \"set\"\n"
        + line
        + "\n"
        + " ".repeat(caret)
        + "^ error found here\n";
  }

  @Test
  void tenThousandNestedParenthesesEndAsInPgbench() throws Exception {
    String line = "\\set x " + "(".repeat(10_000) + "1" + ")".repeat(10_000);
    Path f = script(line + "\n");
    CliRun.Result r = CliRun.run("-n", "-t", "1", "-f", f.toString());
    r.assertError(exhausted(f, line, 10005));
  }

  @Test
  void tenThousandNestedCallsMinusSignsAndDanglingPlusSignsEndAsInPgbench() throws Exception {
    for (String[] c :
        new String[][] {
          {"abs(".repeat(10_000) + "1" + ")".repeat(10_000), "20005"},
          {"-".repeat(10_000) + "1", "10005"},
          {"1" + "+".repeat(10_000), "10005"}
        }) {
      String line = "\\set x " + c[0];
      Path f = script(line + "\n");
      CliRun.Result r = CliRun.run("-n", "-t", "1", "-f", f.toString());
      r.assertError(exhausted(f, line, Integer.parseInt(c[1])));
    }
  }

  @Test
  void aMillionOpeningParenthesesStillEndInOneMessage() throws Exception {
    String expr = "(".repeat(1_000_000);
    Path f = script("\\set x " + expr + "\n");
    CliRun.Result r = CliRun.run("-n", "-t", "1", "-f", f.toString());
    assertEquals(1, r.status());
    assertTrue(
        r.err()
            .startsWith("jpgbench: error: " + f + ":1: memory exhausted in command " + "\"set\"\n"),
        r.err().substring(0, 200));
    r.assertNoStackTrace();
  }

  @Test
  void expressionsJustBelowTheLimitParseAndEvaluateInTheRun(TestDatabase db) throws Exception {
    // 9,990 unary minus signs before a call that cannot be folded: a tree that deep, evaluated by
    // the event loop's thread on every transaction
    Path f =
        script(
            "\\set x "
                + "-".repeat(9_990)
                + "random(1, 1)\n"
                + "\\set y "
                + "abs(".repeat(4_990)
                + "random(2, 2)"
                + ")".repeat(4_990)
                + "\n"
                + "select :x + :y;\n");
    List<String> args = new ArrayList<>(db.cliArgs("-n", "-t", "3", "-c", "2", "-f", f.toString()));
    CliRun.Result r = CliRun.run(args.toArray(new String[0]));
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("number of transactions actually processed: 6/6"), r.out());
    r.assertNoStackTrace();
  }

  @Test
  void hugeVariableDefinitionsAndOptionValuesAreHandled(TestDatabase db) throws Exception {
    String big = "9".repeat(5_000_000);
    CliRun.Result r = CliRun.run("-c", big, "-S");
    r.assertError("jpgbench: error: -c/--clients must be in range 1..2147483647\n");
    Path f = script("select length(':v');\n");
    List<String> args =
        new ArrayList<>(
            db.cliArgs("-n", "-t", "1", "-D", "v=" + "x".repeat(4_000_000), "-f", f.toString()));
    r = CliRun.run(args.toArray(new String[0]));
    assertEquals(0, r.status(), r.err().length() > 300 ? r.err().substring(0, 300) : r.err());
    r.assertNoStackTrace();
  }
}
