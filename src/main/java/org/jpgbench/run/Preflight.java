package org.jpgbench.run;

import java.sql.SQLException;
import java.util.List;
import org.jpgbench.db.Session;
import org.jpgbench.log.PgLog;

/**
 * What pgbench does on its setup connection before the clients start: read the server version for
 * the banner, find the scale (and partitioning) of the pgbench tables when a builtin script runs,
 * and vacuum unless -n.
 */
final class Preflight {
  private Preflight() {}

  /**
   * pgbench_accounts' layout as GetTableInfo finds it.
   *
   * @param partitionMethod null when none
   */
  record TableInfo(int scale, String partitionMethod, int partitions) {}

  /** A setup step failed; its messages are printed; exit status 1. */
  static final class SetupFailed extends Exception {
    SetupFailed() {
      super(null, null, false, false);
    }
  }

  /**
   * The server's version as pgbench's banner shows it, "15.18" (PQserverVersion formatted): the
   * version part of server_version, without a distribution's suffix.
   */
  static String serverRelease(Session con) {
    String v = serverVersion(con);
    int space = v.indexOf(' ');
    return space > 0 ? v.substring(0, space) : v;
  }

  static String serverVersion(Session con) {
    try {
      String v = con.parameterStatus("server_version");
      return v != null ? v : "unknown";
    } catch (SQLException e) {
      return "unknown";
    }
  }

  /** pgbench's GetTableInfo. */
  static TableInfo tableInfo(Session con, Console console, boolean scaleGiven, String dbName)
      throws SetupFailed {
    final String countSql = "select count(*) from pgbench_branches";
    int scale;
    try {
      List<String[]> rows = con.query(countSql);
      String v = rows.isEmpty() ? null : rows.get(0)[0];
      scale = atoi(v);
      if (scale < 0) {
        console.error(Messages.f(Messages.BAD_BRANCH_COUNT, v));
        throw new SetupFailed();
      }
    } catch (SQLException e) {
      console.error(Messages.f(Messages.COUNT_BRANCHES, PgError.message(e, countSql)));
      if ("42P01".equals(e.getSQLState())) {
        console.hint(Messages.f(Messages.NEED_INIT, PgLog.progname(), dbName));
      }
      throw new SetupFailed();
    }
    if (scaleGiven) {
      console.warning(Messages.f(Messages.SCALE_IGNORED, scale));
    }
    final String partSql =
        "select o.n, p.partstrat, pg_catalog.count(i.inhparent) "
            + "from pg_catalog.pg_class as c "
            + "join pg_catalog.pg_namespace as n on (n.oid = c.relnamespace) "
            + "cross join lateral (select pg_catalog.array_position(pg_catalog.current_schemas(true), "
            + "n.nspname)) as o(n) "
            + "left join pg_catalog.pg_partitioned_table as p on (p.partrelid = c.oid) "
            + "left join pg_catalog.pg_inherits as i on (c.oid = i.inhparent) "
            + "where c.relname = 'pgbench_accounts' and o.n is not null "
            + "group by 1, 2 order by 1 asc limit 1";
    try {
      List<String[]> rows = con.query(partSql);
      if (rows.isEmpty()) {
        console.error(Messages.NO_ACCOUNTS);
        console.hint(Messages.f(Messages.NEED_INIT, PgLog.progname(), dbName));
        throw new SetupFailed();
      }
      String strategy = rows.get(0)[1];
      int partitions = atoi(rows.get(0)[2]);
      if (strategy == null) {
        return new TableInfo(scale, null, 0);
      }
      return switch (strategy) {
        case "r" -> new TableInfo(scale, "range", partitions);
        case "h" -> new TableInfo(scale, "hash", partitions);
        default -> {
          console.error(Messages.f(Messages.PARTITION_METHOD, strategy));
          throw new SetupFailed();
        }
      };
    } catch (SQLException e) {
      // an old server without pg_partitioned_table: assume no partitioning, as pgbench
      return new TableInfo(scale, null, 0);
    }
  }

  /** pgbench's pre-run vacuum; errors are reported and ignored. */
  static void vacuum(Session con, Console console, boolean accounts) {
    console.raw(Messages.VACUUM_START);
    tryExecute(con, console, "vacuum pgbench_branches");
    tryExecute(con, console, "vacuum pgbench_tellers");
    tryExecute(con, console, "truncate pgbench_history");
    console.raw(Messages.VACUUM_END);
    if (accounts) {
      console.raw(Messages.VACUUM_ACCOUNTS_START);
      tryExecute(con, console, "vacuum analyze pgbench_accounts");
      console.raw(Messages.VACUUM_END);
    }
  }

  private static void tryExecute(Session con, Console console, String sql) {
    try {
      con.execute(sql);
    } catch (SQLException e) {
      console.error(PgError.message(e, sql));
      console.detail(Messages.IGNORING);
    }
  }

  /** C atoi: leading digits, 0 when none. */
  static int atoi(String s) {
    if (s == null) {
      return 0;
    }
    int i = 0;
    int n = s.length();
    while (i < n && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
    boolean neg = false;
    if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
      neg = s.charAt(i) == '-';
      i++;
    }
    long v = 0;
    while (i < n && Character.isDigit(s.charAt(i)) && v < Integer.MAX_VALUE + 1L) {
      v = v * 10 + (s.charAt(i++) - '0');
    }
    v = neg ? -v : v;
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
  }

  /**
   * pgbench's printVersion: "pgbench (18.1, server 15.18)", or "pgbench (18.1)" when the server is
   * that release; as jpgbench, jpgbench's own version: "jpgbench (0.1.0, server 15.18)".
   */
  static String banner(String server) {
    String p = PgLog.progname();
    String client = p.equals(PgLog.JPGBENCH) ? PgLog.version() : PgLog.PGBENCH_RELEASE;
    return p + " (" + client + (server.equals(client) ? "" : ", server " + server) + ")";
  }
}
