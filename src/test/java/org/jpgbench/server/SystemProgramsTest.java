package org.jpgbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SystemProgramsTest {
  @Test
  void systemDirectoriesAreAppendedOnceAfterTheCallersPath() {
    assertEquals("/usr/bin:/bin:/usr/sbin:/sbin", SystemPrograms.withSystemDirs(null));
    assertEquals("/opt/x:/usr/bin:/bin:/usr/sbin:/sbin", SystemPrograms.withSystemDirs("/opt/x"));
    assertEquals(
        "/bin:/opt/x:/usr/bin:/usr/sbin:/sbin", SystemPrograms.withSystemDirs("/bin:/opt/x"));
  }

  @Test
  void programsAreFoundByAbsolutePathAndMissingOnesByName() {
    assertTrue(SystemPrograms.find("sh").orElseThrow().isAbsolute());
    assertTrue(SystemPrograms.find("no-such-program-jpgbench").isEmpty());
    assertEquals("no-such-program-jpgbench", SystemPrograms.command("no-such-program-jpgbench"));
  }
}
