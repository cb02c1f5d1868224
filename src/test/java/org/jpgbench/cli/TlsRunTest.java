package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jpgbench.testing.TestCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run over TLS (PGSSLMODE=require) against a server of the test's own with ssl on: the setup
 * connection and every client's session are encrypted, and the clients run on blocking streams (the
 * driver's TLS socket), in every query mode.
 */
@Timeout(120)
class TlsRunTest {
  @TempDir static Path dir;
  private static TestCluster server;

  /** Fails (division by zero) on a connection that is not encrypted. */
  private static Path encryptedOnly;

  @BeforeAll
  static void cluster() throws Exception {
    boolean openssl =
        java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
            .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, "openssl")));
    Assumptions.assumeTrue(openssl, "openssl (which makes the certificate) is not installed");
    server = TestCluster.create(dir);
    server.enableSsl();
    encryptedOnly =
        Files.writeString(
            dir.resolve("tls.sql"),
            "select 1 / (case when ssl then 1 else 0 end) from pg_stat_ssl"
                + " where pid = pg_backend_pid();\n");
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  private static CliRun.Result run(String sslmode, String... more) {
    List<String> args = server.commandLine("-n", "-f", encryptedOnly.toString());
    args.addAll(args.size() - 1, List.of(more)); // before the database
    return CliRun.runEnv(Map.of("PGSSLMODE", sslmode), args.toArray(String[]::new));
  }

  @Test
  void everySessionIsEncryptedAndTheClientsBlock() {
    for (String mode : new String[] {"simple", "extended", "prepared"}) {
      CliRun.Result r = run("require", "-c", "3", "-j", "2", "-t", "5", "-M", mode, "--debug");
      assertEquals(0, r.status(), mode + ": " + r.err());
      assertTrue(
          r.out().contains("number of transactions actually processed: 15/15"), mode + r.out());
      assertTrue(r.err().contains("transport: blocking, queries: wire"), mode + ": " + r.err());
    }
  }

  /**
   * The StartupMessage sent inside TLS carries libpq's parameters too: none of the JDBC driver's
   * DateStyle, TimeZone or client_encoding reaches the session (a setting the client sent has
   * source "client" in pg_settings), on the setup connection and every client's.
   */
  @Test
  void theStartupInsideTlsIsLibpqs() throws Exception {
    Path noDriverSettings =
        Files.writeString(
            dir.resolve("startup.sql"),
            "select 1 / min(case when source = 'client' then 0 else 1 end) from pg_settings"
                + " where name in ('DateStyle', 'TimeZone', 'client_encoding');\n");
    List<String> args =
        server.commandLine("-n", "-f", noDriverSettings.toString(), "-c", "2", "-t", "3");
    CliRun.Result r = CliRun.runEnv(Map.of("PGSSLMODE", "require"), args.toArray(String[]::new));
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("actually processed: 6/6"), r.out());
  }

  /** The check itself: without TLS the same script fails on every client. */
  @Test
  void anUnencryptedSessionFailsTheScript() {
    CliRun.Result r = run("disable", "-c", "2", "-t", "1");
    assertEquals(2, r.status(), r.out() + r.err());
    assertTrue(r.err().contains("division by zero"), r.err());
  }
}
