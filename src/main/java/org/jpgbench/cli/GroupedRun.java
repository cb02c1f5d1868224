package org.jpgbench.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.db.LibpqConnectionFactory;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.group.GroupInit;
import org.jpgbench.group.GroupMember;
import org.jpgbench.log.PgLog;
import org.jpgbench.run.Coordinator;
import org.jpgbench.run.RunMode;
import org.jpgbench.run.RunObserver;
import org.jpgbench.script.Script;

/** --group: initialization or the benchmark as one member of a group of processes. */
final class GroupedRun {
  private GroupedRun() {}

  static int run(
      Options o,
      List<Script> scripts,
      SymbolTable symbols,
      ConnectionFactory db,
      Map<String, String> env,
      RunObserver observer,
      PrintStream out,
      PrintStream err) {
    ConnectionFactory coordination =
        o.group().conninfo() == null
            ? db
            : LibpqConnectionFactory.forConninfo(o.group().conninfo(), env, err);
    if (o.mode() == Options.Mode.INIT) {
      return GroupInit.run(o, coordination, () -> InitInterrupt.run(o, db, out, err), err);
    }
    try (GroupMember member = GroupMember.open(o, coordination, out, err)) {
      return RunMode.run(o, scripts, symbols, db, member, observer, out, err);
    } catch (Coordinator.GroupFailure e) {
      err.print(PgLog.error(e.getMessage()) + "\n");
      return 1;
    }
  }
}
