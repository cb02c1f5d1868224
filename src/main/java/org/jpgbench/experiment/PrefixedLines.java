package org.jpgbench.experiment;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * A run's stderr within an experiment: each line (its -P progress, its errors) prefixed with the
 * point and side it belongs to ("clients 4: progress: 5.0 s, ..."), so that a sweep's or an A/B
 * test's interleaved lines say whose they are.
 */
final class PrefixedLines extends OutputStream {
  private final PrintStream out;
  private final byte[] prefix;
  private boolean atLineStart = true;

  private PrefixedLines(PrintStream out, String prefix) {
    this.out = out;
    this.prefix = prefix.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /** {@code out} with every line prefixed by {@code prefix}. */
  static PrintStream of(PrintStream out, String prefix) {
    return new PrintStream(
        new PrefixedLines(out, prefix), true, java.nio.charset.StandardCharsets.UTF_8);
  }

  @Override
  public synchronized void write(int b) {
    if (atLineStart) {
      out.write(prefix, 0, prefix.length);
    }
    out.write(b);
    atLineStart = b == '\n';
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) {
    int start = off;
    for (int i = off; i < off + len; i++) {
      if (atLineStart) {
        out.write(b, start, i - start);
        out.write(prefix, 0, prefix.length);
        start = i;
        atLineStart = false;
      }
      if (b[i] == '\n') {
        out.write(b, start, i + 1 - start);
        start = i + 1;
        atLineStart = true;
      }
    }
    out.write(b, start, off + len - start);
  }

  @Override
  public void flush() {
    out.flush();
  }
}
