package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import org.jpgbench.server.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The five kinds of bad input the foundation promises to handle, through the whole command line:
 * each ends in pgbench's wording on stderr, exit status 1, nothing on stdout, and never a Java
 * stack trace or a password.
 */
class BadInputTest {
  private static final String PASSWORD = "correct horse";
  private static EmbeddedPostgres pg;

  @TempDir Path home;

  @BeforeAll
  static void serverWithPasswords() throws Exception {
    pg =
        EmbeddedPostgres.builder()
            .hbaLine("host all pwuser 127.0.0.1/32 scram-sha-256")
            .start(new PrintStream(OutputStream.nullOutputStream()));
    try (Connection c =
            java.sql.DriverManager.getConnection(
                "jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database(),
                pg.user(),
                "");
        Statement s = c.createStatement()) {
      s.execute("create role pwuser login password '" + PASSWORD + "'");
      s.execute("create database pwdb owner pwuser");
    }
  }

  @AfterAll
  static void stop() {
    if (pg != null) {
      pg.close();
    }
  }

  private record Result(int status, String out, String err) {}

  private Result run(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        new Jpgbench(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                env)
            .run(args);
    return new Result(
        status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static void assertCleanFailure(Result r, String firstLine) {
    assertEquals(1, r.status(), r.err());
    assertEquals("", r.out());
    assertEquals(firstLine, r.err().lines().findFirst().orElse(""), r.err());
    assertFalse(r.err().contains("\tat org."), "stack trace: " + r.err());
    assertFalse(r.err().contains("Exception"), "exception name: " + r.err());
  }

  @Test
  void unknownOption() {
    Result r = run(Map.of(), "--no-such-option");
    assertCleanFailure(r, "jpgbench: unrecognized option '--no-such-option'");
    assertTrue(r.err().contains("Try \"jpgbench --help\" for more information."), r.err());
  }

  @Test
  void csvIsAnExperimentsReport() {
    assertCleanFailure(
        run(Map.of(), "--report-csv=x.csv"),
        "jpgbench: error: --report-csv is written by sweep, compare and ab (a single run has"
            + " --report-json)");
  }

  @Test
  void badNumber() {
    assertCleanFailure(
        run(Map.of(), "-c", "0"), "jpgbench: error: -c/--clients must be in range 1..2147483647");
    assertCleanFailure(
        run(Map.of(), "-T", "ten"), "jpgbench: error: invalid value \"ten\" for option -T/--time");
  }

  @Test
  void missingScriptFile() {
    assertCleanFailure(
        run(Map.of(), "-f", home.resolve("nope.sql").toString()),
        "jpgbench: error: could not open file \""
            + home.resolve("nope.sql")
            + "\": No such file or directory");
  }

  @Test
  void unreachableServer() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort(); // closed again: nothing listens there
    }
    Result r =
        run(
            Map.of("HOME", home.toString()),
            "-h",
            "127.0.0.1",
            "-p",
            Integer.toString(port),
            "-S",
            "-t",
            "1",
            "db");
    assertCleanFailure(
        r,
        "jpgbench: error: connection to server at \"127.0.0.1\", port "
            + port
            + " failed: Connection refused");
    assertTrue(
        r.err().endsWith("jpgbench: error: could not create connection for setup\n"), r.err());
  }

  @Test
  void wrongPasswordIsNeverPrinted() {
    Result r =
        run(
            Map.of("PGPASSWORD", "Tr0ub4dor&3", "HOME", home.toString()),
            "--debug",
            "-h",
            pg.host(),
            "-p",
            Integer.toString(pg.port()),
            "-U",
            "pwuser",
            "-i",
            "postgres");
    assertCleanFailure(
        r,
        "jpgbench: error: connection to server at \"127.0.0.1\", port "
            + pg.port()
            + " failed: FATAL:  password authentication failed for user \"pwuser\"");
    assertFalse(r.err().contains("Tr0ub4dor&3"), r.err());
  }

  @Test
  void rightPasswordGetsIn() {
    Result r =
        run(
            Map.of("PGPASSWORD", PASSWORD, "HOME", home.toString()),
            "-h",
            pg.host(),
            "-p",
            Integer.toString(pg.port()),
            "-U",
            "pwuser",
            "-i",
            "-I",
            "dt",
            "pwdb");
    assertEquals(0, r.status(), r.err());
    assertTrue(r.err().contains("creating tables..."), r.err());
  }
}
