package org.jpgbench.faults;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpgbench.testing.InProcess;

/**
 * A jpgbench command run in this JVM on a thread of its own, so that the test can break the server
 * meanwhile; its exit status and what it printed once it ends.
 */
final class BackgroundRun {
  record Result(int status, String out, String err) {
    /** The first number after {@code label} in the report, e.g. "outages: " → 1. */
    double number(String label) {
      Matcher m = Pattern.compile(Pattern.quote(label) + "([0-9.]+)").matcher(out);
      if (!m.find()) {
        throw new AssertionError("no \"" + label + "\" in the report:\n" + out + "\n" + err);
      }
      return Double.parseDouble(m.group(1));
    }

    @Override
    public String toString() {
      return "exit " + status + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  private final CompletableFuture<Result> result;

  /** When the command was started (System.nanoTime). */
  final long startedNanos = System.nanoTime();

  private BackgroundRun(List<String> args) {
    result =
        CompletableFuture.supplyAsync(
            () -> {
              InProcess.Output o = InProcess.run(Map.of(), "", args.toArray(String[]::new));
              return new Result(o.status(), o.out(), o.err());
            },
            r -> {
              Thread t = new Thread(r, "background-jpgbench");
              t.setDaemon(true);
              t.start();
            });
  }

  static BackgroundRun start(List<String> args) {
    return new BackgroundRun(args);
  }

  static Result run(List<String> args) throws Exception {
    return start(args).result();
  }

  /** Sleeps until {@code seconds} after the start. */
  void at(double seconds) throws InterruptedException {
    long until = startedNanos + (long) (seconds * 1e9);
    long left;
    while ((left = until - System.nanoTime()) > 0) {
      TimeUnit.NANOSECONDS.sleep(left);
    }
  }

  Result result() throws Exception {
    return result.get(120, TimeUnit.SECONDS);
  }
}
