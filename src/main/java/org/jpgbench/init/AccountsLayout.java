package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the generation steps need to know about the existing tables: their kinds, whether account
 * ids are bigint, and, for a partitioned pgbench_accounts, which rows go to which partition, so
 * that each partition can be loaded directly (and frozen). Read from the catalog, since -I g may
 * run on tables that an earlier -i created with other options.
 */
final class AccountsLayout {
  /**
   * Partitions beyond this many: hash routing on the client costs too much; load via the parent.
   */
  static final int MAX_HASH_ROUTED = 64;

  /** One partition to load directly: row numbers [from, to), or those the filter accepts. */
  record Part(String name, long from, long to, RowEncoder.RowFilter filter) {}

  /** relkind per table (null: missing): branches, tellers, accounts. */
  final Character branchesKind;

  final Character tellersKind;
  final Character accountsKind;
  final boolean bigAid;

  /** Partitions to load one by one, or empty: load pgbench_accounts itself. */
  final List<Part> parts;

  /** Why a partitioned pgbench_accounts is loaded through its parent; null otherwise. */
  final String viaParentReason;

  /** Whether foreign keys involve the pgbench tables (then their loads cannot be split). */
  final boolean foreignKeys;

  private AccountsLayout(
      Character b,
      Character t,
      Character a,
      boolean bigAid,
      List<Part> parts,
      String viaParentReason,
      boolean foreignKeys) {
    this.branchesKind = b;
    this.tellersKind = t;
    this.accountsKind = a;
    this.bigAid = bigAid;
    this.parts = List.copyOf(parts);
    this.viaParentReason = viaParentReason;
    this.foreignKeys = foreignKeys;
  }

  boolean tablesExist() {
    return branchesKind != null && tellersKind != null && accountsKind != null;
  }

  boolean accountsPartitioned() {
    return accountsKind != null && accountsKind == 'p';
  }

  private static final String KINDS_SQL =
      "select n, c.relkind, (select a.atttypid::pg_catalog.regtype::text from pg_catalog.pg_attribute a"
          + " where a.attrelid = c.oid and a.attname = 'aid' and not a.attisdropped),"
          + " (select count(*) from pg_catalog.pg_constraint k where k.contype = 'f'"
          + " and (k.conrelid = c.oid or k.confrelid = c.oid))"
          + " from pg_catalog.unnest(array['pgbench_branches', 'pgbench_tellers', 'pgbench_accounts',"
          + " 'pgbench_history']) with ordinality as t(n, i)"
          + " left join pg_catalog.pg_class c on c.oid = pg_catalog.to_regclass(n) order by i";

  private static final String KEY_SQL =
      "select p.partstrat, p.partnatts, a.attname from pg_catalog.pg_partitioned_table p"
          + " left join pg_catalog.pg_attribute a on a.attrelid = p.partrelid and a.attnum = p.partattrs[0]"
          + " where p.partrelid = 'pgbench_accounts'::pg_catalog.regclass";

  private static final String PARTS_SQL =
      "select c.oid::pg_catalog.regclass::text, c.relkind, pg_catalog.pg_get_expr(c.relpartbound, c.oid)"
          + " from pg_catalog.pg_inherits i join pg_catalog.pg_class c on c.oid = i.inhrelid"
          + " where i.inhparent = 'pgbench_accounts'::pg_catalog.regclass order by c.relname";

  private static final Pattern RANGE =
      Pattern.compile("FOR VALUES FROM \\((MINVALUE|-?\\d+)\\) TO \\((MAXVALUE|-?\\d+)\\)");
  private static final Pattern HASH =
      Pattern.compile("FOR VALUES WITH \\(modulus (\\d+), remainder (\\d+)\\)");

  static AccountsLayout read(InitConnection s, int scale) throws InitError {
    List<List<String>> rows = s.queryRows(KINDS_SQL, null);
    Character[] kinds = new Character[4];
    boolean bigAid = scale >= Tables.SCALE_32BIT_THRESHOLD;
    boolean fks = false;
    for (int i = 0; i < 4; i++) {
      List<String> r = rows.get(i);
      kinds[i] = r.get(1) == null ? null : r.get(1).charAt(0);
      if (i == 2 && r.get(2) != null) {
        bigAid = r.get(2).equals("bigint");
      }
      fks |= r.get(3) != null && Long.parseLong(r.get(3)) > 0;
    }
    if (kinds[2] == null || kinds[2] != 'p') {
      return new AccountsLayout(kinds[0], kinds[1], kinds[2], bigAid, List.of(), null, fks);
    }
    long total = (long) Tables.NACCOUNTS * scale;
    String[] reason = new String[1];
    List<Part> parts = partitions(s, total, bigAid, reason);
    return new AccountsLayout(kinds[0], kinds[1], kinds[2], bigAid, parts, reason[0], fks);
  }

  private static List<Part> partitions(
      InitConnection s, long total, boolean bigAid, String[] reason) throws InitError {
    List<String> key = s.queryRows(KEY_SQL, Tables.ACCOUNTS).stream().findFirst().orElse(null);
    if (key == null || !"1".equals(key.get(1)) || !"aid".equals(key.get(2))) {
      reason[0] = "partition key is not aid";
      return List.of();
    }
    boolean hash = "h".equals(key.get(0));
    List<Part> out = new ArrayList<>();
    long covered = 0;
    int modulus = -1;
    boolean[] seen = null;
    for (List<String> p : s.queryRows(PARTS_SQL, Tables.ACCOUNTS)) {
      String name = p.get(0);
      String bound = p.get(2) == null ? "" : p.get(2);
      if (!"r".equals(p.get(1))) {
        reason[0] = "partition " + name + " is not a plain table";
        return List.of();
      }
      if (!hash) {
        Matcher m = RANGE.matcher(bound);
        if (!m.matches()) {
          reason[0] = "partition " + name + " has bound " + bound;
          return List.of();
        }
        long lo = m.group(1).equals("MINVALUE") ? Long.MIN_VALUE : Long.parseLong(m.group(1));
        long hi = m.group(2).equals("MAXVALUE") ? Long.MAX_VALUE : Long.parseLong(m.group(2));
        long from = clamp(lo, total);
        long to = clamp(hi, total);
        covered += Math.max(0, to - from);
        out.add(new Part(name, from, Math.max(from, to), null));
      } else {
        Matcher m = HASH.matcher(bound);
        if (!m.matches()) {
          reason[0] = "partition " + name + " has bound " + bound;
          return List.of();
        }
        int mod = Integer.parseInt(m.group(1));
        int rem = Integer.parseInt(m.group(2));
        if (modulus < 0) {
          modulus = mod;
          seen = new boolean[mod];
        } else if (mod != modulus) {
          reason[0] = "hash partitions with different moduli";
          return List.of();
        }
        seen[rem] = true;
        HashPartitioner hp = new HashPartitioner(mod, bigAid);
        out.add(new Part(name, 0, total, k -> hp.remainder(k + 1) == rem));
      }
    }
    if (out.isEmpty()) {
      reason[0] = "no partitions";
      return List.of();
    }
    if (!hash && covered != total) {
      reason[0] = "partitions do not cover every account";
      return List.of();
    }
    if (hash) {
      for (boolean b : seen) {
        if (!b) {
          reason[0] = "hash partitions do not cover every remainder";
          return List.of();
        }
      }
      if (out.size() > MAX_HASH_ROUTED) {
        reason[0] = "more than " + MAX_HASH_ROUTED + " hash partitions";
        return List.of();
      }
      if (!hashAgrees(s, modulus, bigAid)) {
        reason[0] = "the server's hash partitioning differs from jpgbench's";
        return List.of();
      }
    }
    return out;
  }

  /**
   * Row number range start for account id bound {@code aid} (exclusive upper or inclusive lower).
   */
  private static long clamp(long aid, long total) {
    if (aid <= 1) {
      return 0;
    }
    return Math.min(total, aid - 1);
  }

  /** Compares jpgbench's hash routing with the server's for a few keys. */
  private static boolean hashAgrees(InitConnection s, int modulus, boolean bigAid)
      throws InitError {
    String type = bigAid ? "int8" : "int4";
    String sql =
        "select a, r from pg_catalog.generate_series(1, 64) a, pg_catalog.generate_series(0, "
            + (modulus - 1)
            + ") r where pg_catalog.satisfies_hash_partition("
            + "'pgbench_accounts'::pg_catalog.regclass, "
            + modulus
            + ", r, a::"
            + type
            + ")";
    HashPartitioner hp = new HashPartitioner(modulus, bigAid);
    int n = 0;
    for (List<String> row : s.queryRows(sql, Tables.ACCOUNTS)) {
      if (hp.remainder(Long.parseLong(row.get(0))) != Integer.parseInt(row.get(1))) {
        return false;
      }
      n++;
    }
    return n == 64;
  }
}
