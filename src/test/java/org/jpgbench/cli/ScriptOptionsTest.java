package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.config.QueryMode;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.script.BuiltinScripts;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** -b/-f/-N/-S, --show-script and the run-mode options object (needs the script package). */
class ScriptOptionsTest {
  @TempDir Path dir;

  @BeforeEach
  void needsScripts() {}

  private static ParseState read(String stdin, String... args) throws CliExit {
    List<String> operands = new ArrayList<>();
    ScriptLoader loader =
        new ScriptLoader(
            new SymbolTable(),
            new java.io.ByteArrayInputStream(
                stdin.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    ParseState st = new OptionsReader(loader, Map.of(), System.err).read(args, operands);
    CrossChecks.apply(
        st,
        operands,
        s -> {
          BuiltinScripts.Builtin b = ScriptLoader.findBuiltin("tpcb-like");
          s.addScript(
              new Options.ScriptSpec(true, b.name(), 1), b.text(), loader.parseBuiltin(b, 1));
        });
    return st;
  }

  @Test
  void builtinListAndShowScript() {
    CliRun.Result list = CliRun.run("-b", "list");
    assertEquals(0, list.status());
    assertEquals("", list.out());
    assertEquals(BuiltinScripts.listing(), list.err());
    assertTrue(list.err().startsWith("Available builtin scripts:\n"));

    CliRun.Result show = CliRun.run("--show-script", "se");
    assertEquals(0, show.status());
    assertTrue(show.err().startsWith("-- select-only: <builtin: select only>\n"), show.err());
  }

  @Test
  void builtinLookupErrorsListTheBuiltins() {
    CliRun.Result r = CliRun.run("-b", "s");
    assertEquals(1, r.status());
    assertTrue(
        r.err()
            .startsWith(
                "jpgbench: error: ambiguous builtin name: 2 builtin scripts"
                    + " found for prefix \"s\"\n"),
        r.err());
    assertTrue(r.err().contains("Available builtin scripts:"));
    CliRun.Result bad = CliRun.run("--show-script", "nosuch");
    assertTrue(
        bad.err().startsWith("jpgbench: error: no builtin script found for name" + " \"nosuch\"\n"),
        bad.err());
    bad.assertNoStackTrace();
  }

  @Test
  void weightsAndLimits() {
    CliRun.run("-b", "se@0", "-b", "si@0", "-b", "tpcb@0")
        .assertError("jpgbench: error: total script weight must not be zero\n");
    String[] many = Collections.nCopies(129, "-S").toArray(String[]::new);
    CliRun.run(many).assertError("jpgbench: error: at most 128 SQL scripts are allowed\n");
  }

  @Test
  void emptyScriptFile() throws Exception {
    Path f = dir.resolve("empty.sql");
    Files.writeString(f, "-- nothing\n");
    CliRun.run("-f", f.toString())
        .assertError("jpgbench: error: empty command list for script \"" + f + "\"\n");
  }

  @Test
  void runModeOptions() throws Exception {
    ParseState st =
        read(
            "SELECT 1;\n",
            "-c8",
            "-j",
            "16",
            "-C",
            "-D",
            "x=1=2",
            "-M",
            "prepared",
            "-t5",
            "-P2",
            "-r",
            "-R",
            "100.5",
            "-L",
            "2.5",
            "-l",
            "--log-prefix=lp",
            "--sampling-rate",
            "0.5",
            "--max-tries=3",
            "--failures-detailed",
            "--verbose-errors",
            "--exit-on-abort",
            "--continue-on-error",
            "--random-seed=42",
            "-v",
            "-n",
            "--debug",
            "-f",
            "-@3",
            "-S",
            "--percentile",
            "--report-json=-",
            "--hdr-log=h.log",
            "mydb");
    Options o = st.builder.build();
    assertEquals(8, o.run().clients());
    assertEquals(8, o.run().threads());
    assertEquals(true, o.run().connectPerTransaction());
    assertEquals(Map.of("x", "1=2"), o.run().defines());
    assertEquals(QueryMode.PREPARED, o.run().queryMode());
    assertEquals(5, o.run().transactionsPerClient());
    assertEquals(2, o.outputs().progressSeconds());
    assertEquals(100.5, o.run().rate());
    assertEquals(2500, o.run().latencyLimitMicros());
    assertEquals("lp", o.outputs().logPrefix());
    assertEquals(0.5, o.outputs().samplingRate());
    assertEquals(3, o.run().maxTries());
    assertEquals(42L, o.run().randomSeed());
    assertEquals(List.of(50.0, 90.0, 95.0, 99.0, 99.9), o.outputs().percentiles());
    assertEquals("-", o.outputs().reportJson());
    assertEquals("mydb", o.connection().dbName());
    assertEquals(
        List.of(
            new Options.ScriptSpec(false, "-", 3), new Options.ScriptSpec(true, "select-only", 1)),
        o.run().scripts());
    assertEquals("SELECT 1;\n", o.run().scriptTexts().get(0));
    assertEquals(2, st.scripts.size());
    assertEquals(3, st.scripts.get(0).weight());
    assertEquals("select-only", st.scripts.get(1).name());
    assertEquals("<builtin: select only>", st.scripts.get(1).description());
  }

  @Test
  void defaultScriptIsTpcbLike() throws Exception {
    ParseState st = read("", "-n");
    assertEquals(List.of(new Options.ScriptSpec(true, "tpcb-like", 1)), st.builder.scripts);
    assertEquals("tpcb-like", st.scripts.get(0).name());
  }
}
