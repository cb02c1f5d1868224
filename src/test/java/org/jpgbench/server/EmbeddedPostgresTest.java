package org.jpgbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Real clusters: start, connect, stop, and what happens when the JVM that owns one dies. */
class EmbeddedPostgresTest {
  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

  private static Connection connect(EmbeddedPostgres pg) throws Exception {
    Properties p = new Properties();
    p.setProperty("user", pg.user());
    return DriverManager.getConnection(
        "jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database(), p);
  }

  @Test
  void startsAcceptsConnectionsAndLeavesNothingBehind() throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    long t0 = System.nanoTime();
    EmbeddedPostgres pg =
        EmbeddedPostgres.start(new PrintStream(buf, true, StandardCharsets.UTF_8));
    System.err.println("started in " + (System.nanoTime() - t0) / 1_000_000 + " ms: " + buf);
    long pid;
    Path root;
    try (pg) {
      pid = pg.pid();
      root = pg.rootDir();
      assertTrue(ProcessHandle.of(pid).isPresent());
      assertTrue(
          buf.toString(StandardCharsets.UTF_8)
              .contains(
                  "jpgbench: embedded PostgreSQL "
                      + pg.version()
                      + " started on 127.0.0.1:"
                      + pg.port()));
      assertTrue(Files.exists(Path.of(pg.socketDirectory(), ".s.PGSQL." + pg.port())));
      try (Connection c = connect(pg);
          ResultSet rs =
              c.createStatement()
                  .executeQuery(
                      "select current_setting('server_version'), current_setting('fsync'), current_setting('max_connections')")) {
        rs.next();
        assertTrue(rs.getString(1).startsWith(pg.version()));
        assertEquals("off", rs.getString(2));
        assertEquals("200", rs.getString(3));
      }
      assertServerAccount(pg);
    }
    assertFalse(ProcessHandle.of(pid).isPresent(), "postmaster still runs");
    assertFalse(Files.exists(root), "cluster directory left behind");
    pg.close(); // idempotent
    assertCacheReused(pg);
  }

  /** As root the server must run as the unprivileged account; otherwise as this user. */
  private static void assertServerAccount(EmbeddedPostgres pg) {
    String owner = ProcessHandle.of(pg.pid()).orElseThrow().info().user().orElse("?");
    assertEquals(pg.osUser(), owner);
    if (OsAccount.currentUid() == 0) {
      assertEquals(
          System.getenv()
              .getOrDefault(
                  "JPGBENCH_PG_OS_USER", OsAccount.exists("postgres") ? "postgres" : "nobody"),
          owner);
    } else {
      assertEquals(System.getProperty("user.name"), owner);
    }
  }

  /** After a start, the cache holds the binaries: asking again extracts nothing. */
  private static void assertCacheReused(EmbeddedPostgres pg) throws Exception {
    if (!pg.binariesOrigin().equals("bundled")) {
      return; // system binaries in use: no cache
    }
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    long uid = OsAccount.currentUid();
    List<Path> roots =
        BundleCache.cacheRoots(
            System.getenv(),
            uid,
            System.getProperty("user.home"),
            System.getProperty("java.io.tmpdir"));
    BundleCache.ensureExtracted(
        BundleCache.bundle(), roots, uid == 0, new PrintStream(log, true, StandardCharsets.UTF_8));
    assertEquals("", log.toString(StandardCharsets.UTF_8));
  }

  @Test
  void extraSettingsAndHbaLines() throws Exception {
    try (EmbeddedPostgres pg =
            EmbeddedPostgres.builder()
                .setting("work_mem", "7MB")
                .hbaLine("host all nobody_here 127.0.0.1/32 reject")
                .start(QUIET);
        Connection c = connect(pg);
        ResultSet rs = c.createStatement().executeQuery("show work_mem")) {
      rs.next();
      assertEquals("7MB", rs.getString(1));
    }
  }

  /** Later clusters are copies of a cached initdb; a broken template is replaced, not fatal. */
  @Test
  void clustersAfterTheFirstAreCopiesOfATemplate() throws Exception {
    try (EmbeddedPostgres first = EmbeddedPostgres.start(QUIET)) {
      Assumptions.assumeTrue(first.templateDir() != null, "no cache directory for templates");
    }
    List<Path> templates;
    try (EmbeddedPostgres second = EmbeddedPostgres.start(QUIET);
        Connection c = connect(second)) {
      assertTrue(second.fromTemplate());
      // every template of this version and account (others' bin directories, such as ab
      // --a-bindir's, have templates of their own): the server cannot start from any copy
      try (Stream<Path> s = Files.list(second.templateDir())) {
        templates =
            s.filter(p -> p.getFileName().toString().startsWith("pg" + second.version() + "-"))
                .filter(p -> p.getFileName().toString().contains("-" + second.osUser() + "-"))
                .map(p -> p.resolve("data"))
                .toList();
      }
    }
    assertFalse(templates.isEmpty());
    for (Path templateData : templates) {
      Files.deleteIfExists(templateData.resolve("global/pg_control"));
    }
    try (EmbeddedPostgres third = EmbeddedPostgres.start(QUIET);
        Connection c = connect(third)) {
      assertFalse(third.fromTemplate(), "made afresh by initdb");
    }
    try (EmbeddedPostgres fourth = EmbeddedPostgres.start(QUIET);
        Connection c = connect(fourth)) {
      assertTrue(fourth.fromTemplate(), "a new template was made");
    }
  }

  /**
   * A child JVM that owns a server dies by SIGKILL (no hooks) or SIGINT (hooks): nothing is left.
   */
  @ParameterizedTest
  @ValueSource(strings = {"KILL", "INT"})
  void theServerDiesWithItsJvm(String signal) throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    Process child =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                EmbeddedChildMain.class.getName())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    assertTrue(line != null && line.startsWith("READY "), "child said: " + line);
    String[] parts = line.split(" ");
    long pid = Long.parseLong(parts[1]);
    Path root = Path.of(parts[2]);
    assertTrue(ProcessHandle.of(pid).isPresent());
    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).start();
    assertEquals(0, kill.waitFor());
    assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    // the watchdog notices the closed pipe and shuts the server down; wait for that (not a timing
    // test)
    for (int i = 0; i < 600 && (ProcessHandle.of(pid).isPresent() || Files.exists(root)); i++) {
      Thread.sleep(100);
    }
    assertFalse(
        ProcessHandle.of(pid).isPresent(),
        "postmaster " + pid + " outlived its JVM (" + signal + ")");
    assertFalse(Files.exists(root), "cluster directory left behind");
  }
}
