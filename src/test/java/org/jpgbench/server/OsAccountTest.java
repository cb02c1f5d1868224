package org.jpgbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OsAccountTest {
  private static final Set<String> BOTH = Set.of("postgres", "nobody", "alice");

  @Test
  void aNormalUserRunsTheServerItself() throws IOException {
    assertNull(
        OsAccount.serverAccount(Map.of("JPGBENCH_PG_OS_USER", "alice"), 1000, BOTH::contains));
  }

  @Test
  void rootPrefersPostgresThenNobody() throws IOException {
    assertEquals("postgres", OsAccount.serverAccount(Map.of(), 0, BOTH::contains));
    assertEquals("nobody", OsAccount.serverAccount(Map.of(), 0, Set.of("nobody")::contains));
    IOException e =
        assertThrows(
            IOException.class, () -> OsAccount.serverAccount(Map.of(), 0, Set.of()::contains));
    assertTrue(e.getMessage().contains("JPGBENCH_PG_OS_USER"));
  }

  @Test
  void rootHonoursTheOverride() throws IOException {
    assertEquals(
        "alice",
        OsAccount.serverAccount(Map.of("JPGBENCH_PG_OS_USER", "alice"), 0, BOTH::contains));
    assertThrows(
        IOException.class,
        () -> OsAccount.serverAccount(Map.of("JPGBENCH_PG_OS_USER", "bob"), 0, BOTH::contains));
    assertThrows(
        IOException.class,
        () ->
            OsAccount.serverAccount(
                Map.of("JPGBENCH_PG_OS_USER", "root"), 0, Set.of("root")::contains));
  }

  @Test
  void commandsAreWrappedOnlyForAnotherAccount() {
    assertEquals(List.of("initdb", "-D", "x"), OsAccount.runAs(null, List.of("initdb", "-D", "x")));
    assertEquals(
        List.of(SystemPrograms.command("runuser"), "-u", "postgres", "--", "initdb"),
        OsAccount.runAs("postgres", List.of("initdb")));
    assertTrue(SystemPrograms.command("runuser").startsWith("/"), "runuser found by absolute path");
  }

  @Test
  void knowsRealAccounts() {
    assertTrue(OsAccount.exists(System.getProperty("user.name")));
    assertTrue(!OsAccount.exists("no-such-user-jpgbench"));
    assertEquals(System.getProperty("user.name").equals("root"), OsAccount.currentUid() == 0);
  }
}
