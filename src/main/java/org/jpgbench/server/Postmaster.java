package org.jpgbench.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One running postmaster, started under a small shell watchdog that stops it when our end of its
 * standard input closes: on {@link #stop}, and also when this JVM dies in any way (even kill -9),
 * since the kernel then closes the pipe. The watchdog asks for a fast shutdown (SIGINT), escalates
 * to SIGQUIT after 10 s and SIGKILL after 20 s, and then removes the cluster's directory. It runs
 * in its own session ({@code setsid}) so a Ctrl-C at the terminal reaches jpgbench only, which then
 * stops the server in order.
 */
final class Postmaster {
  /** $1 = the cluster's directory, the rest = the postgres command line. */
  private static final String WATCHDOG =
      """
      root=$1; shift
      "$@" </dev/null >>"$root/postgres.log" 2>&1 &
      p=$!
      exec 3<&0
      (
        while read -r _ <&3; do :; done
        : >"$root/stop-requested"
        kill -INT "$p" 2>/dev/null
        i=0
        while kill -0 "$p" 2>/dev/null; do
          i=$((i + 1))
          [ "$i" -eq 100 ] && kill -QUIT "$p" 2>/dev/null
          [ "$i" -ge 200 ] && kill -KILL "$p" 2>/dev/null
          sleep 0.1
        done
      ) <&3 &
      w=$!
      exec 3<&-
      wait "$p"; rc=$?
      if [ -e "$root/stop-requested" ]; then rm -rf "$root"; else kill "$w" 2>/dev/null; fi
      exit $rc
      """;

  private final Process watchdog;
  private final long pid;

  private Postmaster(Process watchdog, long pid) {
    this.watchdog = watchdog;
    this.pid = pid;
  }

  /** Thrown when the port was taken between choosing it and the server binding it. */
  static final class PortTaken extends IOException {
    private static final long serialVersionUID = 1L;

    PortTaken(String message) {
      super(message);
    }
  }

  /**
   * Starts postgres on the cluster in {@code root}/data and returns once it accepts connections.
   *
   * @param args the postgres command line (program first)
   */
  static Postmaster launch(String account, Path root, List<String> args, Map<String, String> env)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    SystemPrograms.find("setsid").ifPresent(setsid -> cmd.add(setsid.toString()));
    List<String> shell =
        new ArrayList<>(
            List.of("/bin/sh", "-c", WATCHDOG, "jpgbench-pg-watchdog", root.toString()));
    shell.addAll(args);
    cmd.addAll(OsAccount.runAs(account, shell));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(root.toFile());
    pb.environment().clear();
    pb.environment().putAll(env);
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD);
    Process process = pb.start();
    Path pidFile = root.resolve("data").resolve("postmaster.pid");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    try {
      while (true) {
        long pid = readyPid(pidFile);
        if (pid > 0) {
          return new Postmaster(process, pid);
        }
        if (!process.isAlive()) {
          String log = tail(root.resolve("postgres.log"), 15);
          if (log.contains("could not bind")
              || log.contains("could not create any TCP/IP sockets")) {
            throw new PortTaken(log);
          }
          throw new IOException("the embedded PostgreSQL server did not start:\n" + log);
        }
        if (System.nanoTime() > deadline) {
          throw new IOException(
              "the embedded PostgreSQL server did not start within 120 s:\n"
                  + tail(root.resolve("postgres.log"), 15));
        }
        Thread.sleep(5);
      }
    } catch (IOException | RuntimeException e) {
      new Postmaster(process, -1).stop();
      throw e;
    } catch (InterruptedException e) {
      new Postmaster(process, -1).stop();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while starting PostgreSQL", e);
    }
  }

  /** The postmaster's pid once postmaster.pid says "ready" (line 8); else -1. */
  private static long readyPid(Path pidFile) throws IOException {
    List<String> lines;
    try {
      lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return -1;
    }
    if (lines.size() < 8 || !lines.get(7).trim().equals("ready")) {
      return -1;
    }
    try {
      return Long.parseLong(lines.get(0).trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  long pid() {
    return pid;
  }

  boolean isAlive() {
    return watchdog.isAlive();
  }

  /**
   * Stops the server (fast shutdown through the watchdog), waits for it, and kills what is left if
   * it takes too long. Returns once neither the watchdog nor the postmaster runs.
   */
  /** How long the watchdog's fast shutdown may take (PostgreSQL's own pg_ctl waits 60 s). */
  private static final int STOP_SECONDS = 25;

  /** How long the processes may take to die once killed. */
  private static final int KILL_SECONDS = 5;

  void stop() {
    try {
      watchdog.getOutputStream().close();
    } catch (IOException e) {
      // already closed: the watchdog has seen EOF or is gone
    }
    boolean done = false;
    try {
      done = watchdog.waitFor(STOP_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (!done || (pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))) {
      if (pid > 0) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
      }
      watchdog.descendants().forEach(ProcessHandle::destroyForcibly);
      watchdog.destroyForcibly();
      try {
        watchdog.waitFor(KILL_SECONDS, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  static String tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }
}
