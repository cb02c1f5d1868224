package org.jpgbench.group;

import java.io.PrintStream;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.log.PgLog;
import org.jpgbench.report.HistogramCodec;
import org.jpgbench.report.IntervalListener;

/**
 * -P in a group: every member writes one row per interval (its counts, sums and the interval's
 * HdrHistogram, compressed) to {@code jpgbench.group_intervals}; the leader then reads the rows of
 * that interval from every member and prints the group's progress line. The rows are written from a
 * thread of their own, fed by the progress thread through a queue, so that neither the clients nor
 * the member's own -P lines wait for the coordination server. The members' intervals line up
 * because they all count from the group's common start.
 */
final class LiveTotals implements IntervalListener, Runnable {
  /** How often the leader looks for the other members' rows of an interval. */
  private static final long POLL_NANOS = 10_000_000L;

  private static final String INSERT =
      "INSERT INTO jpgbench.group_intervals (group_name, member, seq, from_us, to_us,"
          + " transactions, failed, skipped, retried, retries, latency_sum, latency_sum2, lag_sum,"
          + " histogram) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING";
  private static final String SELECT =
      "SELECT from_us, to_us, transactions, failed, skipped, retried, retries, latency_sum,"
          + " latency_sum2, lag_sum, histogram FROM jpgbench.group_intervals"
          + " WHERE group_name = ? AND seq = ?";

  private record Row(IntervalListener.Sample sample, String histogram) {}

  private final Membership member;
  private final ConnectionFactory factory;
  private final GroupLine line;
  private final long periodMicros;
  private final PrintStream err;
  private final BlockingQueue<Row> queue = new LinkedBlockingQueue<>();
  private final Thread thread;
  private volatile boolean stopping;

  /** The coordination session broke and no new one could be opened yet (warned once). */
  private boolean interrupted;

  private String lastError;

  /** Statements sent and the time they took (round trips), for --debug: the measured cost. */
  private long statements;

  private long statementNanos;

  LiveTotals(
      Membership member,
      ConnectionFactory factory,
      GroupLine line,
      int periodSeconds,
      PrintStream err) {
    this.member = member;
    this.factory = factory;
    this.line = line;
    this.periodMicros = periodSeconds * 1_000_000L;
    this.err = err;
    this.thread = new Thread(this, "jpgbench-group");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void closed(IntervalListener.Sample s) {
    queue.add(new Row(s, HistogramCodec.encode(s.latencies())));
  }

  @Override
  public void run() {
    try {
      while (true) {
        Row r = queue.poll(50, TimeUnit.MILLISECONDS);
        if (r == null) {
          if (stopping) {
            return;
          }
          continue;
        }
        // a broken coordination session is replaced once per row (a restart or a failover)
        if (shared(r) || (!stopping && reattached() && shared(r))) {
          interrupted = false;
        } else if (!interrupted) {
          interrupted = true;
          err.print(
              PgLog.warning(
                      GroupMessages.f(GroupMessages.LIVE_TOTALS_LOST, member.group, lastError))
                  + "\n");
        } // else this interval's row is lost; the next one tries again
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Writes the interval's row and, on the leader, prints the group's line of a whole interval;
   * false (the error kept for the warning) when the coordination server failed it.
   */
  private boolean shared(Row r) {
    try {
      insert(r);
      if (member.leads()
          && r.sample().toEpochMicros() - r.sample().fromEpochMicros() >= periodMicros * 9 / 10) {
        print(r.sample());
      }
      return true;
    } catch (SQLException e) {
      lastError = e.getMessage();
      return false;
    }
  }

  /** After a failure: a new coordination session when the old one broke (within one period). */
  private boolean reattached() {
    if (!Coordination.broken(member.con)) {
      return false;
    }
    try {
      Coordination.reattach(member, factory, System.nanoTime() + periodMicros * 1000);
      return true;
    } catch (SQLException e) {
      return false;
    }
  }

  /** Writes the rows still queued, then ends the thread; returns the statements it sent. */
  long stop() {
    stopping = true;
    try {
      thread.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return statements;
  }

  /** The time the statements took, in all (their round trips, server time included). */
  long statementNanos() {
    return statementNanos;
  }

  private void insert(Row r) throws SQLException {
    IntervalListener.Sample s = r.sample();
    long t0 = System.nanoTime();
    try (PreparedStatement ps = member.con.prepareStatement(INSERT)) {
      ps.setString(1, member.group);
      ps.setInt(2, member.number);
      ps.setInt(3, s.seq());
      ps.setLong(4, s.fromEpochMicros());
      ps.setLong(5, s.toEpochMicros());
      ps.setLong(6, s.count());
      ps.setLong(7, s.failed());
      ps.setLong(8, s.skipped());
      ps.setLong(9, s.retried());
      ps.setLong(10, s.retries());
      ps.setDouble(11, s.latencySum());
      ps.setDouble(12, s.latencySum2());
      ps.setDouble(13, s.lagSum());
      ps.setString(14, r.histogram());
      ps.executeUpdate();
      statements++;
    }
    statementNanos += System.nanoTime() - t0;
  }

  /**
   * The leader: waits (up to half a period) until every member's row of this interval is there,
   * then prints the group's line from the rows it has.
   */
  private void print(IntervalListener.Sample own) throws SQLException {
    long deadline = System.nanoTime() + periodMicros * 500;
    GroupLine.Totals t;
    while (true) {
      t = totals(own.seq());
      if (t.members() >= member.size || System.nanoTime() - deadline >= 0) {
        break;
      }
      LockSupport.parkNanos(POLL_NANOS);
    }
    err.print(line.format(own.seq(), t, member.size) + "\n");
    err.flush();
  }

  private GroupLine.Totals totals(int seq) throws SQLException {
    GroupLine.Totals t = new GroupLine.Totals();
    long t0 = System.nanoTime();
    try (PreparedStatement ps = member.con.prepareStatement(SELECT)) {
      ps.setString(1, member.group);
      ps.setInt(2, seq);
      try (ResultSet rs = ps.executeQuery()) {
        statements++;
        while (rs.next()) {
          t.add(
              new IntervalListener.Sample(
                  seq,
                  rs.getLong(1),
                  rs.getLong(2),
                  rs.getLong(3),
                  rs.getLong(4),
                  rs.getLong(5),
                  rs.getLong(6),
                  rs.getLong(7),
                  rs.getDouble(8),
                  rs.getDouble(9),
                  rs.getDouble(10),
                  HistogramCodec.decode(rs.getString(11)),
                  java.util.List.of()));
        }
      }
    }
    statementNanos += System.nanoTime() - t0;
    return t;
  }
}
