package org.jpgbench.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkout's launcher (./jpgbench) as a user runs it: over the test server's Unix socket (the
 * connection that made JDK 25 warn about junixsocket's native access), as root and as an
 * unprivileged account, nothing on stderr; and through a link named pgbench, pgbench's name
 * everywhere.
 */
@ExtendWith(PostgresExtension.class)
class LauncherIT {
  private static final Path LAUNCHER = Path.of("jpgbench").toAbsolutePath();
  @TempDir static Path work;
  private static Path script;

  @BeforeAll
  static void files() throws Exception {
    script = work.resolve("one.sql");
    Files.writeString(script, "select 1;\n");
    InstalledRun.openToAll(work);
  }

  private static Map<String, String> env(Path home, String javaHome) {
    Map<String, String> env = new HashMap<>();
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    env.put("HOME", home.toString());
    env.put("JPGBENCH_NO_BUILD", "1"); // the build made the jar; an unprivileged account could not
    env.put("JPGBENCH_NO_AOT", "1");
    if (javaHome != null) {
      env.put("JPGBENCH_JAVA_HOME", javaHome);
    }
    return env;
  }

  private static void assertSilentSocketRun(boolean unprivileged, String javaHome, TestDatabase db)
      throws Exception {
    Path home = InstalledRun.home(work, unprivileged);
    InstalledRun.Result r =
        InstalledRun.run(
            unprivileged,
            env(home, javaHome),
            InstalledRun.socketRun(LAUNCHER.toString(), script, db));
    String who =
        (unprivileged ? InstalledRun.ACCOUNT : "this user")
            + " on "
            + (javaHome == null ? "the default JDK" : javaHome);
    assertEquals(0, r.status(), who + ": " + r.err());
    assertEquals("", r.err(), who);
    assertTrue(r.out().contains("number of transactions actually processed: 40/40"), r.out());
  }

  @Test
  void aRunOverTheUnixSocketIsSilentAsRootAndAsAnUnprivilegedAccount(TestDatabase db)
      throws Exception {
    assertSilentSocketRun(false, null, db);
    if (InstalledRun.root()) {
      assertSilentSocketRun(true, null, db);
    }
  }

  @Test
  void throughALinkNamedPgbenchEveryMessageSaysPgbench(TestDatabase db) throws Exception {
    Path link = work.resolve("bin/pgbench");
    Files.createDirectories(link.getParent());
    Files.deleteIfExists(link);
    Files.createSymbolicLink(link, LAUNCHER);
    Path home = InstalledRun.home(work, false);
    Map<String, String> env = env(home, null);

    InstalledRun.Result v = InstalledRun.run(false, env, List.of(link.toString(), "-V"));
    assertTrue(v.out().startsWith("pgbench (PostgreSQL) 18.1 (jpgbench "), v.out());
    InstalledRun.Result help = InstalledRun.run(false, env, List.of(link.toString(), "--help"));
    assertTrue(help.out().startsWith("pgbench is a benchmarking tool for PostgreSQL."), help.out());
    InstalledRun.Result bad = InstalledRun.run(false, env, List.of(link.toString(), "--bogus"));
    assertEquals(1, bad.status());
    assertEquals(
        "pgbench: unrecognized option '--bogus'\n"
            + "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        bad.err());

    Path fail = work.resolve("fail.sql");
    Files.writeString(fail, "select 1/0;\n");
    List<String> cmd = InstalledRun.socketRun(link.toString(), script, db);
    cmd.set(cmd.indexOf(script.toString()), fail.toString());
    InstalledRun.Result aborted = InstalledRun.run(false, env, cmd);
    assertEquals(2, aborted.status(), aborted.err());
    assertTrue(aborted.out().startsWith("pgbench ("), aborted.out());
    assertTrue(
        aborted
            .err()
            .endsWith("pgbench: error: Run was aborted; the above results are incomplete.\n"),
        aborted.err());
    assertFalse(aborted.err().contains("jpgbench"), aborted.err());
  }

  @Test
  void commandLineBytesReachTheServerAsTypedEvenInTheCLocale(TestDatabase db) throws Exception {
    try (Connection con = db.connect();
        Statement st = con.createStatement()) {
      st.execute("create table if not exists launcher_args (v text)");
      st.execute("truncate launcher_args");
    }
    Path insert = work.resolve("insert.sql");
    Files.writeString(insert, "insert into launcher_args values (:v);\n");
    Map<String, String> env = env(InstalledRun.home(work, false), null);
    env.put("LC_ALL", "C"); // the JVM decodes its arguments as ASCII here
    // the shell's printf makes the bytes, so that no Java string encodes them on the way
    String run =
        "exec \"$0\" -n -t 1 -h \"$1\" -p \"$2\" -U \"$3\" -D \"v=$(printf \"$4\")\" -f \"$5\" \"$6\"";
    List<String> common =
        List.of(
            "/bin/sh",
            "-c",
            run,
            LAUNCHER.toString(),
            db.socketDir(),
            Integer.toString(db.port()),
            db.user());
    List<String> euro = new ArrayList<>(common);
    euro.addAll(List.of("'\\342\\202\\254'", insert.toString(), db.name()));
    InstalledRun.Result ok = InstalledRun.run(false, env, euro);
    assertEquals(0, ok.status(), ok.err());
    try (Connection con = db.connect();
        Statement st = con.createStatement();
        ResultSet rs =
            st.executeQuery("select encode(convert_to(v, 'UTF8'), 'hex') from launcher_args")) {
      assertTrue(rs.next());
      assertEquals("e282ac", rs.getString(1), "the euro sign's three bytes");
    }
    List<String> latin1 = new ArrayList<>(common);
    latin1.addAll(List.of("'\\351'", insert.toString(), db.name()));
    InstalledRun.Result bad = InstalledRun.run(false, env, latin1);
    assertEquals(2, bad.status(), bad.err());
    assertTrue(
        bad.err().contains("invalid byte sequence for encoding \"UTF8\": 0xe9 0x27"), bad.err());
  }
}
