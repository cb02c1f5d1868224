package org.jpgbench.run;

import java.sql.Connection;
import java.sql.Statement;
import org.jpgbench.testing.TestDatabase;

/** Creates pgbench's four tables at scale 1 with plain SQL (what "pgbench -i -s 1" builds). */
final class PgbenchTables {
  private PgbenchTables() {}

  static void create(TestDatabase db) throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute(
          "drop table if exists pgbench_accounts, pgbench_branches, pgbench_history, "
              + "pgbench_tellers");
      s.execute(
          "create table pgbench_history(tid int,bid int,aid int,delta int,mtime timestamp,"
              + "filler char(22))");
      s.execute(
          "create table pgbench_tellers(tid int not null,bid int,tbalance int,filler char(84))");
      s.execute(
          "create table pgbench_accounts(aid int not null,bid int,abalance int,"
              + "filler char(84))");
      s.execute("create table pgbench_branches(bid int not null,bbalance int,filler char(88))");
      s.execute("insert into pgbench_branches(bid,bbalance) values (1, 0)");
      s.execute(
          "insert into pgbench_tellers(tid,bid,tbalance) select tid, 1, 0 "
              + "from generate_series(1, 10) as tid");
      s.execute(
          "insert into pgbench_accounts(aid,bid,abalance,filler) select aid, 1, 0, '' "
              + "from generate_series(1, 100000) as aid");
      s.execute("alter table pgbench_branches add primary key (bid)");
      s.execute("alter table pgbench_tellers add primary key (tid)");
      s.execute("alter table pgbench_accounts add primary key (aid)");
    }
  }
}
