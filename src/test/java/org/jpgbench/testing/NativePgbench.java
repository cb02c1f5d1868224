package org.jpgbench.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * PostgreSQL's own pgbench ({@code pg_config --bindir}; CI installs it for the conformance suite),
 * run as a process with the environment and arguments given, for tests that hold jpgbench against
 * it. {@link #find} is null when it is not installed.
 */
public final class NativePgbench {
  private final Path binary;

  private NativePgbench(Path binary) {
    this.binary = binary;
  }

  /** The native pgbench, or null when there is none. */
  public static NativePgbench find() {
    try {
      Process p = new ProcessBuilder("pg_config", "--bindir").redirectErrorStream(true).start();
      String dir = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (p.waitFor() == 0 && Files.isExecutable(Path.of(dir, "pgbench"))) {
        return new NativePgbench(Path.of(dir, "pgbench"));
      }
    } catch (IOException e) {
      return null; // no pg_config
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return null;
  }

  /** Runs pgbench with {@code env} added to this process's environment; at most two minutes. */
  public InProcess.Output run(Map<String, String> env, List<String> args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(binary.toString());
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().putAll(env);
    Path out = Files.createTempFile("native-pgbench", ".out");
    Path err = Files.createTempFile("native-pgbench", ".err");
    try {
      Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("native pgbench did not end in 120 s: " + args);
      }
      return new InProcess.Output(p.exitValue(), Files.readString(out), Files.readString(err));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
