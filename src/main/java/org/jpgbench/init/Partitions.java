package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;
import org.jpgbench.config.Options.PartitionMethod;

/** pgbench's partitions of pgbench_accounts: range (open-ended first and last) or hash. */
final class Partitions {
  private Partitions() {}

  static void create(InitContext ctx) throws InitError {
    int n = ctx.options.init().partitions();
    ctx.err.println(InitMessages.creatingPartitions(n));
    for (String sql :
        statements(
            ctx.partitionMethod(),
            n,
            ctx.scale(),
            ctx.options.init().unloggedTables(),
            ctx.options.init().fillfactor())) {
      ctx.main().exec(sql, Tables.ACCOUNTS);
    }
  }

  /** Rows per range partition: pgbench's ceil(100000 * scale / partitions). */
  static long rangeSize(int scale, int partitions) {
    return ((long) Tables.NACCOUNTS * scale + partitions - 1) / partitions;
  }

  static List<String> statements(
      PartitionMethod method, int partitions, int scale, boolean unlogged, int fillfactor) {
    List<String> out = new ArrayList<>();
    long size = rangeSize(scale, partitions);
    for (int p = 1; p <= partitions; p++) {
      StringBuilder q = new StringBuilder("create");
      if (unlogged) {
        q.append(" unlogged");
      }
      q.append(" table ")
          .append(Tables.ACCOUNTS)
          .append('_')
          .append(p)
          .append('\n')
          .append("  partition of ")
          .append(Tables.ACCOUNTS)
          .append('\n');
      if (method == PartitionMethod.HASH) {
        q.append("  for values with (modulus ")
            .append(partitions)
            .append(", remainder ")
            .append(p - 1)
            .append(')');
      } else {
        q.append("  for values from (")
            .append(p == 1 ? "minvalue" : Long.toString((p - 1) * size + 1))
            .append(") to (")
            .append(p < partitions ? Long.toString(p * size + 1) : "maxvalue")
            .append(')');
      }
      q.append(" with (fillfactor=").append(fillfactor).append(')');
      out.add(q.toString());
    }
    return out;
  }
}
