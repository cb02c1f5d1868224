package org.jpgbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.config.QueryMode;
import org.jpgbench.server.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cluster of its own where role "pwuser" must authenticate with SCRAM over TCP. */
class PasswordAuthTest {
  private static final String SECRET = "s3cr:et\\x";
  private static EmbeddedPostgres pg;

  @TempDir Path tmp;

  @BeforeAll
  static void startServer() throws Exception {
    pg =
        EmbeddedPostgres.builder()
            .hbaLine("host all pwuser 127.0.0.1/32 scram-sha-256")
            .start(new PrintStream(OutputStream.nullOutputStream()));
    Options o = LibpqConnectionFactoryTest.options(pg.host(), pg.port(), pg.user(), pg.database());
    try (Connection c = LibpqConnectionFactory.create(o, Map.of()).open(QueryMode.SIMPLE)) {
      c.createStatement()
          .execute("create role pwuser login password '" + SECRET.replace("'", "''") + "'");
    }
  }

  @AfterAll
  static void stopServer() {
    if (pg != null) {
      pg.close();
    }
  }

  private LibpqConnectionFactory factory(Map<String, String> env, PrintStream warn) {
    return LibpqConnectionFactory.create(
        LibpqConnectionFactoryTest.options(pg.host(), pg.port(), "pwuser", "postgres"), env, warn);
  }

  private String prefix() {
    return "connection to server at \"127.0.0.1\", port " + pg.port() + " failed: ";
  }

  private static String whoAmI(Connection c) throws Exception {
    try (ResultSet rs = c.createStatement().executeQuery("select current_user")) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void pgpasswordFromTheEnvironment() throws Exception {
    try (Connection c =
        factory(Map.of("PGPASSWORD", SECRET, "HOME", tmp.toString()), System.err)
            .open(QueryMode.SIMPLE)) {
      assertEquals("pwuser", whoAmI(c));
    }
  }

  @Test
  void wrongPasswordIsReportedWithoutThePassword() {
    LibpqConnectionFactory f =
        factory(Map.of("PGPASSWORD", "hunter2", "HOME", tmp.toString()), System.err);
    ConnectionException e = assertThrows(ConnectionException.class, () -> f.open(QueryMode.SIMPLE));
    assertEquals(
        prefix() + "FATAL:  password authentication failed for user \"pwuser\"", e.getMessage());
    assertFalse(f.describeForDebug().contains("hunter2"));
    assertTrue(f.describeForDebug().contains("password=********"));
    assertFalse(f.toString().contains("hunter2"));
  }

  @Test
  void noPasswordAtAll() {
    LibpqConnectionFactory f = factory(Map.of("HOME", tmp.toString()), System.err);
    ConnectionException e = assertThrows(ConnectionException.class, () -> f.open(QueryMode.SIMPLE));
    assertEquals(prefix() + "fe_sendauth: no password supplied", e.getMessage());
  }

  @Test
  void passwordFileWithEscapes() throws Exception {
    Path pgpass = tmp.resolve(".pgpass");
    Files.writeString(
        pgpass,
        "# comment\nother:*:*:*:nope\n127.0.0.1:"
            + pg.port()
            + ":*:pwuser:"
            + SECRET.replace("\\", "\\\\").replace(":", "\\:")
            + "\n");
    Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-------"));
    try (Connection c =
        factory(Map.of("HOME", tmp.toString()), System.err).open(QueryMode.SIMPLE)) {
      assertEquals("pwuser", whoAmI(c));
    }
  }

  @Test
  void wrongPasswordFromAFileNamesTheFile() throws Exception {
    Path pgpass = tmp.resolve("passfile");
    Files.writeString(pgpass, "*:*:*:pwuser:wrong\n");
    Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-------"));
    LibpqConnectionFactory f = factory(Map.of("PGPASSFILE", pgpass.toString()), System.err);
    ConnectionException e = assertThrows(ConnectionException.class, () -> f.open(QueryMode.SIMPLE));
    assertEquals(
        prefix()
            + "FATAL:  password authentication failed for user \"pwuser\"\n"
            + "password retrieved from file \""
            + pgpass
            + "\"",
        e.getMessage());
  }

  @Test
  void anInsecurePasswordFileIsIgnoredWithAWarning() throws Exception {
    Path pgpass = tmp.resolve(".pgpass");
    Files.writeString(
        pgpass, "*:*:*:pwuser:" + SECRET.replace("\\", "\\\\").replace(":", "\\:") + "\n");
    Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-r--r--"));
    ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    LibpqConnectionFactory f =
        factory(
            Map.of("HOME", tmp.toString()),
            new PrintStream(warnings, true, StandardCharsets.UTF_8));
    assertEquals(
        "WARNING: password file \""
            + pgpass
            + "\" has group or world access; permissions should be"
            + " u=rw (0600) or less\n",
        warnings.toString(StandardCharsets.UTF_8));
    ConnectionException e = assertThrows(ConnectionException.class, () -> f.open(QueryMode.SIMPLE));
    assertEquals(prefix() + "fe_sendauth: no password supplied", e.getMessage());
  }
}
