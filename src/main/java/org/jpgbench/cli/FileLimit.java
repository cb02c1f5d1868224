package org.jpgbench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * pgbench's -c check against the open-file limit: every client needs a socket, plus three. The JVM
 * raises its soft limit to the hard one at start, so only the hard limit (from /proc/self/limits on
 * Linux; no check elsewhere) can refuse.
 */
final class FileLimit {
  private FileLimit() {}

  static void check(int clients) throws CliExit {
    long hard = hardLimit();
    long needed = clients + 3L;
    if (hard >= 0 && hard < needed) {
      throw new CliExit(
          Diag.error(CliMessages.NEED_OPEN_FILES, needed, hard)
              + Diag.hint(CliMessages.NEED_OPEN_FILES_HINT),
          1);
    }
  }

  /** The hard RLIMIT_NOFILE, or -1 when unknown or unlimited. */
  static long hardLimit() {
    Path limits = Path.of("/proc/self/limits");
    try {
      for (String line : Files.readAllLines(limits)) {
        if (line.startsWith("Max open files")) {
          String[] f = line.substring("Max open files".length()).trim().split("\\s+");
          return f.length >= 2 && f[1].matches("[0-9]+") ? Long.parseLong(f[1]) : -1;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }
}
