package org.jpgbench.init;

/**
 * Step d: pgbench's single DROP of the four tables (one statement, so foreign keys between them do
 * not matter). Partitions of pgbench_accounts go with their parent, so whatever a killed -i left
 * behind of t, g, p or f is removed here.
 */
final class DropTables {
  private DropTables() {}

  static final String SQL = "drop table if exists " + Tables.ALL_FOUR;

  static void run(InitContext ctx) throws InitError {
    ctx.err.println(InitMessages.DROPPING);
    ctx.main().exec(SQL, null);
  }
}
