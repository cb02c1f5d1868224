package org.jpgbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** libpq's password file rules. */
class PgPassTest {
  @TempDir Path tmp;

  private static final PgPass FILE =
      PgPass.parse(
          String.join(
              "\n",
              "# a comment:with:colons:x:y",
              "",
              "db1.example:5432:sales:alice:pw-exact",
              "db1.example:*:*:alice:pw-any-port-db",
              "host\\:with\\:colons:5432:*:bob:pw-colon-host",
              "*:*:*:carol:pa\\:ss\\\\word:ignored-after-colon",
              "localhost:5433:*:dave:pw-local",
              "/srv/sock:5433:*:dave:pw-socket-dir",
              "short:line",
              "*:*:*:*:fallback\r"));

  @Test
  void firstMatchingLineWins() {
    assertEquals("pw-exact", FILE.lookup("db1.example", "5432", "sales", "alice"));
    assertEquals("pw-any-port-db", FILE.lookup("db1.example", "6000", "other", "alice"));
  }

  @Test
  void escapesInFieldsAndPassword() {
    assertEquals("pw-colon-host", FILE.lookup("host:with:colons", "5432", "x", "bob"));
    assertEquals("pa:ss\\word", FILE.lookup("anything", "1", "db", "carol"));
  }

  @Test
  void wildcardsMatchWholeFieldsOnlyAndCommentsAreSkipped() {
    assertEquals(
        "fallback", FILE.lookup("# a comment", "with", "colons", "x"), "comment lines never match");
    assertEquals("fallback", FILE.lookup("db1", "5432", "sales", "alice"), "no prefix matching");
    assertEquals("fallback", FILE.lookup("short", "line", "x", "y"));
  }

  @Test
  void unixSocketsInTheDefaultDirectoryMatchLocalhost() {
    List<String> defaults = List.of("/var/run/postgresql", "/tmp");
    assertEquals("localhost", PgPass.hostKey("/tmp", defaults));
    assertEquals("localhost", PgPass.hostKey("/var/run/postgresql", defaults));
    assertEquals("/srv/sock", PgPass.hostKey("/srv/sock", defaults));
    assertEquals("pw-local", FILE.lookup(PgPass.hostKey("/tmp", defaults), "5433", "db", "dave"));
    assertEquals(
        "pw-socket-dir", FILE.lookup(PgPass.hostKey("/srv/sock", defaults), "5433", "db", "dave"));
  }

  @Test
  void noMatch() {
    assertNull(PgPass.parse("h:1:d:u:p\n").lookup("h", "1", "d", "v"));
    assertNull(PgPass.parse("").lookup("h", "1", "d", "u"));
  }

  @Test
  void fileChecksAsLibpq() throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream warn = new PrintStream(buf, true, StandardCharsets.UTF_8);
    assertNull(PgPass.load(tmp.resolve("missing"), warn));
    assertEquals("", buf.toString(StandardCharsets.UTF_8), "a missing file is no warning");

    assertNull(PgPass.load(tmp, warn));
    assertEquals(
        "WARNING: password file \"" + tmp + "\" is not a plain file\n",
        buf.toString(StandardCharsets.UTF_8));
    buf.reset();

    Path f = Files.writeString(tmp.resolve("pgpass"), "*:*:*:*:pw\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw----r--"));
    assertNull(PgPass.load(f, warn));
    assertEquals(
        "WARNING: password file \""
            + f
            + "\" has group or world access; permissions should be u=rw (0600)"
            + " or less\n",
        buf.toString(StandardCharsets.UTF_8));
    buf.reset();

    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("r--------"));
    assertEquals("pw", PgPass.load(f, warn).lookup("h", "1", "d", "u"));
    assertEquals("", buf.toString(StandardCharsets.UTF_8));
  }
}
