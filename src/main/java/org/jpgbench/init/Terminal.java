package org.jpgbench.init;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether stderr is a terminal, as pgbench's isatty(fileno(stderr)) (progress lines use '\r'). */
final class Terminal {
  private Terminal() {}

  static boolean isTerminal(PrintStream err) {
    if (err != System.err) {
      return false; // a test's or caller's stream
    }
    Path fd2 = Path.of("/proc/self/fd/2");
    if (Files.exists(fd2, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      try {
        String target = Files.readSymbolicLink(fd2).toString();
        return target.startsWith("/dev/pts/")
            || target.startsWith("/dev/tty")
            || target.equals("/dev/console");
      } catch (IOException | UnsupportedOperationException e) {
        return false;
      }
    }
    return System.console() != null;
  }
}
