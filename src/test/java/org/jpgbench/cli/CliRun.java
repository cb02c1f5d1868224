package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import org.jpgbench.testing.InProcess;

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
    InProcess.Output o = InProcess.run(env, stdin, args);
    return new Result(o.status(), o.out(), o.err());
  }
}
