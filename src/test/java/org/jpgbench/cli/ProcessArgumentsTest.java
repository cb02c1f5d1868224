package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProcessArgumentsTest {
  private static byte[] cmdline(byte[]... entries) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (byte[] e : entries) {
      b.writeBytes(e);
      b.write(0);
    }
    return b.toByteArray();
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void theArgumentsAreTheLastEntriesAsTheirBytes() {
    byte[] raw =
        cmdline(
            ascii("java"),
            ascii("-cp"),
            ascii("x.jar"),
            ascii("org.jpgbench.cli.Main"),
            ascii("-D"),
            new byte[] {'v', '=', (byte) 0xE9, (byte) 0xE2, (byte) 0x82, (byte) 0xAC});
    // the JVM in a UTF-8 locale: U+FFFD for the lone 0xE9; in the C locale: a '?' per byte
    for (String decoded : new String[] {"v=\uFFFD\u20ac", "v=????"}) {
      assertArrayEquals(
          new String[] {"-D", "v=\uDCE9\u20ac"},
          ProcessArguments.fromCmdline(raw, new String[] {"-D", decoded}));
    }
  }

  @Test
  void entriesThatDoNotMatchTheJvmsArgumentsAreNotUsed() {
    String[] args = {"-c", "4"};
    assertSame(
        args, ProcessArguments.fromCmdline(cmdline(ascii("java"), ascii("-c"), ascii("8")), args));
    assertSame(args, ProcessArguments.fromCmdline(cmdline(ascii("4")), args));
    String[] none = {};
    assertArrayEquals(none, ProcessArguments.fromCmdline(cmdline(ascii("java")), none));
  }
}
