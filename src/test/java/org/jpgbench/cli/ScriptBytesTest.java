package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A script's bytes reach the server as the file holds them, as they do from pgbench: invalid UTF-8
 * is the server's to reject, valid text arrives byte for byte in every query mode and through
 * variables, and the server reads them in the client encoding libpq would have (the database's, or
 * PGCLIENTENCODING's). The server checks what it received (convert_to, hex).
 */
@ExtendWith(PostgresExtension.class)
class ScriptBytesTest {
  /** é, €, and a character outside the Basic Multilingual Plane, in UTF-8. */
  private static final String TEXT = "caf\u00e9 \u20ac \ud834\udd1e";

  @TempDir Path dir;

  @BeforeEach
  void table(TestDatabase db) throws SQLException {
    try (Connection con = db.connect();
        Statement st = con.createStatement()) {
      st.execute("create table if not exists enc (v text)");
      st.execute("truncate enc");
    }
  }

  @Test
  void invalidUtf8InALiteralIsRejectedByTheServerAndTheRunExitsWithTwo(TestDatabase db)
      throws Exception {
    Path f = script("bad.sql", bytes("select 'caf"), new byte[] {(byte) 0xE9}, bytes("';\n"));
    CliRun.Result r = run(db, Map.of(), "-t", "1", "-f", f.toString());
    assertEquals(2, r.status(), r.err());
    assertTrue(
        r.err()
            .contains(
                "client 0 script 0 aborted in command 0 query 0: ERROR:  invalid byte "
                    + "sequence for encoding \"UTF8\": 0xe9 0x27 0x3b\n"),
        r.err());
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "extended", "prepared"})
  void validTextArrivesByteForByteInLiteralsVariablesAndGsetResults(String mode, TestDatabase db)
      throws Exception {
    // -M simple puts a variable's text into the SQL, so the value carries its quotes; the extended
    // protocol sends it as a parameter
    boolean simple = mode.equals("simple");
    String d = simple ? "'" + TEXT + "'" : TEXT;
    String gset = simple ? "select '''' || :d || '''' as g \\gset\n" : "select :d as g \\gset\n";
    Path f =
        script(
            "good.sql",
            bytes(
                "insert into enc values ('"
                    + TEXT
                    + "');\n"
                    + "insert into enc values (:d);\n"
                    + gset
                    + "insert into enc values (:g);\n"));
    CliRun.Result r = run(db, Map.of(), "-M", mode, "-t", "1", "-D", "d=" + d, "-f", f.toString());
    assertEquals(0, r.status(), r.err());
    String hex = HexFormat.of().formatHex(TEXT.getBytes(StandardCharsets.UTF_8));
    assertEquals(List.of(hex, hex, hex), hexes(db, "UTF8"));
  }

  @Test
  void aLatin1DatabaseReadsTheScriptsBytesAsLatin1AsItDoesFromPgbench(TestDatabase db)
      throws Exception {
    TestDatabase latin1 = latin1Database(db);
    // a Latin-1 é (one byte), and UTF-8's two bytes for é, which Latin-1 reads as two characters
    Path f =
        script(
            "latin1.sql",
            bytes("insert into enc values ('caf"),
            new byte[] {(byte) 0xE9},
            bytes("'), ('caf\u00e9');\n"));
    CliRun.Result r = run(latin1, Map.of(), "-t", "1", "-f", f.toString());
    assertEquals(0, r.status(), r.err());
    assertEquals(List.of("636166c3a9", "636166e9"), hexes(latin1, "LATIN1"));
  }

  @Test
  void pgclientencodingTellsTheServerHowToReadTheBytes(TestDatabase db) throws Exception {
    Path f =
        script(
            "latin1.sql",
            bytes("insert into enc values ('caf"),
            new byte[] {(byte) 0xE9},
            bytes("');\n"));
    CliRun.Result r = run(db, Map.of("PGCLIENTENCODING", "LATIN1"), "-t", "1", "-f", f.toString());
    assertEquals(0, r.status(), r.err());
    assertEquals(List.of("636166c3a9"), hexes(db, "UTF8"), "the Latin-1 é stored as é");
  }

  @Test
  void theServersMessagesArePrintedAsTheirBytes(TestDatabase db) throws Exception {
    TestDatabase latin1 = latin1Database(db);
    Path f = script("col.sql", bytes("select caf"), new byte[] {(byte) 0xE9}, bytes(";\n"));
    CliRun.Result r = run(latin1, Map.of(), "-t", "1", "-f", f.toString());
    assertEquals(2, r.status(), r.err());
    // the server names the column in Latin-1, one byte 0xE9, and it reaches stderr as that byte
    assertTrue(r.err().contains("ERROR:  column \"caf\udce9\" does not exist"), r.err());
  }

  private Path script(String name, byte[]... parts) throws Exception {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    for (byte[] p : parts) {
      b.write(p);
    }
    return Files.write(dir.resolve(name), b.toByteArray());
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static CliRun.Result run(TestDatabase db, Map<String, String> env, String... args) {
    List<String> all = new java.util.ArrayList<>(List.of("-n"));
    all.addAll(List.of(args));
    return CliRun.runEnv(env, db.cliArgs(all.toArray(String[]::new)).toArray(String[]::new));
  }

  private static TestDatabase latin1Database(TestDatabase db) throws SQLException {
    String name = db.name() + "_latin1";
    try (Connection con = db.connect();
        Statement st = con.createStatement()) {
      st.execute("drop database if exists " + name);
      st.execute("create database " + name + " encoding 'LATIN1' locale 'C' template template0");
    }
    TestDatabase latin1 = new TestDatabase(db.host(), db.port(), db.user(), name, db.socketDir());
    try (Connection con = latin1.connect();
        Statement st = con.createStatement()) {
      st.execute("create table enc (v text)");
    }
    return latin1;
  }

  private static List<String> hexes(TestDatabase db, String encoding) throws SQLException {
    List<String> out = new java.util.ArrayList<>();
    try (Connection con = db.connect();
        Statement st = con.createStatement();
        ResultSet rs =
            st.executeQuery(
                "select encode(convert_to(v, '" + encoding + "'), 'hex') from enc order by 1")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
