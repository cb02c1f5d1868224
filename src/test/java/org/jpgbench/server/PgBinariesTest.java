package org.jpgbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The choice of server programs, from injected facts. */
class PgBinariesTest {
  /** A machine described by its facts: which directories run (and their version). */
  private static final class FakeProbe implements PgBinaries.Probe {
    String env;
    Path bundled;
    IOException bundleError;
    String pgConfig;
    List<Path> system = new ArrayList<>();
    final Map<Path, String> runs = new HashMap<>();
    final List<Path> probed = new ArrayList<>();

    @Override
    public String envBinDir() {
      return env;
    }

    @Override
    public Path bundledBinDir() throws IOException {
      if (bundleError != null) {
        throw bundleError;
      }
      return bundled;
    }

    @Override
    public String version(Path dir) {
      probed.add(dir);
      return runs.get(dir);
    }

    @Override
    public String whyNot(Path dir) {
      return "cannot run " + dir;
    }

    @Override
    public String pgConfigBinDir() {
      return pgConfig;
    }

    @Override
    public List<Path> systemBinDirs() {
      return system;
    }
  }

  private static final Path BUNDLED = Path.of("/cache/pg-18.1.0/bin");
  private static final Path PG15 = Path.of("/usr/lib/postgresql/15/bin");
  private static final Path PG16 = Path.of("/usr/lib/postgresql/16/bin");
  private static final Path PG9 = Path.of("/usr/lib/postgresql/9.6/bin");

  @Test
  void bundledWinsWhenItRuns() throws IOException {
    FakeProbe f = new FakeProbe();
    f.bundled = BUNDLED;
    f.runs.put(BUNDLED, "18.1");
    f.pgConfig = PG15.toString();
    f.runs.put(PG15, "15.18");
    PgBinaries b = PgBinaries.choose(f);
    assertEquals(new PgBinaries(BUNDLED, "18.1", "bundled"), b);
    assertEquals(List.of(BUNDLED), f.probed, "system binaries are not even tried");
  }

  @Test
  void bundledThatCannotRunFallsBackToPgConfigFirst() throws IOException {
    FakeProbe f = new FakeProbe();
    f.bundled = BUNDLED;
    f.pgConfig = PG15.toString();
    f.system = List.of(PG16, PG15);
    f.runs.put(PG15, "15.18");
    f.runs.put(PG16, "16.4");
    assertEquals(new PgBinaries(PG15, "15.18", "system"), PgBinaries.choose(f));
  }

  @Test
  void withoutPgConfigTheNewestSystemVersionThatRuns() throws IOException {
    FakeProbe f = new FakeProbe();
    f.bundleError = new IOException("disk full");
    f.system = List.of(PG9, PG15, PG16);
    f.runs.put(PG9, "9.6");
    f.runs.put(PG15, "15.18");
    assertEquals(
        PG15, PgBinaries.choose(f).binDir(), "16 does not run, 15 is the newest that does");
    assertEquals(List.of(PG16, PG15), f.probed);
  }

  @Test
  void explicitDirectoryIsUsedOrIsAnError() throws IOException {
    FakeProbe f = new FakeProbe();
    f.env = "/opt/pg/bin";
    f.bundled = BUNDLED;
    f.runs.put(BUNDLED, "18.1");
    IOException e = assertThrows(IOException.class, () -> PgBinaries.choose(f));
    assertTrue(
        e.getMessage().startsWith("JPGBENCH_PG_BINDIR=/opt/pg/bin: cannot run"), e.getMessage());
    f.runs.put(Path.of("/opt/pg/bin"), "17.2");
    assertEquals(
        new PgBinaries(Path.of("/opt/pg/bin"), "17.2", "JPGBENCH_PG_BINDIR"), PgBinaries.choose(f));
  }

  @Test
  void nothingUsableNamesEveryReason() {
    FakeProbe f = new FakeProbe();
    f.bundled = BUNDLED;
    f.system = List.of(PG15);
    IOException e = assertThrows(IOException.class, () -> PgBinaries.choose(f));
    assertTrue(e.getMessage().contains("bundled " + BUNDLED + ": cannot run"), e.getMessage());
    assertTrue(e.getMessage().contains(PG15 + ": cannot run"), e.getMessage());
    assertTrue(
        e.getMessage().endsWith("install the PostgreSQL server package or set JPGBENCH_PG_BINDIR"));
  }

  @Test
  void versionsFromProgramOutput() {
    assertEquals("18.1", PgBinaries.parseVersion("postgres (PostgreSQL) 18.1"));
    assertEquals(
        "15.18", PgBinaries.parseVersion("postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"));
    assertEquals("17", PgBinaries.parseVersion("postgres (PostgreSQL) 17beta1"));
    assertNull(PgBinaries.parseVersion("error while loading shared libraries"));
    assertEquals(18, new PgBinaries(BUNDLED, "18.1", "bundled").major());
    assertEquals(9, new PgBinaries(PG9, "9.6", "system").major());
    assertEquals(16, PgBinaries.majorFromPath(PG16));
  }
}
