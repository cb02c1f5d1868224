package org.jpgbench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.text.RawUtf8;

/**
 * The command line's bytes. The JVM decodes {@code main}'s arguments in the locale's charset, which
 * loses every byte that charset cannot hold (each becomes '?' or U+FFFD; under the C locale that is
 * every non-ASCII byte), so a {@code -D name=é} would not reach the server as typed. Linux keeps
 * the original bytes in {@code /proc/self/cmdline}: its last entries are the program's arguments,
 * decoded here with {@link RawUtf8} so that they encode back to exactly what was typed.
 */
final class ProcessArguments {
  private ProcessArguments() {}

  /** {@code args} as {@link RawUtf8} text of the process's own bytes, or {@code args} itself. */
  static String[] asBytes(String[] args) {
    try {
      return fromCmdline(Files.readAllBytes(Path.of("/proc/self/cmdline")), args);
    } catch (IOException | SecurityException e) {
      return args;
    }
  }

  /**
   * The last {@code args.length} NUL-terminated entries of {@code cmdline}, when each agrees with
   * the JVM's decoding of it (same text where the JVM lost nothing); otherwise {@code args}.
   */
  static String[] fromCmdline(byte[] cmdline, String[] args) {
    List<String> entries = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < cmdline.length; i++) {
      if (cmdline[i] == 0) {
        entries.add(RawUtf8.decode(cmdline, start, i - start));
        start = i + 1;
      }
    }
    if (entries.size() < args.length) {
      return args;
    }
    String[] raw =
        entries.subList(entries.size() - args.length, entries.size()).toArray(String[]::new);
    for (int i = 0; i < args.length; i++) {
      if (!agrees(raw[i], args[i])) {
        return args;
      }
    }
    return raw;
  }

  /** Equal, or equal in their ASCII (what the JVM's decoding keeps, its '?' aside). */
  private static boolean agrees(String raw, String decoded) {
    return raw.equals(decoded) || skeleton(raw).equals(skeleton(decoded));
  }

  private static String skeleton(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80 && c != '?') {
        sb.append(c);
      }
    }
    return sb.toString();
  }
}
