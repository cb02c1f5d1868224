package org.jpgbench.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.testing.TestCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A group whose members do not all make it, and a group that initializes: real processes against a
 * real server. Nothing may hang: every wait of a member is bounded.
 */
@Timeout(240)
class GroupFaultsTest {
  @TempDir static Path dir;
  private static TestCluster server;

  @BeforeAll
  static void start() throws Exception {
    server = TestCluster.create(dir);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static List<String> member(String group, int size, String... options) {
    return MemberProcess.java(args(group, size, options));
  }

  private static List<String> args(String group, int size, String... options) {
    List<String> args = new ArrayList<>(List.of(options));
    args.add("--group=" + group);
    args.add("--group-size=" + size);
    args.addAll(GroupTesting.connection(server));
    return args;
  }

  /** A command line for sh, each word quoted. */
  private static String shell(List<String> words) {
    return String.join(" ", words.stream().map(w -> "'" + w + "'").toList());
  }

  @Test
  void aMemberKilledMidRunIsReportedByTheLeaderWhichExitsWithTwo() throws Exception {
    GroupTesting.init(server);
    List<MemberProcess> members =
        startGroup("killed", 3, "-S", "-n", "-c", "2", "-T", "8", "-P", "1");
    MemberProcess leader = awaitLeader(members);
    awaitOutput(leader, "group progress: 2.0 s");
    MemberProcess victim = members.get(members.get(0) == leader ? 1 : 0);
    victim.kill();
    assertEquals(2, leader.await(60), leader.toString());
    for (MemberProcess m : members) {
      if (m != leader && m != victim) {
        assertEquals(0, m.await(60), m.toString());
      }
    }
    String err = leader.err();
    assertTrue(err.contains("group \"killed\": 2 of 3 members finished"), err);
    assertTrue(err.contains("ended without a report"), err);
    assertTrue(err.matches("(?s).*group progress: [3-7]\\.0 s, [^\n]*, 2 of 3 members\n.*"), err);
    assertTrue(leader.out().contains("group \"killed\": 2 of 3 members)"), leader.out());
    assertEquals(0, rows("killed"), "the group's rows are removed at the end");
  }

  @Test
  void aRestartOfTheServerTheyCoordinateOnIsSurvivedWithReconnect() throws Exception {
    GroupTesting.init(server);
    List<MemberProcess> members =
        startGroup("restart", 2, "--reconnect", "-S", "-n", "-c", "2", "-T", "10", "-P", "1");
    MemberProcess leader = awaitLeader(members);
    awaitOutput(leader, "group progress: 2.0 s");
    server.restart();
    for (MemberProcess m : members) {
      assertEquals(0, m.await(90), m.toString());
    }
    String out = leader.out();
    assertTrue(out.contains("group \"restart\": 2 of 2 members)"), out);
    assertTrue(out.contains("\noutages: "), out);
    assertTrue(
        leader.err().matches("(?s).*group progress: [6-9]\\.0 s, [^\n]*, 2 of 2 members\n.*"),
        "live totals resumed after the restart:\n" + leader.err());
  }

  @Test
  void tooFewMembersEndWithATimeoutNamingTheGroupAndTheCount() throws Exception {
    GroupTesting.init(server);
    List<MemberProcess> members = new ArrayList<>();
    long t0 = System.nanoTime();
    for (int k = 1; k <= 2; k++) {
      members.add(
          MemberProcess.start(
              dir.resolve("few-" + k),
              member("few", 3, "-S", "-n", "-T", "5", "--group-timeout=3")));
    }
    for (MemberProcess m : members) {
      assertEquals(1, m.await(60), m.toString());
      assertTrue(
          m.err()
              .contains(
                  "error: group \"few\": 2 of 3 members arrived within 3 s; the benchmark did not"
                      + " start"),
          m.err());
      assertTrue(!m.out().contains("tps = "), m.out());
    }
    assertTrue(System.nanoTime() - t0 < 30_000_000_000L, "bounded by the timeout");
  }

  @Test
  void groupConninfoKeepsTheCoordinationOffTheServerUnderTest() throws Exception {
    GroupTesting.init(server);
    try (Connection c = server.connect("postgres");
        Statement st = c.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS jpgbench CASCADE");
      st.execute("DROP DATABASE IF EXISTS coord");
      st.execute("CREATE DATABASE coord");
    }
    String coord =
        "--group-conninfo=host="
            + server.host()
            + " port="
            + server.port()
            + " user=postgres dbname=coord";
    List<MemberProcess> members =
        startGroup("elsewhere", 2, "-S", "-n", "-T", "2", "--group-keep", coord);
    for (MemberProcess m : members) {
      assertEquals(0, m.await(60), m.toString());
    }
    assertTrue(GroupTesting.leader(members).out().contains("group \"elsewhere\": 2 of 2 members)"));
    try (Connection c = server.connect("postgres");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT to_regnamespace('jpgbench') IS NULL")) {
      rs.next();
      assertTrue(rs.getBoolean(1), "no coordination schema in the database under test");
    }
    try (Connection c = server.connect("coord");
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT count(*) FROM jpgbench.group_members WHERE group_name = 'elsewhere'")) {
      rs.next();
      assertEquals(2, rs.getLong(1), "the kept rows are on the coordination database");
    }
  }

  @Test
  void ctrlCWhileWaitingForTheOthersEndsTheWaitAtOnce() throws Exception {
    GroupTesting.init(server);
    MemberProcess alone =
        MemberProcess.start(dir.resolve("alone"), member("alone", 2, "-S", "-n", "-T", "5"));
    awaitLeader(List.of(alone));
    long t0 = System.nanoTime();
    alone.interrupt();
    assertEquals(130, alone.await(30), alone.toString());
    assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "long before --group-timeout");
    assertTrue(
        alone
            .err()
            .contains("error: group \"alone\": canceled while waiting for the other members"),
        alone.err());
  }

  @Test
  void inAGroupExactlyOneMemberInitializesAndTheOthersWaitThenAllRun() throws Exception {
    try (Connection c = server.connect("postgres");
        Statement st = c.createStatement()) {
      st.execute("DROP TABLE IF EXISTS pgbench_accounts, pgbench_branches");
    }
    // every member runs the same one command: initialize, then benchmark
    String command =
        shell(member("init", 3, "-i", "-s", "2"))
            + " && "
            + shell(member("init", 3, "-S", "-n", "-T", "2"));
    List<MemberProcess> members = new ArrayList<>();
    for (int k = 1; k <= 3; k++) {
      members.add(MemberProcess.start(dir.resolve("init-" + k), List.of("sh", "-c", command)));
      Thread.sleep(300);
    }
    int initialized = 0;
    for (MemberProcess m : members) {
      assertEquals(0, m.await(120), m.toString());
      if (m.err().contains("done in ")) {
        initialized++;
        assertTrue(!m.err().contains("waiting for it"), m.err());
      } else {
        assertTrue(
            m.err().contains("group \"init\": member 1 initializes; waiting for it"), m.err());
        assertTrue(m.err().contains("group \"init\": member 1 initialized the database"), m.err());
      }
    }
    assertEquals(1, initialized, "exactly one member initialized");
    MemberProcess leader = GroupTesting.leader(members);
    assertTrue(leader.out().contains("scaling factor: 2"), leader.out());
    assertTrue(leader.out().contains("group \"init\": 3 of 3 members)"), leader.out());
    assertEquals(0, rows("init"));
  }

  /** {@code size} members of {@code group}, started together, each in a directory of its own. */
  private static List<MemberProcess> startGroup(String group, int size, String... options)
      throws Exception {
    List<MemberProcess> members = new ArrayList<>();
    for (int k = 1; k <= size; k++) {
      members.add(MemberProcess.start(dir.resolve(group + "-" + k), member(group, size, options)));
    }
    return members;
  }

  /** Waits (at most a minute) until {@code m} has printed {@code text} on stderr. */
  private static void awaitOutput(MemberProcess m, String text) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!m.err().contains(text)) {
      assertTrue(System.nanoTime() < deadline, m.toString());
      Thread.sleep(50);
    }
  }

  private static MemberProcess awaitLeader(List<MemberProcess> members) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (System.nanoTime() < deadline) {
      for (MemberProcess m : members) {
        if (m.err().contains("(it leads:")) {
          return m;
        }
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no leader: " + members);
  }

  private static long rows(String group) throws Exception {
    try (Connection c = server.connect("postgres");
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT (SELECT count(*) FROM jpgbench.group_members WHERE group_name = '"
                    + group
                    + "') + (SELECT count(*) FROM jpgbench.group_intervals WHERE group_name = '"
                    + group
                    + "')")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
