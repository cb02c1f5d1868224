package org.jpgbench.group;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.QueryMode;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.db.LibpqConnectionFactory;
import org.jpgbench.merge.MergeCommand;

/**
 * {@code jpgbench merge --group=NAME}: the summaries a group run left in the coordination table
 * (--group-keep), read back for the merge, member by member.
 */
public final class KeptResults implements MergeCommand.KeptGroups {
  private final Map<String, String> env;
  private final PrintStream warn;

  /**
   * @param env the PG* environment the connection is resolved with
   * @param warn libpq's warnings (an insecure password file)
   */
  public KeptResults(Map<String, String> env, PrintStream warn) {
    this.env = env;
    this.warn = warn;
  }

  @Override
  public List<MergeCommand.JsonText> load(String group, String conninfo) throws IOException {
    ConnectionFactory db = LibpqConnectionFactory.forConninfo(conninfo, env, warn);
    try (Connection con = db.open(QueryMode.EXTENDED)) {
      List<MergeCommand.JsonText> reports = new ArrayList<>();
      if (GroupTables.exist(con)) {
        for (Membership.Member m : Membership.members(con, group, GroupMember.RUN, true)) {
          if (m.summary() != null) {
            reports.add(new MergeCommand.JsonText(m.label(), m.summary()));
          }
        }
      }
      if (reports.isEmpty()) {
        throw new IOException(GroupMessages.f(GroupMessages.NO_GROUP, group));
      }
      return reports;
    } catch (SQLException e) {
      throw new IOException(Coordination.reason(e), e);
    }
  }
}
