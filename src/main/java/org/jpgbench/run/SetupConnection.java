package org.jpgbench.run;

import java.io.PrintStream;
import java.sql.SQLException;
import org.jpgbench.config.Options;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.db.Session;
import org.jpgbench.report.ServerInfo;

/**
 * The run's first phase, pgbench's: one connection before the clients' for the banner, the server's
 * settings, the choice of engine, the builtin tables' scale and the vacuum; closed before the
 * clients connect. It is a {@link Session} as the clients' are (no JDBC connection around it unless
 * the factory makes one), so that the driver's first connection costs no more than theirs.
 */
final class SetupConnection {
  /**
   * What the setup found: the engine the clients use, the builtin tables and the scale.
   *
   * @param tpccOrders with the TPC-C-like scripts, the orders the database held before the run
   *     ({@link TpccCounts#ORDERS}); -1 otherwise
   */
  record Result(
      Engine engine, Preflight.TableInfo table, int scale, ServerInfo server, long tpccOrders) {}

  /** Whose tables the run's builtin scripts use, which give the run its scale. */
  enum Tables {
    /** custom scripts only: the scale is -s's */
    NONE,
    /** pgbench's builtins: pgbench_branches' count */
    PGBENCH,
    /** the TPC-C-like scripts: the warehouses' count */
    TPCC
  }

  private final Options o;
  private final ConnectionFactory db;
  private final RunPlan plan;
  private final Console console;
  private final PrintStream out;

  SetupConnection(Options o, ConnectionFactory db, RunPlan plan, Console console, PrintStream out) {
    this.o = o;
    this.db = db;
    this.plan = plan;
    this.console = console;
    this.out = out;
  }

  /**
   * @param tables whose tables the builtin scripts use: the scale comes from them
   * @return null when the run cannot go on (the error printed)
   */
  Result run(long nxacts, Tables tables) {
    Session con;
    try {
      con =
          Reconnection.firstConnection(
              () -> db.openSession(o.run().queryMode()), plan.firstConnectionWaitMicros());
    } catch (SQLException e) {
      console.error(PgError.connectionMessage(e));
      console.error(Messages.SETUP_CONNECTION);
      return null;
    }
    Result result = null;
    try (con) {
      out.println(Preflight.banner(Preflight.serverRelease(con)));
      out.flush();
      // the server's settings, when a JSON or HTML report will show them
      ServerInfo server =
          plan.fileReports() ? ServerSettingsQuery.fetch(con, Preflight.serverVersion(con)) : null;
      debug(nxacts);
      Engine engine = Engine.choose(con, o.run().transport(), console);
      if (engine == null) {
        return null;
      }
      Preflight.TableInfo table = null;
      int scale = o.init().scale();
      long orders = -1;
      if (tables == Tables.PGBENCH) {
        table = Preflight.tableInfo(con, console, o.init().scaleGiven(), db.database());
        scale = table.scale();
      } else if (tables == Tables.TPCC) {
        scale = TpccCounts.warehouses(con, console, db.database());
        if (scale < 0) {
          return null;
        }
        if (o.init().scaleGiven()) { // as pgbench says of its builtins' -s
          console.warning(Messages.f(Messages.TPCC_SCALE_IGNORED, scale));
        }
        orders = TpccCounts.orders(con);
      }
      if (!o.run().noVacuum() && tables != Tables.TPCC) {
        Preflight.vacuum(con, console, o.run().vacuumAll());
      }
      result = new Result(engine, table, scale, server, orders);
    } catch (Preflight.SetupFailed e) {
      return null;
    } catch (SQLException e) {
      // closing the setup connection failed: nothing to do about it
    }
    return result;
  }

  private void debug(long nxacts) {
    if (console.debugEnabled) {
      boolean counted = o.run().durationSeconds() <= 0;
      console.debug(
          Messages.f(
              Messages.DEBUG_SETUP,
              o.connection().host(),
              o.connection().port(),
              o.run().clients(),
              counted ? "nxacts" : "duration",
              counted ? nxacts : o.run().durationSeconds(),
              db.database()));
    }
  }
}
