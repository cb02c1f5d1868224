package org.jpgbench.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.jpgbench.testing.TestCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failover, as a high-availability manager makes one: a primary and a streaming standby (two real
 * servers), the primary stopped, the standby promoted. A --reconnect run given both hosts and
 * target_session_attrs=read-write, as a libpq application would be, goes on against the new
 * primary, and its report shows the window the clients were down.
 */
@Timeout(240)
class FailoverTest {
  @TempDir Path dir;

  @Test
  void theRunFollowsThePromotedStandbyAndReportsTheFailoverWindow() throws Exception {
    try (TestCluster primary = TestCluster.create(dir)) {
      BackgroundRun.Result init =
          BackgroundRun.run(
              List.of(
                  "-i",
                  "-s",
                  "1",
                  "-q",
                  "-h",
                  primary.host(),
                  "-p",
                  Integer.toString(primary.port()),
                  "-U",
                  "postgres",
                  "postgres"));
      assertEquals(0, init.status(), init.toString());
      try (TestCluster standby = TestCluster.standbyOf(primary, dir)) {
        awaitStreaming(primary);
        String conninfo =
            "host=127.0.0.1,127.0.0.1 port="
                + primary.port()
                + ","
                + standby.port()
                + " user=postgres dbname=postgres target_session_attrs=read-write";
        String prefix = dir.resolve("failover").toString();
        BackgroundRun run =
            BackgroundRun.start(
                List.of(
                    "--reconnect",
                    "-c",
                    "4",
                    "-j",
                    "2",
                    "-T",
                    "9",
                    "-N",
                    "-n",
                    "-l",
                    "--log-prefix",
                    prefix,
                    conninfo));
        run.at(3);
        primary.stop("immediate");
        standby.promote();
        long promotedAt = System.currentTimeMillis() * 1000;
        long historyAtPromotion = history(standby);
        BackgroundRun.Result r = run.result();
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.number("outages: ") >= 1, r.toString());
        assertTrue(r.number("connection failures: ") >= 1, r.toString());
        TransactionLogs logs = TransactionLogs.read(dir, "failover");
        assertTrue(logs.completedAfter(promotedAt) > 100, "transactions after the promotion");
        assertTrue(
            history(standby) > historyAtPromotion + 100, "the run wrote to the promoted standby");
      }
    }
  }

  private static void awaitStreaming(TestCluster primary) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (true) {
      try (Connection c = primary.connect("postgres");
          Statement st = c.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "select count(*) from pg_stat_replication where state = 'streaming'")) {
        rs.next();
        if (rs.getInt(1) > 0) {
          return;
        }
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the standby never streamed");
      }
      Thread.sleep(100);
    }
  }

  private static long history(TestCluster server) throws SQLException {
    try (Connection c = server.connect("postgres");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("select count(*) from pgbench_history")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
