package org.jpgbench.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import org.jpgbench.text.RawUtf8;

/** Entry point: wires the process streams, arguments, environment and exit status, nothing else. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    // bytes out as they came in, whatever the locale says (see org.jpgbench.text)
    System.setOut(stream(FileDescriptor.out));
    System.setErr(stream(FileDescriptor.err));
    int status =
        new Jpgbench(System.out, System.err, System.getenv(), System.in)
            .run(ProcessArguments.asBytes(args));
    System.out.flush();
    System.err.flush();
    System.exit(status);
  }

  private static PrintStream stream(FileDescriptor fd) {
    return new PrintStream(
        new BufferedOutputStream(new FileOutputStream(fd), 8192), true, RawUtf8.CHARSET);
  }
}
