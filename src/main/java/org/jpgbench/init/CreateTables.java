package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;
import org.jpgbench.config.Options.PartitionMethod;

/** Step t: pgbench's CREATE TABLE statements, then the partitions of pgbench_accounts. */
final class CreateTables {
  private CreateTables() {}

  /** Table, columns when account ids are int, columns when bigint, whether fillfactor applies. */
  private record Ddl(String table, String smallCols, String bigCols, boolean fillfactor) {}

  // pgbench's order and column text (the filler columns stay NULL except in accounts)
  private static final List<Ddl> DDLS =
      List.of(
          new Ddl(
              Tables.HISTORY,
              "tid int,bid int,aid    int,delta int,mtime timestamp,filler char(22)",
              "tid int,bid int,aid bigint,delta int,mtime timestamp,filler char(22)",
              false),
          new Ddl(
              Tables.TELLERS,
              "tid int not null,bid int,tbalance int,filler char(84)",
              "tid int not null,bid int,tbalance int,filler char(84)",
              true),
          new Ddl(
              Tables.ACCOUNTS,
              "aid    int not null,bid int,abalance int,filler char(84)",
              "aid bigint not null,bid int,abalance int,filler char(84)",
              true),
          new Ddl(
              Tables.BRANCHES,
              "bid int not null,bbalance int,filler char(88)",
              "bid int not null,bbalance int,filler char(88)",
              true));

  static void run(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.CREATING_TABLES);
    for (Statement s :
        statements(
            ctx.options.init().unloggedTables(),
            ctx.partitionMethod(),
            ctx.scale(),
            ctx.options.init().fillfactor(),
            ctx.options.init().tablespace(),
            ctx.serverVersion())) {
      ctx.main().exec(s.sql, s.table);
    }
    if (ctx.partitionMethod() != PartitionMethod.NONE) {
      Partitions.create(ctx);
    }
  }

  record Statement(String table, String sql) {}

  /**
   * The CREATE TABLE statements. With --unlogged-tables and partitions, pgbench 18 (whose servers
   * reject an unlogged partitioned table) makes only the partitions unlogged; pgbench up to 17 made
   * every table unlogged. We follow the version that matches the server.
   */
  static List<Statement> statements(
      boolean unlogged,
      PartitionMethod method,
      int scale,
      int fillfactor,
      String tablespace,
      int serverVersion) {
    boolean partitioned = method != PartitionMethod.NONE;
    boolean unloggedHere = unlogged && (serverVersion < 180000 || !partitioned);
    List<Statement> out = new ArrayList<>();
    for (Ddl d : DDLS) {
      StringBuilder q = new StringBuilder("create");
      if (unloggedHere) {
        q.append(" unlogged");
      }
      q.append(" table ")
          .append(d.table)
          .append('(')
          .append(scale >= Tables.SCALE_32BIT_THRESHOLD ? d.bigCols : d.smallCols)
          .append(')');
      if (partitioned && d.table.equals(Tables.ACCOUNTS)) {
        q.append(" partition by ")
            .append(method == PartitionMethod.HASH ? "hash" : "range")
            .append(" (aid)");
      } else if (d.fillfactor) {
        q.append(" with (fillfactor=").append(fillfactor).append(')');
      }
      if (tablespace != null) {
        q.append(" tablespace ").append(quoteIdent(tablespace));
      }
      out.add(new Statement(d.table, q.toString()));
    }
    return out;
  }

  /** libpq's PQescapeIdentifier: always double-quoted, inner quotes doubled. */
  static String quoteIdent(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }
}
