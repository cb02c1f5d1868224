package org.jpgbench.script;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.jpgbench.text.RawUtf8;

/**
 * Runs shell commands the way pgbench does: through {@code /bin/sh -c} (system() for \shell,
 * popen() for \setshell), with this process's stdin and stderr, after flushing our own output.
 */
final class ShellRunner {
  /** pgbench reads at most this many bytes of \setshell's output (fgets into res[64]). */
  static final int RESULT_SIZE = 63;

  private ShellRunner() {}

  /**
   * system(): runs the command, its standard output going to {@code out} or, when null, to this
   * process's standard output. Returns the exit status, or -1 when it could not be started.
   */
  static int system(String command, OutputStream out) {
    flushOwnOutput(out);
    ProcessBuilder pb = shell(command);
    pb.redirectOutput(out == null ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.PIPE);
    try {
      Process p = pb.start();
      if (out != null) {
        p.getInputStream().transferTo(out);
        out.flush();
      }
      return p.waitFor();
    } catch (IOException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  /**
   * popen() + fgets(): the first line of the command's output (with its newline, at most 63 bytes),
   * or null when it printed nothing or could not be started.
   */
  static String firstLine(String command) {
    flushOwnOutput(null);
    ProcessBuilder pb = shell(command);
    pb.redirectOutput(ProcessBuilder.Redirect.PIPE);
    try {
      Process p = pb.start();
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      try (InputStream in = p.getInputStream()) {
        int b;
        while (line.size() < RESULT_SIZE && (b = in.read()) >= 0) {
          line.write(b);
          if (b == '\n') {
            break;
          }
        }
      }
      p.waitFor();
      return line.size() == 0 ? null : RawUtf8.decode(line.toByteArray());
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private static ProcessBuilder shell(String command) {
    ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", command);
    pb.redirectInput(ProcessBuilder.Redirect.INHERIT);
    pb.redirectError(ProcessBuilder.Redirect.INHERIT);
    return pb;
  }

  /** fflush(NULL): what we printed must come before what the command prints. */
  private static void flushOwnOutput(OutputStream out) {
    System.out.flush();
    System.err.flush();
    if (out != null) {
      try {
        out.flush();
      } catch (IOException e) {
        // the command's own output will report the problem, if any
      }
    }
  }
}
