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
 * the JVM starts: initialization (-i), a script file (-f) and -C are seen in every form, alone, as
 * long options or inside a cluster of short options (-iIdtg, -nf), and a value of another option is
 * never taken for them, for every option of {@link OptionTable}.
 */
class LauncherArgsTest {
  private static final Path ARGS_SH = Path.of("scripts", "args.sh").toAbsolutePath();

  @Test
  void initializationIsSeenInEveryForm() throws Exception {
    assertSeen("jpg_init_mode", true, "-i");
    assertSeen("jpg_init_mode", true, "--initialize");
    assertSeen("jpg_init_mode", true, "-iIdtGvp", "-s", "10");
    assertSeen("jpg_init_mode", true, "-qi");
    assertSeen("jpg_init_mode", true, "-s", "10", "--init-jobs=2", "-i", "bench");
  }

  @Test
  void benchmarkRunsAreNotTakenForInitialization() throws Exception {
    assertSeen("jpg_init_mode", false);
    assertSeen("jpg_init_mode", false, "-S", "-c", "8", "-j", "2", "-T", "10", "-M", "prepared");
    assertSeen("jpg_init_mode", false, "-I", "dtg", "-S"); // -I's value, not -i
    assertSeen("jpg_init_mode", false, "-Ii");
    assertSeen("jpg_init_mode", false, "--init-jobs=2", "-S");
    assertSeen("jpg_init_mode", false, "-S", "--", "-i");
  }

  @Test
  void scriptFilesAreSeenInEveryForm() throws Exception {
    assertSeen("jpg_script_file", true, "-f", "x.sql");
    assertSeen("jpg_script_file", true, "-fx.sql");
    assertSeen("jpg_script_file", true, "--file", "x.sql");
    assertSeen("jpg_script_file", true, "--file=x.sql");
    assertSeen("jpg_script_file", true, "-nf", "x.sql");
    assertSeen("jpg_script_file", false, "-b", "tpcb-like@2", "-N");
    assertSeen("jpg_script_file", false, "-D", "f=1", "-U", "f", "-S");
    assertSeen("jpg_script_file", false, "--log-prefix=f", "--failures-detailed");
  }

  @Test
  void connectingPerTransactionIsSeenInEveryForm() throws Exception {
    assertSeen("jpg_connect_per_transaction", true, "-C", "-S");
    assertSeen("jpg_connect_per_transaction", true, "--connect");
    assertSeen("jpg_connect_per_transaction", true, "-nC", "-T", "10");
    assertSeen("jpg_connect_per_transaction", false, "-S", "-c", "8");
    assertSeen("jpg_connect_per_transaction", false, "-cC"); // -c's value
    assertSeen("jpg_connect_per_transaction", false, "--connection-timeout=3", "-S");
    assertSeen("jpg_connect_per_transaction", false, "-S", "--", "-C");
  }

  /**
   * One client (tiered compilation for builtin scripts): -c's last value, in every form; 1 without.
   */
  @Test
  void oneClientIsSeenInEveryForm() throws Exception {
    assertSeen("jpg_single_client", true);
    assertSeen("jpg_single_client", true, "-S", "-T", "10", "bench");
    assertSeen("jpg_single_client", true, "-c", "1");
    assertSeen("jpg_single_client", true, "-c1");
    assertSeen("jpg_single_client", true, "--client=1");
    assertSeen("jpg_single_client", true, "--client", "1");
    assertSeen("jpg_single_client", true, "-nc1");
    assertSeen("jpg_single_client", true, "-c", "8", "-c", "1");
    assertSeen("jpg_single_client", true, "-U", "c", "-D", "c=3", "-S"); // values, not -c
    assertSeen("jpg_single_client", true, "-S", "--", "-c", "5");
    assertSeen("jpg_single_client", false, "-c", "8");
    assertSeen("jpg_single_client", false, "-c8");
    assertSeen("jpg_single_client", false, "--client=4");
    assertSeen("jpg_single_client", false, "--client", "2");
    assertSeen("jpg_single_client", false, "-nc", "4");
    assertSeen("jpg_single_client", false, "-j", "2", "-c", "1", "-c", "2");
  }

  @Test
  void aValueGluedToItsOptionIsNotAnOption() throws Exception {
    String opts = OptionTable.OPTSTRING;
    for (int i = 0; i < opts.length(); i++) {
      char c = opts.charAt(i);
      if (c == ':' || c == 'i' || c == 'f' || c == 'C') {
        continue;
      }
      boolean takesValue = i + 1 < opts.length() && opts.charAt(i + 1) == ':';
      // -Xi: with a value-taking X, "i" is X's value; with a flag X, -i follows
      assertSeen("jpg_init_mode", !takesValue, "-" + c + "i");
      assertSeen("jpg_script_file", !takesValue, "-" + c + "f", "x.sql");
      assertSeen("jpg_connect_per_transaction", !takesValue, "-" + c + "C");
    }
  }

  private static void assertSeen(String function, boolean expected, String... args)
      throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<>(
            List.of("bash", "-c", ". \"$0\" && " + function + " \"$@\"", ARGS_SH.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out =
        new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("bash did not finish");
    }
    assertEquals(
        expected ? 0 : 1, p.exitValue(), () -> function + " " + String.join(" ", args) + " " + out);
  }
}
