package org.jpgbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class PostgresExtensionTest {
  @Test
  void handsOutALiveDatabaseOfItsOwn(TestDatabase db) throws Exception {
    try (Connection c = db.connect(); ResultSet rs = c.createStatement().executeQuery("select current_database()")) {
      rs.next();
      assertEquals(db.name(), rs.getString(1));
    }
  }
}
