package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.script.BuiltinScripts;
import org.jpgbench.script.ScriptParser;
import org.junit.jupiter.api.Assumptions;

/** Runs the command line in-process and captures what it prints. */
final class CliRun {
  private CliRun() {}

  record Result(int status, String out, String err) {
    /** Exit status 1, nothing on stdout, exactly this on stderr, and never a stack trace. */
    void assertError(String expectedStderr) {
      assertEquals(expectedStderr, err, "stderr");
      assertEquals("", out, "stdout");
      assertEquals(1, status, "exit status");
      assertNoStackTrace();
    }

    void assertNoStackTrace() {
      assertFalse(err.contains("\tat ") || err.contains("Exception"), () -> "stack trace: " + err);
    }
  }

  static Result run(String... args) {
    return run(Map.of(), "", args);
  }

  static Result runEnv(Map<String, String> env, String... args) {
    return run(env, "", args);
  }

  static Result run(Map<String, String> env, String stdin, String... args) {
    String transport = System.getenv("JPGBENCH_TRANSPORT"); // set by the fallback test runs
    if (transport != null && !env.containsKey("JPGBENCH_TRANSPORT")) {
      env = new java.util.HashMap<>(env);
      env.put("JPGBENCH_TRANSPORT", transport);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = new Jpgbench(o, e, env,
          new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8))).run(args);
    }
    return new Result(status, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /** Skips the calling test while the script package (builtins, parser) is still a stub. */
  static void assumeScriptPackage() {
    boolean ready;
    try {
      BuiltinScripts.listing();
      ScriptParser.parse("probe", "SELECT 1;\n", 1, new SymbolTable());
      ready = true;
    } catch (UnsupportedOperationException | org.jpgbench.script.ScriptException e) {
      ready = false;
    }
    Assumptions.assumeTrue(ready, "script package not merged yet");
  }
}
