package org.jpgbench.group;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.log.PgLog;
import org.jpgbench.merge.MergeCommand;
import org.jpgbench.report.IntervalListener;
import org.jpgbench.report.PercentileLines;
import org.jpgbench.report.RunSummary;
import org.jpgbench.report.json.JsonReport;
import org.jpgbench.run.Coordinator;

/**
 * This process as one member of a --group run: registers when its clients are connected, waits for
 * the others, starts at the instant the group agrees on (on the server's clock, a little after the
 * last registration), shares its -P intervals ({@link LiveTotals}) and its final summary (its JSON
 * report). The leader, member 1, prints the group's progress lines and, once every member has
 * reported or gone, the merged report exactly as {@code jpgbench merge} of the members' JSON
 * reports prints it, and writes --report-json/--report-html merged.
 */
public final class GroupMember implements Coordinator, AutoCloseable {
  static final String RUN = "run";
  static final String INIT = "init";

  /** From the last registration to the start: time for every member to see it and to sleep. */
  private static final long START_MARGIN_MICROS = 500_000;

  private final Options o;
  private final Options.Group g;
  private final Connection con;
  private final ConnectionFactory factory;
  private final PrintStream out;
  private final PrintStream err;
  private Membership member;
  private LiveTotals live;
  private long statements;
  private long statementNanos;

  private GroupMember(
      Options o, Connection con, ConnectionFactory factory, PrintStream out, PrintStream err) {
    this.o = o;
    this.g = o.group();
    this.con = con;
    this.factory = factory;
    this.out = out;
    this.err = err;
  }

  /**
   * Opens the coordination connection (to --group-conninfo, else the server under test) and makes
   * sure the coordination tables are there.
   *
   * @throws GroupFailure with the error line's text when that fails
   */
  public static GroupMember open(
      Options o, ConnectionFactory coordination, PrintStream out, PrintStream err)
      throws GroupFailure {
    Connection con = Coordination.connect(o.group(), coordination);
    return new GroupMember(o, con, coordination, out, err);
  }

  @Override
  public long awaitStart(BooleanSupplier stopped) throws GroupFailure {
    Membership.Arrivals arrived;
    ServerClock clock;
    try {
      member = Coordination.join(con, g, RUN);
      info(
          GroupMessages.f(
              GroupMessages.REGISTERED,
              g.name(),
              member.number,
              g.size(),
              member.leads() ? GroupMessages.LEADS : ""));
      arrived = Coordination.awaitArrivals(member, g, stopped);
      clock = ServerClock.measure(con);
    } catch (SQLException e) {
      throw Coordination.failure(g, e);
    }
    long start = clock.toLocal(arrived.lastMicros() + START_MARGIN_MICROS);
    info(
        GroupMessages.f(
            GroupMessages.STARTING,
            g.name(),
            g.size(),
            Instant.ofEpochSecond(start / 1_000_000, start % 1_000_000 * 1000),
            clock.offsetMicros() / 1000.0,
            clock.errorMicros() / 1000.0));
    long now = ServerClock.localMicros();
    if (now > start) {
      err.print(
          PgLog.warning(GroupMessages.f(GroupMessages.LATE, g.name(), (now - start) / 1000.0))
              + "\n");
    }
    if (o.outputs().progressSeconds() > 0) {
      GroupLine line =
          new GroupLine(
              o.outputs().progressSeconds(),
              o.run().rate() > 0,
              o.run().latencyLimitMicros() > 0,
              o.run().maxTries() != 1);
      live = new LiveTotals(member, factory, line, o.outputs().progressSeconds(), err);
    }
    return start;
  }

  @Override
  public boolean leads() {
    return member != null && member.leads();
  }

  @Override
  public int memberNumber() {
    return member != null ? member.number : 0;
  }

  @Override
  public IntervalListener intervals() {
    return live;
  }

  @Override
  public int finish(RunSummary own, int ownStatus) {
    stopLive();
    StringBuilder json = new StringBuilder();
    try {
      new JsonReport().write(own, json);
    } catch (IOException e) {
      throw new IllegalStateException(e); // a StringBuilder does not throw
    }
    try {
      long t0 = System.nanoTime();
      Coordination.persistently(
          member,
          g,
          factory,
          () -> {
            member.finish(ownStatus, json.toString());
            return null;
          });
      statements++;
      statementNanos += System.nanoTime() - t0;
      if (!member.leads()) {
        return ownStatus;
      }
      boolean timed = o.run().durationSeconds() > 0;
      return report(
          Coordination.persistently(
              member, g, factory, () -> Coordination.awaitReports(member, g, timed)));
    } catch (SQLException e) {
      err.print(PgLog.error(Coordination.failure(g, e).getMessage()) + "\n");
      return member.leads() ? UNCOORDINATED : ownStatus;
    } finally {
      debug(
          GroupMessages.f(
              GroupMessages.COST, statements, statementNanos / 1e6, o.outputs().progressSeconds()));
    }
  }

  /** The leader: the merged report of the members that reported, and the group's exit status. */
  private int report(List<Membership.Member> members) {
    List<MergeCommand.JsonText> reports = new ArrayList<>();
    int worst = 0;
    for (Membership.Member m : members) {
      if (m.summary() != null) {
        reports.add(new MergeCommand.JsonText(m.label(), m.summary()));
        worst = Coordination.worse(worst, m.exitStatus());
      } else {
        String why = m.exitStatus() != null ? " (exit " + m.exitStatus() + ")" : "";
        err.print(
            PgLog.error(GroupMessages.f(GroupMessages.LOST, g.name(), m.label(), why)) + "\n");
      }
    }
    int missing = g.size() - reports.size();
    info(GroupMessages.f(GroupMessages.FINISHED, g.name(), reports.size(), g.size()));
    String header =
        MergeCommand.header(
            GroupMessages.f(GroupMessages.REPORT_HEADER, g.name(), reports.size(), g.size()));
    List<Double> percentiles = PercentileLines.orDefault(o.outputs().percentiles());
    int written =
        MergeCommand.reportJsonTexts(
            reports,
            header,
            new MergeCommand.Targets(
                percentiles,
                o.outputs().reportJson(),
                o.outputs().reportHtml(),
                o.outputs().thresholds(),
                out,
                err));
    if (!g.keep()) {
      try {
        Membership.remove(member.con, g.name(), RUN);
      } catch (SQLException e) {
        // the report is out; the rows go with the next registration of this group's name
        err.print(PgLog.warning(Coordination.failure(g, e).getMessage()) + "\n");
      }
    }
    return missing > 0 ? 2 : worst != 0 ? worst : written;
  }

  @Override
  public void abandon(int status) {
    stopLive();
    if (member != null) {
      try {
        member.finish(status, null);
      } catch (SQLException e) {
        // the run failed already; the others see this member gone
      }
    }
  }

  private void stopLive() {
    if (live != null) {
      statements += live.stop();
      statementNanos += live.statementNanos();
      live = null;
    }
  }

  private void info(String message) {
    err.print(PgLog.info(message) + "\n");
    err.flush();
  }

  private void debug(String message) {
    if (o.debug()) {
      err.print(PgLog.debug(message) + "\n");
    }
  }

  @Override
  public void close() {
    Coordination.close(member != null ? member.con : con);
  }
}
