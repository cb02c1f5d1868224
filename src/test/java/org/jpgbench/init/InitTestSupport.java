package org.jpgbench.init;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.testing.TestDatabase;

/** Runs Initializer against a test database and reads back what it made. */
final class InitTestSupport {
  private InitTestSupport() {}

  record Result(int status, String err) {
    List<String> lines() {
      return Arrays.asList(err.split("\n"));
    }
  }

  static Result init(TestDatabase db, Consumer<OptionsBuilder> config) {
    OptionsBuilder b = Options.builder();
    b.mode = Options.Mode.INIT;
    b.host = db.host();
    b.port = Integer.toString(db.port());
    b.user = db.user();
    b.dbName = db.name();
    config.accept(b);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status =
        Initializer.run(
            b.build(),
            db.connectionFactory(),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Result(status, err.toString(StandardCharsets.UTF_8));
  }

  /** The first column of the first row, as text (null when no row). */
  static String q(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  static void exec(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  static String counts(TestDatabase db) throws Exception {
    return q(
        db,
        "SELECT (SELECT count(*) FROM pgbench_branches)||','||(SELECT count(*) FROM pgbench_tellers)"
            + "||','||(SELECT count(*) FROM pgbench_accounts)||','||(SELECT count(*) FROM pgbench_history)");
  }

  /** Rows with a NULL filler in branches, tellers, accounts, then accounts with 84 blanks. */
  static String fillers(TestDatabase db) throws Exception {
    return q(
        db,
        "SELECT (SELECT count(*) FROM pgbench_branches WHERE filler IS NULL)||','||"
            + "(SELECT count(*) FROM pgbench_tellers WHERE filler IS NULL)||','||"
            + "(SELECT count(*) FROM pgbench_accounts WHERE filler IS NULL)||','||"
            + "(SELECT count(*) FROM pgbench_accounts WHERE octet_length(filler) = 84 AND filler = '')");
  }

  static String balances(TestDatabase db) throws Exception {
    return q(
        db,
        "SELECT (SELECT sum(bbalance) FROM pgbench_branches)||','||(SELECT sum(tbalance) FROM pgbench_tellers)"
            + "||','||(SELECT sum(abalance) FROM pgbench_accounts)");
  }

  /**
   * Ids and branch ids as pgbench makes them: min, max, distinct aid; min, max bid; teller bids.
   */
  static String ids(TestDatabase db) throws Exception {
    return q(
        db,
        "SELECT min(aid)||','||max(aid)||','||count(DISTINCT aid)||','||min(bid)||','||max(bid)"
            + "||','||(SELECT sum(abs(bid - ((tid - 1) / 10 + 1))) FROM pgbench_tellers)"
            + "||','||(SELECT sum(abs(bid - ((aid - 1) / 100000 + 1))) FROM pgbench_accounts)"
            + " FROM pgbench_accounts");
  }

  /**
   * Whether every page holding rows of the relation is all-visible (and, where pg_visibility is
   * available, all-frozen) right after loading: COPY FREEZE (PostgreSQL 14+) sets the visibility
   * map as it writes; a plain COPY or INSERT does not. ANALYZE refreshes pg_class.relallvisible
   * from the map. (PostgreSQL 16+ may extend a relation by several empty pages, which stay
   * unmarked.)
   */
  static boolean frozen(TestDatabase db, String rel) throws Exception {
    exec(db, "ANALYZE " + rel);
    String pages = q(db, "SELECT count(DISTINCT (ctid::text::point)[0]) FROM " + rel);
    boolean visible =
        "t"
            .equals(
                q(
                    db,
                    "SELECT relallvisible > 0 AND relallvisible >= "
                        + pages
                        + " FROM pg_class WHERE oid = '"
                        + rel
                        + "'::regclass"));
    if (!"1"
        .equals(
            q(db, "SELECT count(*) FROM pg_available_extensions WHERE name = 'pg_visibility'"))) {
      return visible;
    }
    exec(db, "CREATE EXTENSION IF NOT EXISTS pg_visibility");
    return visible
        && "0"
            .equals(
                q(
                    db,
                    "SELECT count(*) FROM (SELECT DISTINCT (ctid::text::point)[0]::bigint AS b"
                        + " FROM "
                        + rel
                        + ") p JOIN pg_visibility_map('"
                        + rel
                        + "') v ON v.blkno = p.b WHERE NOT v.all_frozen"));
  }

  /** Rows per partition of pgbench_accounts, "name:count ..." ordered by name. */
  static String perPartition(TestDatabase db) throws Exception {
    return q(
        db,
        "SELECT string_agg(t || ':' || n, ' ' ORDER BY t) FROM (SELECT tableoid::regclass::text AS t,"
            + " count(*) n FROM pgbench_accounts GROUP BY 1) s");
  }

  static int serverVersion(TestDatabase db) throws Exception {
    return Integer.parseInt(q(db, "SHOW server_version_num"));
  }
}
