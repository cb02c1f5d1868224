package org.jpgbench.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the few system programs the embedded server needs ({@code runuser}, {@code setsid}, {@code
 * cp}, {@code xz}) on the caller's PATH and then in the system directories, so a benchmark started
 * with a narrow PATH (cron, {@code env -i}, a service unit) still finds them.
 */
final class SystemPrograms {
  private static final List<String> SYSTEM_DIRS = List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin");

  private SystemPrograms() {}

  /** The absolute path of {@code name}, or empty when no directory holds it. */
  static Optional<Path> find(String name) {
    List<String> dirs = new ArrayList<>();
    String path = System.getenv("PATH");
    if (path != null) {
      dirs.addAll(List.of(path.split(":")));
    }
    dirs.addAll(SYSTEM_DIRS);
    for (String dir : dirs) {
      if (dir.startsWith("/")) {
        Path candidate = Path.of(dir, name);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  /** {@code path} (may be null) followed by the system directories it lacks. */
  static String withSystemDirs(String path) {
    List<String> dirs = new ArrayList<>();
    if (path != null && !path.isEmpty()) {
      dirs.addAll(List.of(path.split(":")));
    }
    for (String dir : SYSTEM_DIRS) {
      if (!dirs.contains(dir)) {
        dirs.add(dir);
      }
    }
    return String.join(":", dirs);
  }

  /** The absolute path of {@code name} when found, else the bare name (the error then names it). */
  static String command(String name) {
    return find(name).map(Path::toString).orElse(name);
  }
}
