package org.jpgbench.init;

import java.util.List;

/** Step f: pgbench's five foreign keys, in its order, on one connection (they lock each other). */
final class ForeignKeys {
  private ForeignKeys() {}

  record Key(String table, String sql) {}

  static final List<Key> KEYS =
      List.of(
          new Key(
              Tables.TELLERS,
              "alter table pgbench_tellers add constraint pgbench_tellers_bid_fkey"
                  + " foreign key (bid) references pgbench_branches"),
          new Key(
              Tables.ACCOUNTS,
              "alter table pgbench_accounts add constraint pgbench_accounts_bid_fkey"
                  + " foreign key (bid) references pgbench_branches"),
          new Key(
              Tables.HISTORY,
              "alter table pgbench_history add constraint pgbench_history_bid_fkey"
                  + " foreign key (bid) references pgbench_branches"),
          new Key(
              Tables.HISTORY,
              "alter table pgbench_history add constraint pgbench_history_tid_fkey"
                  + " foreign key (tid) references pgbench_tellers"),
          new Key(
              Tables.HISTORY,
              "alter table pgbench_history add constraint pgbench_history_aid_fkey"
                  + " foreign key (aid) references pgbench_accounts"));

  static void run(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.CREATING_FKEYS);
    for (Key k : KEYS) {
      ctx.main().exec(k.sql(), k.table());
    }
  }
}
