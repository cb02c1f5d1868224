package org.jpgbench.testing;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jpgbench.cli.Jpgbench;
import org.jpgbench.text.RawUtf8;

/**
 * jpgbench's whole command line run in this JVM, with the streams Main gives (bytes as RawUtf8
 * holds them, so a script's bytes can be seen as such) and what it printed captured.
 */
public final class InProcess {
  private InProcess() {}

  /** Exit status and what went to stdout and stderr. */
  public record Output(int status, String out, String err) {}

  public static Output run(Map<String, String> env, String stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream o = new PrintStream(out, true, RawUtf8.CHARSET);
        PrintStream e = new PrintStream(err, true, RawUtf8.CHARSET)) {
      status =
          new Jpgbench(o, e, env, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)))
              .run(args);
    }
    return new Output(status, RawUtf8.decode(out.toByteArray()), RawUtf8.decode(err.toByteArray()));
  }
}
