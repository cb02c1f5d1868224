package org.jpgbench.init;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jpgbench.config.Options.PartitionMethod;
import org.junit.jupiter.api.Test;

class CreateTablesTest {
  private static List<String> sql(
      boolean unlogged, PartitionMethod m, int scale, int ff, String ts, int version) {
    return CreateTables.statements(unlogged, m, scale, ff, ts, version).stream()
        .map(CreateTables.Statement::sql)
        .toList();
  }

  @Test
  void defaultTablesAsPgbench() {
    // pgbench 18: pgbench -i --debug shows these statements in a server log with log_statement=all
    assertEquals(
        List.of(
            "create table pgbench_history(tid int,bid int,aid    int,delta int,mtime timestamp,filler char(22))",
            "create table pgbench_tellers(tid int not null,bid int,tbalance int,filler char(84)) with (fillfactor=100)",
            "create table pgbench_accounts(aid    int not null,bid int,abalance int,filler char(84)) with (fillfactor=100)",
            "create table pgbench_branches(bid int not null,bbalance int,filler char(88)) with (fillfactor=100)"),
        sql(false, PartitionMethod.NONE, 1, 100, null, 150000));
  }

  @Test
  void bigintAccountIdsFromScale20000() {
    assertEquals(
        "create table pgbench_accounts(aid    int not null,bid int,abalance int,filler char(84))"
            + " with (fillfactor=100)",
        sql(false, PartitionMethod.NONE, 19999, 100, null, 150000).get(2));
    List<String> big = sql(false, PartitionMethod.NONE, 20000, 100, null, 150000);
    assertEquals(
        "create table pgbench_history(tid int,bid int,aid bigint,delta int,mtime timestamp,filler char(22))",
        big.get(0));
    assertEquals(
        "create table pgbench_accounts(aid bigint not null,bid int,abalance int,filler char(84))"
            + " with (fillfactor=100)",
        big.get(2));
  }

  @Test
  void partitionedUnloggedTablespaceFollowsTheServerVersion() {
    List<String> v15 = sql(true, PartitionMethod.HASH, 1, 90, "my \"ts\"", 150000);
    assertEquals(
        "create unlogged table pgbench_accounts(aid    int not null,bid int,abalance int,filler char(84))"
            + " partition by hash (aid) tablespace \"my \"\"ts\"\"\"",
        v15.get(2));
    assertEquals(
        "create unlogged table pgbench_branches(bid int not null,bbalance int,filler char(88))"
            + " with (fillfactor=90) tablespace \"my \"\"ts\"\"\"",
        v15.get(3));
    List<String> v18 = sql(true, PartitionMethod.RANGE, 1, 90, null, 180000);
    assertEquals(
        "create table pgbench_accounts(aid    int not null,bid int,abalance int,filler char(84))"
            + " partition by range (aid)",
        v18.get(2));
    assertEquals(
        "create table pgbench_tellers(tid int not null,bid int,tbalance int,filler char(84))"
            + " with (fillfactor=90)",
        v18.get(1));
    assertEquals(
        "create unlogged table pgbench_tellers(tid int not null,bid int,tbalance int,filler char(84))"
            + " with (fillfactor=90)",
        sql(true, PartitionMethod.NONE, 1, 90, null, 180000).get(1));
  }

  @Test
  void rangeAndHashPartitionsAsPgbench() {
    // bounds as native pgbench 15 made them: pgbench -i --partitions=3 -s 2 (see
    // pg_get_expr(relpartbound))
    assertEquals(
        List.of(
            "create table pgbench_accounts_1\n  partition of pgbench_accounts\n  for values from (minvalue) to (66668)"
                + " with (fillfactor=100)",
            "create table pgbench_accounts_2\n  partition of pgbench_accounts\n  for values from (66668) to (133335)"
                + " with (fillfactor=100)",
            "create table pgbench_accounts_3\n  partition of pgbench_accounts\n  for values from (133335) to (maxvalue)"
                + " with (fillfactor=100)"),
        Partitions.statements(PartitionMethod.RANGE, 3, 2, false, 100));
    assertEquals(
        List.of(
            "create unlogged table pgbench_accounts_1\n  partition of pgbench_accounts\n"
                + "  for values with (modulus 2, remainder 0) with (fillfactor=98)",
            "create unlogged table pgbench_accounts_2\n  partition of pgbench_accounts\n"
                + "  for values with (modulus 2, remainder 1) with (fillfactor=98)"),
        Partitions.statements(PartitionMethod.HASH, 2, 1, true, 98));
  }
}
