package org.jpgbench.group;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.IntSupplier;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.log.PgLog;
import org.jpgbench.run.Coordinator.GroupFailure;

/**
 * {@code -i --group}: every member runs the same initialization command, exactly one initializes.
 * They register in the group's {@code init} phase and wait until all have arrived (so that no
 * latecomer can start a second initialization); member 1 then initializes, as a process alone would
 * (its --init-jobs parallel loading included), while the others wait for its exit status and end
 * with it. So a Kubernetes Indexed Job's pods can each run {@code jpgbench -i ... --group=g &&
 * jpgbench ... --group=g}: the benchmark starts on a database initialized once.
 */
public final class GroupInit {
  private GroupInit() {}

  /**
   * Registers in the group's init phase, waits for the others, then initializes (member 1) or waits
   * for member 1's initialization.
   *
   * @param init runs the initialization here and returns its exit status
   * @return the initialization's exit status (1 when the group could not form, or member 1 ended
   *     without finishing it)
   */
  public static int run(
      Options o, ConnectionFactory coordination, IntSupplier init, PrintStream err) {
    Options.Group g = o.group();
    Connection con = null;
    try {
      con = Coordination.connect(g, coordination);
      Membership member = Coordination.join(con, g, GroupMember.INIT);
      Coordination.awaitArrivals(member, g, () -> false);
      if (member.leads()) {
        int status = init.getAsInt();
        member.finish(status, null);
        // the rows go once every member has read the result
        Coordination.awaitReports(member, g, true);
        Membership.remove(con, g.name(), GroupMember.INIT);
        return status;
      }
      err.print(PgLog.info(GroupMessages.f(GroupMessages.INIT_WAIT, g.name())) + "\n");
      err.flush();
      int status = awaitLeader(member, g, err);
      member.finish(status, null);
      return status;
    } catch (GroupFailure e) {
      err.print(PgLog.error(e.getMessage()) + "\n");
      return 1;
    } catch (SQLException e) {
      err.print(PgLog.error(Coordination.failure(g, e).getMessage()) + "\n");
      return 1;
    } finally {
      if (con != null) {
        Coordination.close(con);
      }
    }
  }

  /** The initializing member's exit status, once it has one (1 when it is gone without). */
  private static int awaitLeader(Membership member, Options.Group g, PrintStream err)
      throws SQLException {
    while (true) {
      List<Membership.Member> all = member.members(false);
      Membership.Member first = all.isEmpty() ? null : all.get(0);
      if (first != null && first.number() == 1 && first.exitStatus() != null) {
        int status = first.exitStatus();
        String message =
            status == 0
                ? GroupMessages.f(GroupMessages.INIT_DONE, g.name())
                : GroupMessages.f(GroupMessages.INIT_FAILED, g.name(), status);
        err.print((status == 0 ? PgLog.info(message) : PgLog.error(message)) + "\n");
        return status;
      }
      if (first == null || first.number() != 1 || !first.alive()) {
        err.print(PgLog.error(GroupMessages.f(GroupMessages.INIT_LOST, g.name())) + "\n");
        return 1;
      }
      Coordination.pause();
    }
  }
}
