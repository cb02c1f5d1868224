package org.jpgbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnInfoTest {
  @Test
  void recognisesConnectionStrings() {
    assertTrue(ConnInfo.isConnString("dbname=x"));
    assertTrue(ConnInfo.isConnString("postgresql://h/d"));
    assertTrue(ConnInfo.isConnString("postgres://h"));
    assertFalse(ConnInfo.isConnString("plain_db"));
  }

  @Test
  void keywordValuePairs() {
    assertEquals(
        Map.of("host", "/tmp", "dbname", "my db", "user", "o'neil", "options", "-c a=b"),
        ConnInfo.parse(" host = /tmp dbname='my db' user=o\\'neil options='-c a=b' "));
    assertEquals(
        "invalid connection option \"colour\"",
        assertThrows(IllegalArgumentException.class, () -> ConnInfo.parse("colour=red"))
            .getMessage());
    assertEquals(
        "missing \"=\" after \"host\" in connection info string",
        assertThrows(IllegalArgumentException.class, () -> ConnInfo.parse("host")).getMessage());
    assertEquals(
        "unterminated quoted string in connection info string",
        assertThrows(IllegalArgumentException.class, () -> ConnInfo.parse("dbname='x"))
            .getMessage());
  }

  @Test
  void uris() {
    assertEquals(
        Map.of(
            "user",
            "u",
            "password",
            "p@ss",
            "host",
            "h1,h2",
            "port",
            "5433,",
            "dbname",
            "d b",
            "sslmode",
            "require"),
        ConnInfo.parse("postgresql://u:p%40ss@h1:5433,h2/d%20b?sslmode=require"));
    assertEquals(Map.of("host", "::1", "port", "6000"), ConnInfo.parse("postgres://[::1]:6000"));
    assertEquals(
        Map.of("host", "/var/run/postgresql", "dbname", "db"),
        ConnInfo.parse("postgresql://%2Fvar%2Frun%2Fpostgresql/db"));
    assertEquals(
        Map.of("dbname", "db", "host", "/tmp"), ConnInfo.parse("postgresql:///db?host=/tmp"));
  }
}
