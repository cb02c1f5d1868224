package org.jpgbench.group;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One jpgbench process of a group test: its own JVM (the test's class path), optionally inside a
 * network namespace, its working directory, stdout and stderr in files of that directory.
 */
final class MemberProcess {
  final Path dir;
  private final Process process;

  private MemberProcess(Path dir, Process process) {
    this.dir = dir;
    this.process = process;
  }

  /** The command that runs jpgbench's main with {@code args} in a JVM like the test's. */
  static List<String> java(List<String> args) {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                "org.jpgbench.cli.Main"));
    cmd.addAll(args);
    return cmd;
  }

  /** Starts {@code command} in {@code dir} (created), without the PG* environment. */
  static MemberProcess start(Path dir, List<String> command) throws IOException {
    Files.createDirectories(dir);
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(dir.resolve("out").toFile())
            .redirectError(dir.resolve("err").toFile());
    pb.environment().keySet().removeIf(k -> k.startsWith("PG"));
    return new MemberProcess(dir, pb.start());
  }

  /** The exit status, waiting at most {@code seconds} (then the process is killed: a failure). */
  int await(int seconds) throws IOException, InterruptedException {
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("still running after " + seconds + " s:\n" + this);
    }
    return process.exitValue();
  }

  /** SIGINT, as Ctrl-C sends it. */
  void interrupt() throws IOException, InterruptedException {
    new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
  }

  /** SIGKILL: the process dies at once, its connections with it. */
  void kill() {
    process.destroyForcibly();
  }

  String out() throws IOException {
    return Files.readString(dir.resolve("out"));
  }

  String err() throws IOException {
    return Files.readString(dir.resolve("err"));
  }

  @Override
  public String toString() {
    try {
      return dir + "\n--- stdout\n" + out() + "--- stderr\n" + err();
    } catch (IOException e) {
      return dir + ": " + e;
    }
  }
}
