package org.jpgbench.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What reaches the socket under the driver: libpq's StartupMessage, everything else untouched. */
class StartupRewriterTest {
  private static final StartupPacket LIBPQ =
      StartupPacket.of("u", "d", null, "pgbench", null, Map.of());

  private static byte[] message(int code, String... fields) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (String f : fields) {
      b.writeBytes(f.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      b.write(0);
    }
    if (fields.length > 0) {
      b.write(0);
    }
    byte[] body = b.toByteArray();
    return ByteBuffer.allocate(8 + body.length)
        .putInt(8 + body.length)
        .putInt(code)
        .put(body)
        .array();
  }

  private static final byte[] DRIVERS =
      message(
          196608,
          "user",
          "u",
          "database",
          "d",
          "client_encoding",
          "UTF8",
          "DateStyle",
          "ISO",
          "TimeZone",
          "Europe/Berlin",
          "application_name",
          "pgbench");

  @Test
  void theStartupMessageCarriesLibpqsParametersWithTheDriversVersion() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StartupRewriter w = new StartupRewriter(out, LIBPQ);
    w.write(DRIVERS, 0, DRIVERS.length);
    w.write(new byte[] {'Q', 0, 0, 0, 5, 0}, 0, 6);
    byte[] expected = message(196608, "user", "u", "database", "d", "application_name", "pgbench");
    ByteArrayOutputStream both = new ByteArrayOutputStream();
    both.writeBytes(expected);
    both.writeBytes(new byte[] {'Q', 0, 0, 0, 5, 0});
    assertArrayEquals(both.toByteArray(), out.toByteArray());
    assertArrayEquals(expected, LIBPQ.message(196608));
  }

  @Test
  void aMessageWrittenInPiecesIsRewrittenWhole() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StartupRewriter w = new StartupRewriter(out, LIBPQ);
    for (byte b : DRIVERS) {
      w.write(b);
      if (out.size() > 0) {
        break;
      }
    }
    assertArrayEquals(LIBPQ.message(196608), out.toByteArray());
  }

  @Test
  void anSslRequestPassesAndTheStartupInTheClearAfterItIsRewritten() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StartupRewriter w = new StartupRewriter(out, LIBPQ);
    byte[] ssl = message(80877103);
    w.write(ssl, 0, ssl.length);
    assertArrayEquals(ssl, out.toByteArray(), "the SSLRequest goes out at once");
    w.write(DRIVERS, 0, DRIVERS.length);
    assertEquals(8 + LIBPQ.message(196608).length, out.size());
  }

  @Test
  void tlsAfterAnSslRequestAndACancelRequestPassUntouched() throws Exception {
    byte[] hello = {0x16, 0x03, 0x01, 0x00, 0x40, 0x01, 0x00, 0x00, 0x3c, 0x03, 0x03};
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StartupRewriter w = new StartupRewriter(out, LIBPQ);
    byte[] ssl = message(80877103);
    w.write(ssl, 0, ssl.length);
    w.write(hello, 0, hello.length);
    w.write(DRIVERS, 0, DRIVERS.length); // inside TLS now: not ours to touch
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.writeBytes(ssl);
    expected.writeBytes(hello);
    expected.writeBytes(DRIVERS);
    assertArrayEquals(expected.toByteArray(), out.toByteArray());

    byte[] cancel =
        ByteBuffer.allocate(16).putInt(16).putInt(80877102).putInt(42).putInt(7).array();
    ByteArrayOutputStream out2 = new ByteArrayOutputStream();
    new StartupRewriter(out2, LIBPQ).write(cancel, 0, cancel.length);
    assertArrayEquals(cancel, out2.toByteArray());
  }

  @Test
  void libpqsOrderAndEnvironmentSettings() {
    StartupPacket p =
        StartupPacket.of(
            "u",
            "d",
            "-c a=1",
            "app",
            "LATIN1",
            Map.of("PGTZ", "UTC", "PGDATESTYLE", "default", "PGGEQO", ""));
    assertEquals(
        List.of(
            "user",
            "u",
            "database",
            "d",
            "options",
            "-c a=1",
            "application_name",
            "app",
            "client_encoding",
            "LATIN1",
            "timezone",
            "UTC",
            "geqo",
            ""),
        p.fields());
    assertEquals(p.fields(), StartupPacket.decode(p.encode()).fields());
  }
}
