package org.jpgbench.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.jpgbench.testing.InProcess;
import org.jpgbench.testing.NetNamespaces;
import org.jpgbench.testing.TestCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three jpgbench processes, each in a network namespace of its own (a client machine each, as far
 * as the network goes), launched two seconds apart, make one benchmark against a real server: one
 * start, the leader's group progress lines, one merged report equal to {@code jpgbench merge} of
 * the members' own reports, with the server's statistics sampled once, by the leader.
 */
@Timeout(240)
class GroupRunTest {
  @TempDir Path dir;

  @Test
  void threeMembersStartTogetherAndTheLeaderPrintsTheirMergedReport() throws Exception {
    try (NetNamespaces ns = NetNamespaces.create(3);
        TestCluster server =
            TestCluster.create(
                dir,
                "127.0.0.1,"
                    + ns.hostAddress(1)
                    + ","
                    + ns.hostAddress(2)
                    + ","
                    + ns.hostAddress(3),
                ns.network())) {
      GroupTesting.init(server);
      List<MemberProcess> members = new ArrayList<>();
      for (int k = 1; k <= 3; k++) {
        List<String> args =
            List.of(
                "-S",
                "-c",
                "2",
                "-T",
                "5",
                "-P",
                "1",
                "-n",
                "--group=three",
                "--group-size=3",
                "--group-keep",
                "-l",
                "--log-prefix=member",
                "--report-json=report.json",
                "--server-stats",
                "-h",
                ns.hostAddress(k),
                "-p",
                Integer.toString(server.port()),
                "-U",
                "postgres",
                "postgres");
        members.add(
            MemberProcess.start(dir.resolve("m" + k), ns.exec(k, MemberProcess.java(args))));
        if (k < 3) {
          Thread.sleep(2000);
        }
      }
      for (MemberProcess m : members) {
        assertEquals(0, m.await(120), m.toString());
      }
      MemberProcess leader = GroupTesting.leader(members);

      // every member's own report as the coordination table kept it
      List<Path> own = new ArrayList<>();
      long processed = 0;
      try (Connection c = server.connect("postgres");
          Statement st = c.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "SELECT member, summary FROM jpgbench.group_members"
                      + " WHERE group_name = 'three' AND phase = 'run' ORDER BY member")) {
        while (rs.next()) {
          Path p = dir.resolve("member-" + rs.getInt(1) + ".json");
          Files.writeString(p, rs.getString(2));
          own.add(p);
          processed += GroupTesting.transactions(rs.getString(2));
        }
      }
      assertEquals(3, own.size());
      // --server-stats: the leader sampled the server once for the group, the others did not
      assertEquals(
          1,
          own.stream().filter(p -> GroupTesting.read(p).containsKey("server_stats")).count(),
          "one member's report has server_stats");
      for (MemberProcess m : members) {
        if (m != leader) {
          // a member's --report-json is what it shared
          String mine = Files.readString(m.dir.resolve("report.json"));
          assertTrue(
              own.stream().anyMatch(p -> GroupTesting.read(p).equals(GroupTesting.parse(mine))),
              "a member's own JSON report is among the shared ones");
        }
      }

      // the leader's merged JSON is jpgbench merge's of the three
      Path merged = dir.resolve("merged.json");
      List<String> mergeArgs = new ArrayList<>(List.of("merge", "--report-json=" + merged));
      own.forEach(p -> mergeArgs.add(p.toString()));
      InProcess.Output mergeRun = InProcess.run(Map.of(), "", mergeArgs.toArray(String[]::new));
      assertEquals(0, mergeRun.status(), mergeRun.err());
      Map<?, ?> byLeader = GroupTesting.read(leader.dir.resolve("report.json"));
      Map<?, ?> byMerge = GroupTesting.read(merged);
      byLeader.remove("inputs");
      byMerge.remove("inputs");
      assertEquals(byMerge, byLeader);
      Map<?, ?> stats = (Map<?, ?>) byLeader.get("server_stats");
      assertTrue(((List<?>) stats.get("entries")).size() >= 4, stats.toString());
      assertTrue(leader.out().contains("\nserver statistics (every 1 s, "), leader.out());

      // merge --group reads the kept rows back: the leader's report again, inputs and all
      Path kept = dir.resolve("kept.json");
      Map<String, String> env =
          Map.of(
              "PGHOST",
              server.host(),
              "PGPORT",
              Integer.toString(server.port()),
              "PGUSER",
              "postgres");
      InProcess.Output again =
          InProcess.run(env, "", "merge", "--group=three", "--report-json=" + kept);
      assertEquals(0, again.status(), again.err());
      assertEquals(GroupTesting.read(leader.dir.resolve("report.json")), GroupTesting.read(kept));
      InProcess.Output none = InProcess.run(env, "", "merge", "--group=none");
      assertEquals(1, none.status());
      assertEquals(
          "jpgbench: error: group \"none\": no kept results in the coordination table\n",
          none.err());

      // counts add up: the three reports, the merged report, the -l lines
      List<long[]> starts = new ArrayList<>();
      Histogram all = new Histogram(3);
      long lines = 0;
      for (MemberProcess m : members) {
        GroupTesting.Log log = GroupTesting.log(m.dir);
        starts.add(new long[] {log.firstStartMicros()});
        all.add(log.latencies());
        lines += log.lines();
      }
      assertEquals(processed, lines);
      assertEquals(processed, GroupTesting.transactions(Files.readString(merged)));
      assertEquals(
          processed,
          GroupTesting.number(leader.out(), "number of transactions actually processed: "));
      assertTrue(leader.out().contains("group \"three\": 3 of 3 members"), leader.out());

      // the merged percentiles are those of all the members' logged latencies
      for (double p : new double[] {50, 90, 99}) {
        double expected = all.getValueAtPercentile(p) / 1000.0;
        double got = GroupTesting.percentile(byLeader, p);
        assertEquals(expected, got, expected * 0.002 + 0.002, "p" + p);
      }

      // one start: the members' first transactions within 20 ms of each other
      long first = starts.stream().mapToLong(s -> s[0]).min().orElseThrow();
      long last = starts.stream().mapToLong(s -> s[0]).max().orElseThrow();
      assertTrue(last - first <= 20_000, "first transactions " + (last - first) + " µs apart");

      // the leader's live totals: one group line per second, all three members in each
      Matcher lineMatcher =
          Pattern.compile("group progress: [0-9.]+ s, [0-9.]+ tps, .*, 3 of 3 members\n")
              .matcher(leader.err());
      int groupLines = 0;
      while (lineMatcher.find()) {
        groupLines++;
      }
      assertTrue(groupLines >= 4, leader.err());
      for (MemberProcess m : members) {
        if (m != leader) {
          assertTrue(m.err().contains("\nprogress: 1.0 s, "), m.err());
          assertTrue(!m.err().contains("group progress"), m.err());
        }
      }
    }
  }
}
