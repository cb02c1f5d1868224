package org.jpgbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Predicate;
import org.jpgbench.config.QueryMode;
import org.junit.jupiter.api.Test;

/** Resolution of -h/-p/-U/dbname and PG* variables, with injected environments (no server). */
class ConnSettingsTest {
  private static final PrintStream NO_WARN = new PrintStream(OutputStream.nullOutputStream());
  private static final Predicate<Path> NO_SOCKETS = p -> false;

  private static ConnSettings resolve(
      String h, String p, String u, String d, Map<String, String> env) {
    return ConnSettings.resolve(h, p, u, d, env, "osuser", NO_SOCKETS, NO_WARN);
  }

  @Test
  void defaultsWithAnEmptyEnvironment() {
    ConnSettings s = resolve(null, null, null, null, Map.of("HOME", "/nonexistent"));
    assertEquals(List.of(new ConnSettings.Endpoint("localhost", 5432, null, null)), s.endpoints);
    assertEquals("osuser", s.user);
    assertEquals("osuser", s.dbName);
    assertEquals("prefer", s.sslMode);
    assertEquals("pgbench", s.applicationName);
    assertNull(s.options);
    assertEquals(0, s.connectTimeout);
  }

  @Test
  void defaultHostIsTheLocalSocketWhenItExists() {
    Set<Path> sockets =
        Set.of(Path.of("/tmp/.s.PGSQL.5433"), Path.of("/var/run/postgresql/.s.PGSQL.5432"));
    assertEquals("/var/run/postgresql", ConnSettings.defaultHost(5432, sockets::contains));
    assertEquals("/tmp", ConnSettings.defaultHost(5433, sockets::contains));
    assertEquals("localhost", ConnSettings.defaultHost(5434, sockets::contains));
  }

  @Test
  void commandLineOverridesEnvironment() {
    Map<String, String> env =
        Map.of(
            "PGHOST",
            "envhost",
            "PGPORT",
            "6000",
            "PGUSER",
            "envuser",
            "PGDATABASE",
            "envdb",
            "HOME",
            "/nonexistent");
    ConnSettings s = resolve("clihost", "7000", "cliuser", "clidb", env);
    assertEquals(List.of(new ConnSettings.Endpoint("clihost", 7000, null, null)), s.endpoints);
    assertEquals("cliuser", s.user);
    assertEquals("clidb", s.dbName);
    ConnSettings e = resolve(null, null, null, null, env);
    assertEquals(List.of(new ConnSettings.Endpoint("envhost", 6000, null, null)), e.endpoints);
    assertEquals("envuser", e.user);
    assertEquals("envdb", e.dbName);
  }

  @Test
  void databaseDefaultsAsPgbench() {
    assertEquals(
        "envuser", resolve(null, null, "cliuser", null, Map.of("PGUSER", "envuser")).dbName);
    assertEquals(
        "osuser",
        resolve(null, null, "cliuser", null, Map.of()).dbName,
        "-U does not name the database");
  }

  @Test
  void environmentOnlySettings() {
    ConnSettings s =
        resolve(
            null,
            null,
            null,
            null,
            Map.of(
                "PGSSLMODE",
                "require",
                "PGOPTIONS",
                "-c work_mem=1MB",
                "PGAPPNAME",
                "app",
                "PGCONNECT_TIMEOUT",
                "1",
                "PGPASSWORD",
                "pw",
                "PGSSLROOTCERT",
                "/r.crt"));
    assertEquals("require", s.sslMode);
    assertEquals("-c work_mem=1MB", s.options);
    assertEquals("app", s.applicationName);
    assertEquals(2, s.connectTimeout, "libpq's minimum");
    assertEquals("pw", s.endpoints.get(0).password());
    assertNull(s.endpoints.get(0).passwordFile());
    assertEquals(Map.of("sslrootcert", "/r.crt"), s.extra);
    assertThrows(
        IllegalArgumentException.class,
        () -> resolve(null, null, null, null, Map.of("PGSSLMODE", "sometimes")));
  }

  @Test
  void severalHostsAndPorts() {
    ConnSettings s = resolve("a,/sock,", "1,2,3", null, "d", Map.of());
    assertEquals(
        List.of(
            new ConnSettings.Endpoint("a", 1, null, null),
            new ConnSettings.Endpoint("/sock", 2, null, null),
            new ConnSettings.Endpoint("localhost", 3, null, null)),
        s.endpoints);
    assertEquals(
        2,
        resolve("a,b", "9", null, "d", Map.of()).endpoints.stream()
            .filter(e -> e.port() == 9)
            .count());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> resolve("a,b,c", "1,2", null, "d", Map.of()));
    assertEquals("could not match 2 port numbers to 3 hosts", e.getMessage());
    assertEquals("/sock/.s.PGSQL.2", s.endpoints.get(1).socketPath());
  }

  @Test
  void connectionStringOverridesTheCommandLine() {
    ConnSettings s =
        resolve(
            "clihost", "1", "cliuser", "host=h2 port=2 dbname='my db' sslmode=disable", Map.of());
    assertEquals(List.of(new ConnSettings.Endpoint("h2", 2, null, null)), s.endpoints);
    assertEquals("cliuser", s.user);
    assertEquals("my db", s.dbName);
    assertEquals("disable", s.sslMode);
    assertEquals(
        "u", resolve(null, null, null, "user=u", Map.of()).dbName, "libpq: database = user");
  }

  @Test
  void debugDescriptionMasksPasswords() {
    ConnSettings s = resolve("h", null, "u", "d", Map.of("PGPASSWORD", "topsecret"));
    assertTrue(s.describeForDebug().contains("password=********"), s.describeForDebug());
    assertTrue(!s.describeForDebug().contains("topsecret"));
  }

  @Test
  void driverPropertiesPerQueryMode() {
    ConnSettings s = resolve("h", null, "u", "d", Map.of("PGOPTIONS", "-c x=1"));
    ConnSettings.Endpoint tcp = s.endpoints.get(0);
    Properties simple = LibpqConnectionFactory.properties(s, tcp, QueryMode.SIMPLE);
    assertEquals("simple", simple.getProperty("preferQueryMode"));
    assertEquals("u", simple.getProperty("user"));
    assertEquals("pgbench", simple.getProperty("ApplicationName"));
    assertEquals("-c x=1", simple.getProperty("options"));
    assertEquals("prefer", simple.getProperty("sslmode"));
    assertNull(simple.getProperty("password"));
    assertEquals(
        "0",
        LibpqConnectionFactory.properties(s, tcp, QueryMode.EXTENDED)
            .getProperty("prepareThreshold"));
    assertEquals(
        "1",
        LibpqConnectionFactory.properties(s, tcp, QueryMode.PREPARED)
            .getProperty("prepareThreshold"));
    ConnSettings.Endpoint sock = new ConnSettings.Endpoint("/run/pg", 5432, null, null);
    Properties unix = LibpqConnectionFactory.properties(s, sock, QueryMode.SIMPLE);
    assertEquals("/run/pg/.s.PGSQL.5432", unix.getProperty(StartupSocketFactory.UNIX_SOCKET));
    assertEquals("disable", unix.getProperty("sslmode"));
    assertNull(unix.getProperty("sslfactory"), "no TLS on a Unix-domain socket");
    assertEquals(StartupSslFactory.class.getName(), simple.getProperty("sslfactory"));
    assertEquals(StartupSocketFactory.class.getName(), unix.getProperty("socketFactory"));
    assertEquals(
        List.of("user", "u", "database", "d", "options", "-c x=1", "application_name", "pgbench"),
        StartupSocketFactory.packet(simple).fields());
  }
}
