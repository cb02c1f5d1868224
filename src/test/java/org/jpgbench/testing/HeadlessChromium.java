package org.jpgbench.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's Chromium, headless, as the HTML tests run it: a fresh profile each time and none of the
 * background connections a closed network refuses. {@link #find()} is null when it is not installed
 * (CI installs it; the tests that need it are then skipped with a reason).
 */
public final class HeadlessChromium {
  /** What one Chromium command printed. */
  public record Run(int status, String out, String err) {
    /** The lines of the page's console (errors, uncaught exceptions) in Chromium's log. */
    public List<String> consoleLines() {
      return err.lines().filter(l -> l.contains(":CONSOLE") || l.contains("Uncaught")).toList();
    }
  }

  private final String exe;
  private final Path dir;

  private HeadlessChromium(String exe, Path dir) {
    this.exe = exe;
    this.dir = dir;
  }

  /** The installed Chromium, working in {@code dir}; null when none is installed. */
  public static HeadlessChromium find(Path dir) {
    for (String c : new String[] {"/usr/bin/chromium", "/usr/bin/chromium-browser"}) {
      if (Files.isExecutable(Path.of(c))) {
        return new HeadlessChromium(c, dir);
      }
    }
    return null;
  }

  /** The page's DOM after its scripts ran, and the console in {@link Run#err}. */
  public Run dumpDom(Path page) throws IOException, InterruptedException {
    return dumpDom(page, "");
  }

  /** The DOM of the page opened at {@code #fragment} (e.g. "at=3"), after its scripts ran. */
  public Run dumpDom(Path page, String fragment) throws IOException, InterruptedException {
    String uri = page.toUri() + (fragment.isEmpty() ? "" : "#" + fragment);
    return run("--enable-logging=stderr", "--v=0", "--dump-dom", uri);
  }

  /** A screenshot of the page at this size. */
  public Run screenshot(Path page, Path png, int width, int height)
      throws IOException, InterruptedException {
    return run(
        "--hide-scrollbars",
        "--window-size=" + width + "," + height,
        "--screenshot=" + png,
        page.toUri().toString());
  }

  public Run run(String... args) throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory(dir, "profile");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                exe,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--user-data-dir=" + profile));
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile(dir, "chromium", ".out");
    Path err = Files.createTempFile(dir, "chromium", ".err");
    Process p =
        new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish");
    }
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }
}
