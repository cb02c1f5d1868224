package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.jpgbench.testing.InProcess;
import org.junit.jupiter.api.Test;

/**
 * --embedded with -s: the scale is the throwaway server's initialization's, so the run that follows
 * does not warn, as a run against an existing database does, that it ignores -s.
 */
class EmbeddedRunTest {
  @Test
  void theScaleIsTheInitializationsAndTheRunDoesNotWarnOfIt() {
    InProcess.Output builtin =
        InProcess.run(Map.of(), "", "--embedded", "-s", "2", "-S", "-t", "5");
    assertEquals(0, builtin.status(), builtin.err());
    assertTrue(builtin.out().contains("scaling factor: 2\n"), builtin.out());
    assertFalse(builtin.err().contains("scale option ignored"), builtin.err());

    InProcess.Output tpcc =
        InProcess.run(Map.of(), "", "--embedded", "-b", "tpcc", "-s", "1", "-t", "5");
    assertEquals(0, tpcc.status(), tpcc.err());
    assertTrue(tpcc.out().contains("scaling factor: 1\n"), tpcc.out());
    assertFalse(tpcc.err().contains("scale option ignored"), tpcc.err());
  }
}
