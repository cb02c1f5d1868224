package org.jpgbench.init;

import java.util.List;

/** The plain-table partitions of pgbench_accounts (empty when it is not partitioned). */
final class LeafPartitions {
  private LeafPartitions() {}

  private static final String SQL =
      "select c.oid::pg_catalog.regclass::text from pg_catalog.pg_inherits i"
          + " join pg_catalog.pg_class c on c.oid = i.inhrelid"
          + " where i.inhparent = pg_catalog.to_regclass('pgbench_accounts') and c.relkind = 'r'"
          + " and not exists (select 1 from pg_catalog.pg_inherits j join pg_catalog.pg_class d"
          + " on d.oid = j.inhrelid where j.inhparent = pg_catalog.to_regclass('pgbench_accounts')"
          + " and d.relkind <> 'r')"
          + " order by c.relname";

  /** Partitions, or empty if there are none or some are not plain tables (then: the parent). */
  static List<String> of(InitConnection s) throws InitError {
    return s.queryRows(SQL, Tables.ACCOUNTS).stream().map(r -> r.get(0)).toList();
  }
}
