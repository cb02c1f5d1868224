package org.jpgbench.group;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One process's place in a group's phase: its row in {@code jpgbench.group_members}, held through
 * the coordination connection for as long as the process lives. Registration numbers the members 1,
 * 2, ... in the order they register; member 1 leads. A group whose members have all gone (their
 * sessions ended) is left over from an earlier run: the next registration removes it.
 */
final class Membership {
  /** A member as the others see it. */
  record Member(
      int number, String host, long pid, boolean alive, Integer exitStatus, String summary) {
    /** "member 2 (host, pid 1234)". */
    String label() {
      return "member " + number + " (" + host + ", pid " + pid + ")";
    }
  }

  /** How many members have registered, and when the last one did (server epoch µs). */
  record Arrivals(int count, long lastMicros) {}

  /** Registration refused: the group is full or was started with another size. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message);
    }
  }

  /** The coordination session; replaced when it broke and a new one took its place. */
  volatile Connection con;

  final String group;
  final String phase;
  final int size;
  final int number;

  private Membership(Connection con, String group, String phase, int size, int number) {
    this.con = con;
    this.group = group;
    this.phase = phase;
    this.size = size;
    this.number = number;
  }

  boolean leads() {
    return number == 1;
  }

  /**
   * Registers this process (host, pid) in {@code group}'s {@code phase} of {@code size}; the tables
   * must be there ({@link GroupTables#ensure}).
   */
  static Membership join(Connection con, String group, String phase, int size, String host)
      throws SQLException, Refused {
    int[] number = new int[1];
    String[] refused = new String[1];
    GroupTables.inTransaction(
        con,
        () -> {
          GroupTables.lock(con, group + "/" + phase);
          removeIfGone(con, group, phase);
          try (PreparedStatement ps =
              prepare(
                  con,
                  "SELECT count(*), coalesce(max(member), 0), coalesce(max(group_size), 0)"
                      + " FROM jpgbench.group_members WHERE group_name = ? AND phase = ?",
                  group,
                  phase)) {
            try (ResultSet rs = ps.executeQuery()) {
              rs.next();
              int count = rs.getInt(1);
              int existing = rs.getInt(3);
              if (count > 0 && existing != size) {
                refused[0] = GroupMessages.f(GroupMessages.OTHER_SIZE, group, existing, size);
                return;
              }
              if (count >= size) {
                refused[0] = GroupMessages.f(GroupMessages.FULL, group, size);
                return;
              }
              number[0] = rs.getInt(2) + 1;
            }
          }
          try (PreparedStatement ps =
              prepare(
                  con,
                  "INSERT INTO jpgbench.group_members"
                      + " (group_name, phase, member, group_size, host, os_pid, backend_pid)"
                      + " VALUES (?, ?, ?, ?, ?, ?, pg_backend_pid())",
                  group,
                  phase)) {
            ps.setInt(3, number[0]);
            ps.setInt(4, size);
            ps.setString(5, host);
            ps.setLong(6, ProcessHandle.current().pid());
            ps.executeUpdate();
          }
        });
    if (refused[0] != null) {
      throw new Refused(refused[0]);
    }
    return new Membership(con, group, phase, size, number[0]);
  }

  /** Deletes the group's phase when none of its members is alive (an earlier run's rows). */
  private static void removeIfGone(Connection con, String group, String phase) throws SQLException {
    try (PreparedStatement ps =
        prepare(
            con,
            "SELECT count(*) FILTER (WHERE "
                + GroupTables.ALIVE
                + ") FROM jpgbench.group_members m WHERE group_name = ? AND phase = ?",
            group,
            phase)) {
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        if (rs.getInt(1) > 0) {
          return;
        }
      }
    }
    remove(con, group, phase);
  }

  /** Deletes the rows of {@code group}'s {@code phase} (its intervals with the run phase). */
  static void remove(Connection con, String group, String phase) throws SQLException {
    try (PreparedStatement ps =
        prepare(
            con,
            "DELETE FROM jpgbench.group_members WHERE group_name = ? AND phase = ?",
            group,
            phase)) {
      ps.executeUpdate();
    }
    if (phase.equals(GroupMember.RUN)) {
      try (PreparedStatement ps =
          con.prepareStatement("DELETE FROM jpgbench.group_intervals WHERE group_name = ?")) {
        ps.setString(1, group);
        ps.executeUpdate();
      }
    }
  }

  /** {@code sql} prepared, the group and phase bound to its first two parameters. */
  private static PreparedStatement prepare(Connection con, String sql, String group, String phase)
      throws SQLException {
    PreparedStatement ps = con.prepareStatement(sql);
    ps.setString(1, group);
    ps.setString(2, phase);
    return ps;
  }

  /** The registrations so far. */
  Arrivals arrivals() throws SQLException {
    try (PreparedStatement ps =
        prepare(
            con,
            "SELECT count(*),"
                + " coalesce((extract(epoch FROM max(registered_at)) * 1000000)::bigint, 0)"
                + " FROM jpgbench.group_members WHERE group_name = ? AND phase = ?",
            group,
            phase)) {
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return new Arrivals(rs.getInt(1), rs.getLong(2));
      }
    }
  }

  /** Every member of the phase, by number; with their summaries when {@code summaries}. */
  List<Member> members(boolean summaries) throws SQLException {
    return members(con, group, phase, summaries);
  }

  static List<Member> members(Connection con, String group, String phase, boolean summaries)
      throws SQLException {
    List<Member> list = new ArrayList<>();
    try (PreparedStatement ps =
        prepare(
            con,
            "SELECT member, host, os_pid, "
                + GroupTables.ALIVE
                + ", exit_status, "
                + (summaries ? "summary" : "summary IS NOT NULL")
                + " FROM jpgbench.group_members m WHERE group_name = ? AND phase = ?"
                + " ORDER BY member",
            group,
            phase)) {
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          int status = rs.getInt(5);
          Integer exit = rs.wasNull() ? null : status;
          String summary = summaries ? rs.getString(6) : rs.getBoolean(6) ? "" : null;
          list.add(
              new Member(
                  rs.getInt(1), rs.getString(2), rs.getLong(3), rs.getBoolean(4), exit, summary));
        }
      }
    }
    return list;
  }

  /**
   * Makes {@code fresh} this member's coordination session (the old one broke: a restart or a
   * failover of the coordination server): the row names the new backend, so that the others see
   * this member alive again.
   */
  void reattach(Connection fresh) throws SQLException {
    try (PreparedStatement ps =
        fresh.prepareStatement(
            "UPDATE jpgbench.group_members SET backend_pid = pg_backend_pid(),"
                + " registered_at = clock_timestamp()"
                + " WHERE group_name = ? AND phase = ? AND member = ?")) {
      ps.setString(1, group);
      ps.setString(2, phase);
      ps.setInt(3, number);
      ps.executeUpdate();
    }
    Connection old = con;
    con = fresh;
    Coordination.close(old);
  }

  /** This member is done: its exit status and summary (null when it has none). */
  void finish(int status, String summary) throws SQLException {
    try (PreparedStatement ps =
        con.prepareStatement(
            "UPDATE jpgbench.group_members SET finished_at = clock_timestamp(), exit_status = ?,"
                + " summary = ? WHERE group_name = ? AND phase = ? AND member = ?")) {
      ps.setInt(1, status);
      ps.setString(2, summary);
      ps.setString(3, group);
      ps.setString(4, phase);
      ps.setInt(5, number);
      ps.executeUpdate();
    }
  }
}
