package org.jpgbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class PostgresExtensionTest {
  private static TestDatabase seen;

  @Test
  void handsOutALiveDatabaseOfItsOwn(TestDatabase db) throws Exception {
    try (Connection c = db.connect();
        ResultSet rs = c.createStatement().executeQuery("select current_database()")) {
      rs.next();
      assertEquals(db.name(), rs.getString(1));
    }
    synchronized (PostgresExtensionTest.class) {
      if (seen == null) {
        seen = db;
      }
      assertEquals(seen, db, "one database per class");
    }
  }

  @Test
  void theSameDatabaseForEveryMethodOfAClass(TestDatabase db) throws Exception {
    handsOutALiveDatabaseOfItsOwn(db);
  }

  @Test
  void connectionFactoryOpensEveryQueryMode(TestDatabase db) throws Exception {
    for (org.jpgbench.config.QueryMode mode : org.jpgbench.config.QueryMode.values()) {
      try (Connection c = db.connectionFactory().open(mode);
          ResultSet rs = c.createStatement().executeQuery("select current_database()")) {
        rs.next();
        assertEquals(db.name(), rs.getString(1));
      }
    }
    assertEquals(db.name(), db.connectionFactory().database());
  }

  @Test
  void databaseNamesAreValidIdentifiers() {
    String n = PostgresExtension.databaseName("Some$Weird.Class" + "X".repeat(80));
    assertTrue(n.matches("t[0-9]+_[0-9]+_some_weird_class[x]*"), n);
    assertEquals(63, n.length());
    assertNotEquals(PostgresExtension.databaseName("A"), PostgresExtension.databaseName("A"));
  }

  /** A nested class shares its enclosing class's database. */
  @Nested
  class Inner {
    @Test
    void sharesTheEnclosingDatabase(TestDatabase db) throws Exception {
      assertTrue(db.name().endsWith("_postgresextensiontest"), db.name());
    }
  }
}
