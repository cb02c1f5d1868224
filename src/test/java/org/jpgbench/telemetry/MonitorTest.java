package org.jpgbench.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.LongSupplier;
import org.jpgbench.config.QueryMode;
import org.jpgbench.io.Transports;
import org.jpgbench.report.ServerStats;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The monitor against a real server, in a database of its own where nobody else commits: each of
 * its round trips is one transaction there, so the database's commits count how often its backend
 * was woken.
 */
@ExtendWith(PostgresExtension.class)
class MonitorTest {
  private static final LongSupplier CLOCK = () -> System.nanoTime() / 1000;

  /**
   * Ten wait samples a second cost ten round trips a second, not twelve: each interval's end reads
   * the counters, the standbys' lag and that instant's wait sample together.
   */
  @Test
  void eachSecondIsAsManyRoundTripsAsWaitSamples(TestDatabase db) throws Exception {
    String name = "monitor_round_trips";
    try (Connection admin = db.connect();
        Statement st = admin.createStatement()) {
      st.execute("DROP DATABASE IF EXISTS " + name);
      st.execute("CREATE DATABASE " + name);
    }
    TestDatabase own = new TestDatabase(db.host(), db.port(), db.user(), name, db.socketDir());
    try (Connection reader = db.connect()) {
      long before = commits(reader, name);
      monitor(own, 0); // connecting, preparing, the baseline and the last interval's close
      long setUp = commits(reader, name) - before;
      before = commits(reader, name);
      ServerStats stats = monitor(own, 3_050);
      long roundTrips = commits(reader, name) - before - setUp;

      List<ServerStats.Interval> intervals = stats.intervals();
      assertEquals(4, intervals.size(), intervals.toString());
      long samples = 0;
      for (int i = 0; i < 3; i++) {
        ServerStats.Interval full = intervals.get(i);
        assertFalse(full.gap(), full.toString());
        // the first interval's samples come at 0.1 to 0.9 s, the others' also at their start
        long expected = i == 0 ? 9 : 10;
        assertTrue(
            full.waitSamples() <= expected && full.waitSamples() >= expected - 2,
            "interval " + i + ": " + full.waitSamples() + " wait samples");
        samples += full.waitSamples();
      }
      // one round trip per wait sample (the ends' included), whatever the counters and lags add
      assertTrue(
          roundTrips >= samples && roundTrips <= samples + 2,
          roundTrips + " round trips for " + samples + " wait samples in 3 s");
    }
  }

  /** A monitor sampling ten times a second, in 1 s intervals, for {@code millis}. */
  private static ServerStats monitor(TestDatabase own, long millis) throws Exception {
    Monitor m =
        Monitor.open(
            () -> own.connectionFactory().openSession(QueryMode.SIMPLE),
            Transports.choose("epoll", true).factory(),
            new BackendPids(1),
            CLOCK,
            1,
            10,
            MonitorTarget.DIRECT);
    m.begin(CLOCK.getAsLong(), () -> 0);
    Thread.sleep(millis);
    return m.finish(CLOCK.getAsLong());
  }

  /**
   * The database's commits once its sessions have ended (a backend's counts reach the statistics
   * when it exits).
   */
  private static long commits(Connection reader, String name) throws Exception {
    try (Statement st = reader.createStatement()) {
      for (int i = 0; i < 500 && count(st, name) > 0; i++) {
        Thread.sleep(10);
      }
      Thread.sleep(200);
      try (ResultSet rs =
          st.executeQuery(
              "SELECT xact_commit FROM pg_stat_database WHERE datname = '" + name + "'")) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  private static int count(Statement st, String name) throws SQLException {
    try (ResultSet rs =
        st.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE datname = '" + name + "'")) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
