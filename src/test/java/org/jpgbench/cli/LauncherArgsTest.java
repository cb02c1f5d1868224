package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The launcher's reading of the command line (scripts/args.sh), which picks the JIT compiler before
 * the JVM starts: a script file given with -f, --file or inside a cluster of short options (-nf)
 * is seen as such, and a value of another option is not, for every option of {@link OptionTable}.
 */
class LauncherArgsTest {
  private static final Path ARGS_SH = Path.of("scripts", "args.sh").toAbsolutePath();

  @Test
  void scriptFilesAreSeenInEveryForm() throws Exception {
    assertScriptFile(true, "-f", "x.sql");
    assertScriptFile(true, "-fx.sql");
    assertScriptFile(true, "--file", "x.sql");
    assertScriptFile(true, "--file=x.sql");
    assertScriptFile(true, "-nf", "x.sql");
    assertScriptFile(true, "-c", "8", "-S", "-f", "x.sql@2");
    assertScriptFile(true, "-i", "-f", "hooks.sql");
  }

  @Test
  void runsWithoutAScriptFileAreSeenAsSuch() throws Exception {
    assertScriptFile(false);
    assertScriptFile(false, "-S", "-c", "8", "-j", "2", "-T", "10", "-M", "prepared");
    assertScriptFile(false, "-b", "tpcb-like@2", "-N");
    assertScriptFile(false, "-i", "-s", "10", "--foreign-keys");
    assertScriptFile(false, "-D", "f=1", "-U", "f", "-S");
    assertScriptFile(false, "-S", "--", "-f");
    assertScriptFile(false, "--log-prefix=f", "--failures-detailed");
  }

  @Test
  void aValueGluedToItsOptionIsNotAnOption() throws Exception {
    String opts = OptionTable.OPTSTRING;
    for (int i = 0; i < opts.length(); i++) {
      char c = opts.charAt(i);
      if (c == ':') {
        continue;
      }
      boolean takesValue = i + 1 < opts.length() && opts.charAt(i + 1) == ':';
      if (c == 'f') {
        continue;
      }
      // -Xf: with a value-taking X, "f" is X's value; with a flag X, -f follows and takes x.sql
      assertScriptFile(!takesValue, "-" + c + "f", "x.sql");
    }
  }

  private static void assertScriptFile(boolean expected, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("bash", "-c",
        ". \"$0\" && jpg_script_file \"$@\"", ARGS_SH.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("bash did not finish");
    }
    assertEquals(expected ? 0 : 1, p.exitValue(), () -> String.join(" ", args) + " " + out);
  }
}
