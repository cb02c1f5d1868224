package org.jpgbench.pooler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jpgbench.testing.InProcess;
import org.jpgbench.testing.NativePgbench;
import org.jpgbench.testing.StartupCapture;
import org.jpgbench.testing.TestCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The StartupMessage of every connection jpgbench opens (its clients, the setup connection, -C's
 * reconnections, init's, --server-stats' monitor), captured on its way to a real server and
 * compared field by field, in order, with the one native pgbench sends for the same command line
 * and environment.
 */
@Timeout(180)
class StartupPacketTest {
  @TempDir static Path dir;
  private static TestCluster server;
  private static StartupCapture capture;
  private static NativePgbench nativePgbench;

  @BeforeAll
  static void start() throws Exception {
    nativePgbench = NativePgbench.find();
    Assumptions.assumeTrue(nativePgbench != null, "native pgbench is not installed (.ci/run does)");
    server = TestCluster.create(dir);
    capture = StartupCapture.start(server.host(), server.port());
    InProcess.Output init =
        InProcess.run(Map.of(), "", server.commandLine("-i", "-q").toArray(String[]::new));
    assertEquals(0, init.status(), init.err());
  }

  @AfterAll
  static void stop() throws Exception {
    if (capture != null) {
      capture.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private static List<String> args(String db, String... options) {
    List<String> a =
        new ArrayList<>(
            List.of("-h", "127.0.0.1", "-p", Integer.toString(capture.port()), "-U", "postgres"));
    a.addAll(List.of(options));
    a.add(db);
    return a;
  }

  /**
   * Native pgbench's packets and jpgbench's for the same arguments and environment: every one of
   * jpgbench's equals native's (which are all alike).
   */
  private static void sameAsNative(Map<String, String> env, List<String> args) throws Exception {
    capture.clear();
    InProcess.Output n = nativePgbench.run(env, args);
    assertEquals(0, n.status(), "native: " + n.err());
    List<List<String>> nativePackets = capture.packets();
    assertTrue(!nativePackets.isEmpty(), "native pgbench's packets were captured");
    List<String> expected = nativePackets.get(0);
    for (List<String> p : nativePackets) {
      assertEquals(expected, p, "native pgbench sends one kind of packet");
    }
    capture.clear();
    InProcess.Output j = InProcess.run(env, "", args.toArray(String[]::new));
    assertEquals(0, j.status(), "jpgbench: " + j.err());
    List<List<String>> jpgPackets = capture.packets();
    assertTrue(jpgPackets.size() >= nativePackets.size(), "every connection was captured");
    for (List<String> p : jpgPackets) {
      assertEquals(expected, p, "jpgbench's packet, field by field, for " + args + " " + env);
    }
  }

  @Test
  void aPlainRunSendsUserDatabaseAndPgbenchsName() throws Exception {
    sameAsNative(Map.of(), args("postgres", "-S", "-c", "2", "-t", "5"));
  }

  @Test
  void theEnvironmentsSettingsAsLibpqSendsThem() throws Exception {
    Map<String, String> env =
        Map.of(
            "PGAPPNAME", "bench app",
            "PGOPTIONS", "-c work_mem=3MB",
            "PGCLIENTENCODING", "LATIN1",
            "PGTZ", "UTC",
            "PGDATESTYLE", "ISO, DMY",
            "PGGEQO", "on");
    sameAsNative(env, args("postgres", "-S", "-c", "2", "-t", "5", "-M", "extended"));
  }

  @Test
  void aConnectionStringsSettings() throws Exception {
    sameAsNative(
        Map.of("PGCLIENTENCODING", "auto", "LC_ALL", "C.UTF-8"),
        args(
            "dbname=postgres application_name=fromconninfo options='-c geqo=off'",
            "-S",
            "-t",
            "3"));
  }

  @Test
  void reconnectionsInitAndTheMonitorSendTheSame() throws Exception {
    sameAsNative(Map.of(), args("postgres", "-C", "-S", "-c", "2", "-t", "5"));
    sameAsNative(Map.of("PGAPPNAME", "init"), args("postgres", "-i", "-q", "-I", "dtg"));
    capture.clear();
    InProcess.Output j =
        InProcess.run(
            Map.of(),
            "",
            args("postgres", "-S", "-T", "2", "--server-stats").toArray(String[]::new));
    assertEquals(0, j.status(), j.err());
    for (List<String> p : capture.packets()) {
      assertEquals(
          List.of("user", "postgres", "database", "postgres", "application_name", "pgbench"), p);
    }
  }
}
