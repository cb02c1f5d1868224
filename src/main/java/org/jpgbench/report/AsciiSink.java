package org.jpgbench.report;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A buffered ASCII line writer for log files that formats integers and copies strings without
 * allocating. Not thread-safe: each log file has one, guarded by its owner.
 */
public final class AsciiSink implements AutoCloseable {
  private final OutputStream out;
  private final byte[] buf;
  private final byte[] digits = new byte[20];
  private int pos;

  public AsciiSink(OutputStream out, int bufferSize) {
    this.out = out;
    this.buf = new byte[bufferSize];
  }

  public AsciiSink append(char c) throws IOException {
    if (pos == buf.length) {
      drain();
    }
    buf[pos++] = (byte) c;
    return this;
  }

  /** Appends a string of ASCII characters. */
  public AsciiSink append(String s) throws IOException {
    for (int i = 0, n = s.length(); i < n; i++) {
      append(s.charAt(i));
    }
    return this;
  }

  /** Appends {@code v} in decimal, as %lld. */
  public AsciiSink append(long v) throws IOException {
    if (v == Long.MIN_VALUE) {
      return append("-9223372036854775808");
    }
    if (v < 0) {
      append('-');
      v = -v;
    }
    int n = 0;
    do {
      digits[n++] = (byte) ('0' + (v % 10));
      v /= 10;
    } while (v != 0);
    while (n > 0) {
      append((char) digits[--n]);
    }
    return this;
  }

  /** Writes the buffered bytes to the stream and flushes it. */
  public void flush() throws IOException {
    drain();
    out.flush();
  }

  private void drain() throws IOException {
    if (pos > 0) {
      out.write(buf, 0, pos);
      pos = 0;
    }
  }

  @Override
  public void close() throws IOException {
    try {
      flush();
    } finally {
      out.close();
    }
  }
}
