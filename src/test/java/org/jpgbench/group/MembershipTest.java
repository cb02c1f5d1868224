package org.jpgbench.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Registration in the coordination table, against a real server: numbering (member 1 leads), a full
 * group and another size refused, a member alive while its session is, an earlier run's rows
 * removed by the next registration, and the tables created once by concurrent first members.
 */
@ExtendWith(PostgresExtension.class)
class MembershipTest {
  @Test
  void membersAreNumberedInRegistrationOrderAndTheGroupHasItsSize(TestDatabase db)
      throws Exception {
    try (Connection a = db.connect();
        Connection b = db.connect();
        Connection c = db.connect()) {
      GroupTables.ensure(a);
      Membership first = Membership.join(a, "numbered", "run", 2, "h1");
      Membership second = Membership.join(b, "numbered", "run", 2, "h2");
      assertEquals(1, first.number);
      assertTrue(first.leads());
      assertEquals(2, second.number);
      assertFalse(second.leads());
      Membership.Refused full =
          assertThrows(
              Membership.Refused.class, () -> Membership.join(c, "numbered", "run", 2, "h3"));
      assertEquals("group \"numbered\" already has its 2 members", full.getMessage());
      Membership.Refused size =
          assertThrows(
              Membership.Refused.class, () -> Membership.join(c, "numbered", "run", 3, "h3"));
      assertTrue(
          size.getMessage()
              .startsWith("group \"numbered\" was started with --group-size=2, not 3"));
      // the init phase is a group of its own
      assertEquals(1, Membership.join(c, "numbered", "init", 2, "h3").number);

      Membership.Arrivals arrived = first.arrivals();
      assertEquals(2, arrived.count());
      assertTrue(Math.abs(arrived.lastMicros() - ServerClock.localMicros()) < 60_000_000L);

      second.finish(0, "{}");
      List<Membership.Member> members = first.members(true);
      assertEquals(2, members.size());
      assertNull(members.get(0).exitStatus());
      assertTrue(members.get(0).alive());
      assertEquals(0, members.get(1).exitStatus());
      assertEquals("{}", members.get(1).summary());
      assertEquals(
          "member 2 (h2, pid " + ProcessHandle.current().pid() + ")", members.get(1).label());
    }
  }

  @Test
  void aMemberIsGoneWithItsSessionAndAGroupOfGoneMembersMakesRoomForANewRun(TestDatabase db)
      throws Exception {
    try (Connection watcher = db.connect()) {
      GroupTables.ensure(watcher);
      try (Connection a = db.connect()) {
        Membership.join(a, "again", "run", 1, "h1");
        try (Statement st = watcher.createStatement()) {
          st.execute(
              "INSERT INTO jpgbench.group_intervals VALUES"
                  + " ('again', 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 'x')");
        }
        assertTrue(Membership.members(watcher, "again", "run", false).get(0).alive());
      }
      // the session is closed: the member is gone (the backend exits a moment later)
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (Membership.members(watcher, "again", "run", false).get(0).alive()) {
        assertTrue(System.nanoTime() < deadline, "the member's backend never ended");
        Thread.sleep(20);
      }
      try (Connection b = db.connect()) {
        Membership next = Membership.join(b, "again", "run", 1, "h2");
        assertEquals(1, next.number, "the earlier run's rows were removed");
        assertEquals(1, next.members(false).size());
        try (Statement st = b.createStatement();
            var rs =
                st.executeQuery(
                    "SELECT count(*) FROM jpgbench.group_intervals WHERE group_name = 'again'")) {
          rs.next();
          assertEquals(0, rs.getLong(1), "with its intervals");
        }
      }
    }
  }

  @Test
  void concurrentFirstMembersCreateTheTablesOnce(TestDatabase db) throws Exception {
    try (Connection setup = db.connect();
        Statement st = setup.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS jpgbench CASCADE");
    }
    int n = 4;
    Thread[] threads = new Thread[n];
    Throwable[] failures = new Throwable[n];
    for (int i = 0; i < n; i++) {
      int k = i;
      threads[i] =
          new Thread(
              () -> {
                try (Connection con = db.connect()) {
                  GroupTables.ensure(con);
                } catch (Throwable t) {
                  failures[k] = t;
                }
              });
      threads[i].start();
    }
    for (int i = 0; i < n; i++) {
      threads[i].join();
      assertNull(failures[i], String.valueOf(failures[i]));
    }
  }
}
