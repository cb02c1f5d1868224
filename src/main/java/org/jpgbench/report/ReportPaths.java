package org.jpgbench.report;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Whether a report file can be written, checked before the work it will report on begins: a bad
 * path should not wait for the end of a long run to be found.
 */
public final class ReportPaths {
  private ReportPaths() {}

  /**
   * Why {@code path} cannot be written, in the words of pgbench's %m ("No such file or directory",
   * "Permission denied", "Is a directory"), or null when it can (null and "-", stdout, always can).
   */
  public static String problem(String path) {
    if (path == null || path.equals("-")) {
      return null;
    }
    Path p;
    try {
      p = Path.of(path).toAbsolutePath();
    } catch (InvalidPathException e) {
      return e.getMessage();
    }
    if (Files.isDirectory(p)) {
      return "Is a directory";
    }
    if (p.getParent() == null || !Files.isDirectory(p.getParent())) {
      return "No such file or directory";
    }
    boolean writable = Files.exists(p) ? Files.isWritable(p) : Files.isWritable(p.getParent());
    return writable ? null : "Permission denied";
  }
}
