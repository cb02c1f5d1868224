package org.jpgbench.dist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jpgbench.testing.TestDatabase;

/**
 * Runs an installed jpgbench as a user would: a real process, an environment of its own (no PG*
 * variables, a HOME of its own), as root or, through runuser, as an unprivileged account.
 */
final class InstalledRun {
  /** The unprivileged account commands run as when the tests run as root. */
  static final String ACCOUNT = "nobody";

  record Result(int status, String out, String err) {}

  private InstalledRun() {}

  static boolean root() {
    return "root".equals(System.getProperty("user.name"));
  }

  /** A directory an unprivileged account may use as HOME (created, handed to it). */
  static Path home(Path parent, boolean unprivileged) throws IOException, InterruptedException {
    Path h = Files.createDirectories(parent.resolve(unprivileged ? "home-" + ACCOUNT : "home"));
    if (unprivileged && root()) {
      exec(List.of("chown", ACCOUNT, h.toString()), Map.of(), null, 30);
    }
    return h;
  }

  /** Makes {@code dir} and everything under it readable (and its directories traversable). */
  static void openToAll(Path dir) throws IOException, InterruptedException {
    exec(List.of("chmod", "-R", "a+rX", dir.toString()), Map.of(), null, 30);
    for (Path p = dir; p != null && p.getParent() != null; p = p.getParent()) {
      if (p.startsWith("/tmp") && !p.equals(Path.of("/tmp"))) {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
      }
    }
  }

  /**
   * Runs {@code command} with exactly {@code env}; as {@link #ACCOUNT} when {@code unprivileged}
   * and the tests run as root.
   */
  static Result run(boolean unprivileged, Map<String, String> env, List<String> command)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    if (unprivileged && root()) {
      cmd.addAll(List.of("runuser", "-u", ACCOUNT, "--"));
    }
    cmd.add("/usr/bin/env");
    cmd.add("-i");
    env.forEach((k, v) -> cmd.add(k + "=" + v));
    cmd.addAll(command);
    return exec(cmd, Map.of(), null, 180);
  }

  private static Result exec(List<String> cmd, Map<String, String> env, Path dir, int seconds)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().putAll(env);
    if (dir != null) {
      pb.directory(dir.toFile());
    }
    Path out = Files.createTempFile("jpgbench-it", ".out");
    Path err = Files.createTempFile("jpgbench-it", ".err");
    try {
      Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError(String.join(" ", cmd) + " did not finish in " + seconds + " s");
      }
      return new Result(
          p.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /**
   * The command line of a 20-transaction, 2-client run of {@code script} by {@code program} over
   * the test server's Unix socket.
   */
  static List<String> socketRun(String program, Path script, TestDatabase db) {
    return new ArrayList<>(
        List.of(
            program,
            "-n",
            "-t",
            "20",
            "-c",
            "2",
            "-j",
            "2",
            "-h",
            db.socketDir(),
            "-p",
            Integer.toString(db.port()),
            "-U",
            db.user(),
            "-f",
            script.toString(),
            db.name()));
  }
}
