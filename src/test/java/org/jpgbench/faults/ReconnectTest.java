package org.jpgbench.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.jpgbench.report.TextVsJson;
import org.jpgbench.report.json.JsonDocuments;
import org.jpgbench.testing.TestCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * --reconnect against a server of the test's own, broken as operators break servers: restarted with
 * pg_ctl, its backends terminated; and without --reconnect the same faults end the run as pgbench
 * ends it (exit status 2, aborted clients, the report of what completed).
 */
@Timeout(180)
class ReconnectTest {
  /** How long the restart test keeps the server down, beyond -P's interval. */
  private static final long DOWN_MILLIS = 1_500;

  /** --reconnect's longest backoff delay (run.Reconnection's MAX_DELAY_MICROS). */
  private static final double BACKOFF_CAP_SECONDS = 1.0;

  /** Generous time for one connection attempt to a local server that has just started. */
  private static final double CONNECT_SECONDS = 0.5;

  @TempDir static Path dir;
  private static TestCluster server;

  @BeforeAll
  static void cluster() throws Exception {
    server = TestCluster.create(dir);
    BackgroundRun.Result init = BackgroundRun.run(args("-i", "-s", "1", "-q"));
    assertEquals(0, init.status(), init.toString());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static List<String> args(String... middle) {
    return server.commandLine(middle);
  }

  @Test
  void aRestartIsOneOutageAsLongAsTheRestartAndTheRunGoesOn() throws Exception {
    String prefix = dir.resolve("restart").toString();
    Path html = dir.resolve("report-of-restart.html");
    BackgroundRun run =
        BackgroundRun.start(
            args(
                "--reconnect",
                "-c",
                "4",
                "-j",
                "2",
                "-T",
                "10",
                "-M",
                "prepared",
                "-n",
                "-l",
                "--log-prefix",
                prefix,
                "--failures-detailed",
                "-P",
                "1",
                "--report-html",
                html.toString()));
    run.at(3);
    // down for longer than -P's interval, so that a progress line falls inside the outage (a
    // quick pg_ctl restart can fit between two of them)
    long restartMicros = server.restart(DOWN_MILLIS);
    long restartedAt = System.currentTimeMillis() * 1000;
    BackgroundRun.Result r = run.result();
    assertEquals(0, r.status(), r.toString());
    assertEquals(1, (int) r.number("outages: "), r.toString());
    // The outage covers the time the server was down (the clients lose their connections during
    // the stop, and none gets back in before the start), and ends at most one backoff delay after
    // the server accepts connections again, plus a connect: bounds that a loaded box keeps.
    double outage = r.number("outages: 1, total ");
    double restart = restartMicros / 1e6;
    assertTrue(
        outage >= DOWN_MILLIS / 1e3 && outage <= restart + BACKOFF_CAP_SECONDS + CONNECT_SECONDS,
        "outage " + outage + " s, restart " + restart + " s\n" + r);
    double processed = r.number("number of transactions actually processed: ");
    double failed = r.number("number of failed transactions: ");
    assertTrue(r.number("number of connection failures: ") >= 1, r.toString());
    assertEquals(failed, r.number("connection failures: "), r.toString());
    TransactionLogs logs = TransactionLogs.read(dir, "restart");
    assertEquals(
        (long) (processed + failed), logs.size(), "every transaction begun is logged once");
    assertEquals((long) failed, logs.withStatus("connection"));
    assertTrue(logs.completedAfter(restartedAt) > 100, "transactions complete after the restart");
    assertTrue(r.out().contains("time to first successful transaction after an outage: "), r.out());
    assertTrue(
        r.err().matches("(?s).*progress: .* [1-4] reconnecting\n.*"),
        "-P shows the clients reconnecting\n" + r.err());
    String page = Files.readString(html);
    assertEquals(
        2,
        page.split(",label:'outage: ", -1).length - 1,
        "the outage shaded on the throughput and the latency chart");
  }

  @Test
  void theServerStatsMonitorLeavesAGapOverARestartAndResumes() throws Exception {
    Path json = dir.resolve("server-stats-over-restart.json");
    BackgroundRun run =
        BackgroundRun.start(
            args(
                "--reconnect",
                "-c",
                "2",
                "-T",
                "9",
                "-N",
                "-P",
                "1",
                "--server-stats",
                "--report-json",
                json.toString()));
    run.at(3);
    server.restart(1_500);
    BackgroundRun.Result r = run.result();
    assertEquals(0, r.status(), r.toString());
    assertTrue(r.out().contains(" - not sampled (the server could not be read): "), r.out());
    Object doc = JsonDocuments.parse(Files.readString(json));
    List<?> entries = (List<?>) org.jpgbench.report.JsonPath.get(doc, "server_stats.entries");
    int firstGap = -1;
    int lastGap = -1;
    for (int i = 0; i < entries.size(); i++) {
      java.util.Map<?, ?> e = (java.util.Map<?, ?>) entries.get(i);
      if (Boolean.TRUE.equals(e.get("gap"))) {
        assertFalse(e.containsKey("commits"), "a gap has no counters: " + e);
        firstGap = firstGap < 0 ? i : firstGap;
        lastGap = i;
      }
    }
    assertTrue(firstGap >= 2, "sampled before the restart: " + entries);
    // the monitor is back: an interval after the gap with the server's counters again
    java.util.Map<?, ?> after = (java.util.Map<?, ?>) entries.get(lastGap + 1);
    assertFalse(Boolean.TRUE.equals(after.get("gap")), entries.toString());
    assertTrue(after.containsKey("commits"), after.toString());
    assertTrue(((Number) after.get("wal_bytes")).longValue() > 0, after.toString());
    assertTrue(lastGap + 2 <= entries.size() - 1, "resumed well before the end: " + entries);
  }

  @Test
  void withACapTheFirstConnectionWaitsForAServerStartingLate() throws Exception {
    server.stop("fast");
    try {
      BackgroundRun run =
          BackgroundRun.start(args("--reconnect=20", "-c", "2", "-t", "50", "-S", "-n"));
      Thread.sleep(2_000);
      server.start();
      assertTrue(server.running());
      BackgroundRun.Result r = run.result();
      assertEquals(0, r.status(), r.toString());
      assertEquals(
          100, (int) r.number("number of transactions actually processed: "), r.toString());
      assertEquals(0, (int) r.number("number of failed transactions: "), r.toString());
    } finally {
      if (!server.running()) {
        server.start();
      }
    }
  }

  @Test
  void withoutACapTheFirstConnectionFailsAsInPgbench() throws Exception {
    server.stop("fast");
    try {
      BackgroundRun.Result r =
          BackgroundRun.run(args("--reconnect", "-c", "2", "-t", "5", "-S", "-n"));
      assertEquals(1, r.status(), r.toString());
      assertTrue(r.err().contains("connection to server"), r.err());
      assertFalse(r.err().contains("Exception"), r.err());
    } finally {
      if (!server.running()) {
        server.start();
      }
    }
  }

  @Test
  void terminatingEveryBackendTwiceIsTwoShortOutages() throws Exception {
    BackgroundRun run =
        BackgroundRun.start(
            args(
                "--reconnect",
                "-c",
                "4",
                "-j",
                "2",
                "-T",
                "6",
                "-S",
                "-n",
                "--report-json",
                dir.resolve("terminate.json").toString()));
    run.at(2);
    assertEquals(4, terminateClients());
    run.at(4);
    assertEquals(4, terminateClients());
    BackgroundRun.Result r = run.result();
    assertEquals(0, r.status(), r.toString());
    assertEquals(2, (int) r.number("outages: "), r.toString());
    assertTrue(r.number("longest ") < 1.0, "short outages\n" + r);
    String json = Files.readString(dir.resolve("terminate.json"));
    assertTrue(
        json.matches("(?s).*\"outages\": \\{.*\"count\": 2,.*\"clients\": 4,.*\"clients\": 4,.*"),
        json);
    TextVsJson.assertSame(r.out(), JsonDocuments.parse(json));
  }

  @Test
  void withoutReconnectALostBackendAbortsItsClientAsInPgbench() throws Exception {
    BackgroundRun run = BackgroundRun.start(args("-c", "2", "-j", "2", "-T", "4", "-S", "-n"));
    run.at(2);
    assertEquals(2, terminateClients());
    BackgroundRun.Result r = run.result();
    assertEquals(2, r.status(), r.toString());
    assertTrue(r.err().contains("aborted in command"), r.err());
    assertTrue(r.err().endsWith("Run was aborted; the above results are incomplete.\n"), r.err());
    assertTrue(r.out().contains("number of transactions actually processed: "), r.out());
    assertFalse(r.out().contains("outages"), r.out());
  }

  @Test
  void withoutReconnectARestartEndsTheRunWithExitStatusTwo() throws Exception {
    BackgroundRun run = BackgroundRun.start(args("-c", "2", "-j", "1", "-T", "5", "-S", "-n"));
    run.at(2);
    server.restart();
    BackgroundRun.Result r = run.result();
    assertEquals(2, r.status(), r.toString());
    assertTrue(r.err().contains("Run was aborted; the above results are incomplete."), r.err());
  }

  @Test
  void aHundredReconnectsLeaveNoDescriptorThreadOrMemoryBehind() throws Exception {
    Path script =
        Files.writeString(
            dir.resolve("suicide.sql"), "select pg_terminate_backend(pg_backend_pid());\n");
    List<String> a = args("--reconnect", "-c", "1", "-T", "2", "-n", "-f", script.toString());
    BackgroundRun.Result warm = BackgroundRun.run(a);
    assertEquals(0, warm.status(), warm.toString());
    long fds = count("/proc/self/fd");
    long threads = count("/proc/self/task");
    long heap = heapAfterGc();
    a.set(a.indexOf("2"), "5");
    BackgroundRun.Result r = BackgroundRun.run(a);
    assertEquals(0, r.status(), r.toString());
    assertTrue(r.number("connection failures: ") >= 100, "at least 100 reconnects\n" + r);
    Thread.sleep(200); // the attempts' virtual threads end
    assertTrue(count("/proc/self/fd") <= fds, "descriptors: " + fds + " before");
    assertTrue(count("/proc/self/task") <= threads + 1, "threads: " + threads + " before");
    assertTrue(heapAfterGc() - heap < 16 << 20, "heap grew by more than 16 MB");
  }

  /** Terminates the run's backends (all client backends but this one); how many. */
  private static int terminateClients() throws SQLException {
    try (Connection c = server.connect("postgres");
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "select count(pg_terminate_backend(pid)) from "
                    + "pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()"
                    + " and application_name = 'pgbench'")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  private static long count(String dir) throws Exception {
    try (Stream<Path> s = Files.list(Path.of(dir))) {
      return s.count();
    }
  }

  private static long heapAfterGc() {
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
