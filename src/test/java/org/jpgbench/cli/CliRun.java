package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jpgbench.text.RawUtf8;

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
    // the streams Main gives: bytes as RawUtf8 holds them, so a script's bytes can be seen as such
    try (PrintStream o = new PrintStream(out, true, RawUtf8.CHARSET);
        PrintStream e = new PrintStream(err, true, RawUtf8.CHARSET)) {
      status =
          new Jpgbench(o, e, env, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)))
              .run(args);
    }
    return new Result(status, RawUtf8.decode(out.toByteArray()), RawUtf8.decode(err.toByteArray()));
  }
}
