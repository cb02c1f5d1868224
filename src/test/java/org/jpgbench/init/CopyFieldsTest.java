package org.jpgbench.init;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.PGConnection;

/**
 * COPY fields into a real server: every kind of value the TPC-C load writes reads back as the
 * server's own text of it.
 */
@ExtendWith(PostgresExtension.class)
class CopyFieldsTest {
  /** Units and scale of the numerics written, and the text the server gives back for each. */
  private static final long[][] NUMERICS = {
    {0, 2}, {1, 2}, {45, 2}, {12_345, 2}, {-1000, 2}, {30_000_000, 2}, {999_999, 2},
    {123, 4}, {5000, 4}, {1, 4}, {0, 4}, {0, 0}, {10_000, 0}, {123_456_789, 2}
  };

  private static final String[] TEXTS = {
    "0.00", "0.01", "0.45", "123.45", "-10.00", "300000.00", "9999.99",
    "0.0123", "0.5000", "0.0001", "0.0000", "0", "10000", "1234567.89"
  };

  private static List<String> load(TestDatabase db) throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("drop table if exists copy_fields");
      s.execute(
          "create table copy_fields (k int, n numeric(12,4), t timestamp, c varchar(4), v text)");
      CopyFields f = new CopyFields("2026-12-07 13:14:05");
      f.start(
          c.unwrap(PGConnection.class)
              .getCopyAPI()
              .copyIn(CopyLoader.statement("copy_fields", true, false)));
      for (int i = 0; i < NUMERICS.length; i++) {
        f.row(5).int4(i - 3).decimal(NUMERICS[i][0], (int) NUMERICS[i][1]);
        if (i % 2 == 0) {
          f.now();
        } else {
          f.nul();
        }
        f.ascii("AB").open();
        f.put((byte) 'x');
        f.close().endRow();
      }
      f.finish();
      List<String> rows = new ArrayList<>();
      try (ResultSet r =
          s.executeQuery(
              "select k, n::numeric(12,4)::text, t, c || '|', v from copy_fields order by k")) {
        while (r.next()) {
          rows.add(
              r.getString(1)
                  + " "
                  + r.getString(2)
                  + " "
                  + r.getString(3)
                  + " "
                  + r.getString(4)
                  + " "
                  + r.getString(5));
        }
      }
      return rows;
    }
  }

  @Test
  void fieldsReadBackAsTheServersTextOfThem(TestDatabase db) throws Exception {
    List<String> binary = load(db);
    assertEquals(NUMERICS.length, binary.size());
    for (int i = 0; i < NUMERICS.length; i++) {
      String[] row = binary.get(i).split(" ", 3);
      assertEquals(Integer.toString(i - 3), row[0]);
      assertEquals(
          new java.math.BigDecimal(TEXTS[i]).setScale(4).toPlainString(), row[1], TEXTS[i]);
      assertEquals((i % 2 == 0 ? "2026-12-07 13:14:05" : "null") + " AB| x", row[2], "row " + i);
    }
  }
}
