package org.jpgbench.group;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.jpgbench.config.Options;
import org.jpgbench.config.QueryMode;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.run.Coordinator.GroupFailure;

/**
 * The steps both phases of a group take on the coordination connection: connect, register, wait for
 * the others to arrive, wait for their reports. Each wait is bounded: by --group-timeout, or by the
 * members' sessions (a member whose session ended is gone).
 */
final class Coordination {
  private Coordination() {}

  /** How often a member looks at the others while it waits for them to arrive. */
  private static final long ARRIVAL_POLL_NANOS = 20_000_000L;

  /** How often a member looks at the others while it waits for their reports. */
  private static final long REPORT_POLL_NANOS = 100_000_000L;

  /** A connection to the coordination server, with the tables there. */
  static Connection connect(Options.Group g, ConnectionFactory coordination) throws GroupFailure {
    Connection con;
    try {
      con = coordination.open(QueryMode.EXTENDED);
    } catch (SQLException e) {
      throw new GroupFailure(GroupMessages.f(GroupMessages.CONNECT, g.name(), reason(e)));
    }
    try {
      GroupTables.ensure(con);
      return con;
    } catch (SQLException e) {
      close(con);
      throw failure(g, e);
    }
  }

  /** The pause between two looks at the other members while waiting for them. */
  static void pause() {
    LockSupport.parkNanos(ARRIVAL_POLL_NANOS);
  }

  /** Registers this process in {@code g}'s {@code phase}. */
  static Membership join(Connection con, Options.Group g, String phase)
      throws GroupFailure, SQLException {
    try {
      return Membership.join(con, g.name(), phase, g.size(), hostName());
    } catch (Membership.Refused e) {
      throw new GroupFailure(e.getMessage());
    }
  }

  /** Waits until every member has registered: at most --group-timeout, or until stopped. */
  static Membership.Arrivals awaitArrivals(
      Membership member, Options.Group g, BooleanSupplier stopped)
      throws GroupFailure, SQLException {
    long deadline = System.nanoTime() + g.timeoutSeconds() * 1_000_000_000L;
    while (true) {
      Membership.Arrivals a = member.arrivals();
      if (a.count() >= g.size()) {
        return a;
      }
      if (stopped.getAsBoolean()) {
        throw new GroupFailure(GroupMessages.f(GroupMessages.CANCELED, g.name()));
      }
      if (System.nanoTime() - deadline > 0) {
        throw new GroupFailure(
            GroupMessages.f(
                GroupMessages.TOO_FEW, g.name(), a.count(), g.size(), g.timeoutSeconds()));
      }
      pause();
    }
  }

  /**
   * Waits until every member has finished (an exit status) or gone (its session ended, and no new
   * one within {@link #GONE_AFTER_NANOS}: a member whose coordination server restarted opens a new
   * session), then returns them with their summaries. With {@code timed} (-T: they all end
   * together) at most --group-timeout more; else as long as a member is alive.
   */
  static List<Membership.Member> awaitReports(Membership member, Options.Group g, boolean timed)
      throws SQLException {
    long start = System.nanoTime();
    long deadline = start + g.timeoutSeconds() * 1_000_000_000L;
    Map<Integer, Long> goneSince = new HashMap<>();
    while (true) {
      long now = System.nanoTime();
      boolean waiting = false;
      for (Membership.Member m : member.members(false)) {
        if (m.exitStatus() != null) {
          continue;
        }
        if (m.alive()) {
          goneSince.remove(m.number());
          waiting = true;
        } else {
          waiting |= now - goneSince.computeIfAbsent(m.number(), k -> now) < GONE_AFTER_NANOS;
        }
      }
      if (!waiting || (timed && now - deadline > 0)) {
        return member.members(true);
      }
      LockSupport.parkNanos(REPORT_POLL_NANOS);
    }
  }

  /** How long a member without a session may take to open a new one before it counts as gone. */
  static final long GONE_AFTER_NANOS = 10_000_000_000L;

  /** Pause between attempts to open a new coordination session. */
  private static final long REATTACH_PAUSE_NANOS = 500_000_000L;

  /**
   * Runs {@code step} on the member's coordination session; when the session broke, opens a new one
   * (as often as needed within --group-timeout) and runs it again there.
   */
  static <T> T persistently(
      Membership member, Options.Group g, ConnectionFactory factory, Step<T> step)
      throws SQLException {
    long deadline = System.nanoTime() + g.timeoutSeconds() * 1_000_000_000L;
    while (true) {
      try {
        return step.run();
      } catch (SQLException e) {
        if (!broken(member.con) || System.nanoTime() - deadline > 0) {
          throw e;
        }
      }
      reattach(member, factory, deadline);
    }
  }

  /** One statement (or a few) on the coordination session. */
  interface Step<T> {
    T run() throws SQLException;
  }

  /** A new coordination session for {@code member}, trying until {@code deadline} (nanoTime). */
  static void reattach(Membership member, ConnectionFactory factory, long deadline)
      throws SQLException {
    while (true) {
      try {
        Connection fresh = factory.open(QueryMode.EXTENDED);
        try {
          member.reattach(fresh);
          return;
        } catch (SQLException e) {
          close(fresh);
          throw e;
        }
      } catch (SQLException e) {
        if (System.nanoTime() - deadline > 0) {
          throw e;
        }
      }
      LockSupport.parkNanos(REATTACH_PAUSE_NANOS);
    }
  }

  /** Whether {@code con} is unusable (closed, or the server went away). */
  static boolean broken(Connection con) {
    try {
      return con.isClosed() || !con.isValid(5);
    } catch (SQLException e) {
      return true;
    }
  }

  /** The worse of two exit statuses: 2 (an abort) over 1 (an error) over 130 (Ctrl-C) over 0. */
  static int worse(int a, Integer b) {
    int v = b == null ? 0 : b;
    for (int s : new int[] {2, 1, 130}) {
      if (a == s || v == s) {
        return s;
      }
    }
    return a != 0 ? a : v;
  }

  static GroupFailure failure(Options.Group g, SQLException e) {
    return new GroupFailure(GroupMessages.f(GroupMessages.COORDINATION, g.name(), reason(e)));
  }

  /** An SQL error's text for a message: its message, trimmed. */
  static String reason(SQLException e) {
    return e.getMessage() == null ? e.toString() : e.getMessage().strip();
  }

  static void close(Connection con) {
    try {
      con.close();
    } catch (SQLException ignored) {
      // nothing left to coordinate
    }
  }

  /** This machine's name, for the other members' messages. */
  static String hostName() {
    try {
      String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
      if (!name.isEmpty()) {
        return name;
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: ask the JDK
    }
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }
}
